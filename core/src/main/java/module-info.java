/**
 * reactive-robots core: robots.txt parsing and matching, URL and origin handling, the reactive
 * cache with its fetcher and store interfaces, and pacing.
 *
 * <p>Exported (the API): {@code io.github.reactiverobots.core} (the cache, the one entry point),
 * {@code .model} (immutable values: verdicts, rules, pacing, profiles), {@code .url} (origins),
 * {@code .fetch} (the fetcher interface and its result), {@code .store} (the second-level store a
 * fleet shares), {@code .parse} (the parser, linter and scanner handler, for use without a cache),
 * {@code .pacing} (politeness: the operator that releases work items when their origin may be
 * contacted) and {@code .page} (a page's own directives: {@code X-Robots-Tag}, robots {@code
 * <meta>} tags, {@code Content-Usage}). Packages under {@code .internal} are not API.
 */
module io.github.reactiverobots.core {
  requires transitive reactor.core;
  requires transitive org.reactivestreams;
  // The local cache of compiled entries; no Caffeine type is part of the API.
  requires com.github.benmanes.caffeine;
  // Optional: read only when a page's robots <meta> tags are asked for.
  requires static org.jsoup;

  exports io.github.reactiverobots.core;
  exports io.github.reactiverobots.core.fetch;
  exports io.github.reactiverobots.core.model;
  exports io.github.reactiverobots.core.pacing;
  exports io.github.reactiverobots.core.page;
  exports io.github.reactiverobots.core.parse;
  exports io.github.reactiverobots.core.store;
  exports io.github.reactiverobots.core.url;
}
