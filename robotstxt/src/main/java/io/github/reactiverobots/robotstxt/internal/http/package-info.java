/**
 * Internal, not API (exported only to the library's own modules): the {@code Retry-After} reader
 * the cache and the pacer share.
 */
package io.github.reactiverobots.robotstxt.internal.http;
