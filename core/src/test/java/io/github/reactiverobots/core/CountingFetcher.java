package io.github.reactiverobots.core;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongSupplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A fetcher that answers at once, as {@code answer} says for each origin, and counts its fetches.
 */
final class CountingFetcher implements RobotsFetcher {
  private final Map<Origin, AtomicInteger> fetches = new ConcurrentHashMap<>();
  private final Function<Origin, FetchResult> answer;

  CountingFetcher(Function<Origin, FetchResult> answer) {
    this.answer = answer;
  }

  @Override
  public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
    fetches.computeIfAbsent(origin, o -> new AtomicInteger()).incrementAndGet();
    return Mono.just(answer.apply(origin));
  }

  /** The fetches of {@code https://host} so far. */
  int of(String host) {
    return of(Origin.of("https://" + host));
  }

  /** The fetches of {@code origin} so far. */
  int of(Origin origin) {
    AtomicInteger n = fetches.get(origin);
    return n == null ? 0 : n.get();
  }

  /**
   * A builder of a cache on this fetcher for the crawler {@code CrawlerBot}, parsing on the calling
   * thread, on {@code ticker}, bounded at {@code maximumWeight}.
   */
  RobotsCacheBuilder cache(LongSupplier ticker, long maximumWeight) {
    return RobotsCache.builder()
        .fetcher(this)
        .crawler("CrawlerBot")
        .parseScheduler(Schedulers.immediate())
        .ticker(ticker)
        .maximumWeight(maximumWeight);
  }

  /** Forgets the counts. */
  void clear() {
    fetches.clear();
  }

  /** A robots.txt of {@code User-agent: *} and {@code rules} lines made by {@code rule}. */
  static byte[] body(int rules, Function<Integer, String> rule) {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < rules; i++) {
      sb.append(rule.apply(i)).append('\n');
    }
    return sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
