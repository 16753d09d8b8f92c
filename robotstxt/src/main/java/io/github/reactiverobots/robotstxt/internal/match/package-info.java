/**
 * Internal, not API (not exported): the compiled matchers of allow and disallow patterns (radix
 * tries, the wildcard walk) and the percent-encoding normalisation of patterns and paths.
 */
package io.github.reactiverobots.robotstxt.internal.match;
