/**
 * Internal, not API (exported only to the library's own modules): recognising a recently seen
 * origin from a URL's own bytes, and the paths of canonical and URL-like strings read in place.
 */
package io.github.reactiverobots.robotstxt.internal.url;
