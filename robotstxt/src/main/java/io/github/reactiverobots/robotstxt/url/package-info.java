/**
 * URLs and origins as a browser reads them (the WHATWG URL Standard): {@link
 * io.github.reactiverobots.robotstxt.url.Origin} is the unit robots.txt applies to (SEMANTICS.md
 * §6) and the cache's key; {@link io.github.reactiverobots.robotstxt.url.SplitUrl#of(String)}
 * splits an absolute http(s) URL into its origin and the path with params and query that rules are
 * matched against. A URL or origin that cannot be used is refused with an {@link
 * io.github.reactiverobots.robotstxt.url.InvalidUrlException} naming it.
 *
 * <p>{@code Origin} and {@code SplitUrl} are immutable and thread-safe, and every method here is
 * safe to call from any thread; the package depends on no other API package.
 */
package io.github.reactiverobots.robotstxt.url;
