/**
 * Internal, not API (exported only to the library's own modules): foreign text made safe to print,
 * and the characters of a product token.
 */
package io.github.reactiverobots.robotstxt.internal.text;
