/**
 * Internal, not API (exported only to the library's own modules): byte search a word at a time,
 * heap-size estimates and the growth rule of per-thread scratch buffers.
 */
package io.github.reactiverobots.robotstxt.internal.bytes;
