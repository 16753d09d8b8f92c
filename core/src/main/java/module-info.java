/**
 * reactive-robots core: the reactive robots.txt cache. {@link
 * io.github.reactiverobots.core.RobotsCache} fetches each origin's robots.txt once (one fetch in
 * flight per origin), keeps the compiled rules in a bounded cache and answers {@code
 * Mono<Verdict>}; {@code .fetch} is the fetcher interface and its result, {@code .store} the
 * second-level store a fleet shares. Packages under {@code .internal} are not API.
 */
module io.github.reactiverobots.core {
  requires transitive io.github.reactiverobots.robotstxt;
  requires transitive reactor.core;
  requires transitive org.reactivestreams;
  // The local cache of compiled entries; no Caffeine type is part of the API.
  requires com.github.benmanes.caffeine;

  exports io.github.reactiverobots.core;
  exports io.github.reactiverobots.core.event;
  exports io.github.reactiverobots.core.fetch;
  exports io.github.reactiverobots.core.store;
}
