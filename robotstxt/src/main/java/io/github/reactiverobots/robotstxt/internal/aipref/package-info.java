/**
 * Internal, not API (not exported): the RFC 9651 dictionary parser that reads usage preferences,
 * and their packing two bits per category.
 */
package io.github.reactiverobots.robotstxt.internal.aipref;
