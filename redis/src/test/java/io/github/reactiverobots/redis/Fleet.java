package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.CheckResult;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.resource.ClientResources;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Flux;

/**
 * Workers for the Redis tests: each a cache with its own fetcher and its own store connections, all
 * on one Redis, counting their store events. The origins {@code https://o<N>.example} serve one
 * body; {@code https://down<N>.example} answer 503 and {@code https://gone<N>.example} 404, so that
 * every verdict has an expected value under SEMANTICS.md. Closes what it opened.
 */
final class Fleet implements AutoCloseable {
  static final String BODY = "User-agent: *\nDisallow: /private\n";

  private final String uri;
  private final ClientResources resources;
  private final Duration fetchDelay;
  private final List<AutoCloseable> opened = new ArrayList<>();

  /** One worker. */
  record Worker(
      RobotsCache cache,
      FakeFetcher fetcher,
      Map<RobotsCacheListener.StoreEvent, LongAdder> events,
      Set<Origin> written) {
    long events(RobotsCacheListener.StoreEvent e) {
      return events.get(e).sum();
    }

    /**
     * Waits (up to 30 s) until {@code e} happened {@code n} times, and returns its count: the store
     * writes run in the background, after the answers.
     */
    long awaitEvents(RobotsCacheListener.StoreEvent e, long n) throws InterruptedException {
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      synchronized (events) {
        while (events(e) < n && deadline - System.nanoTime() > 0) {
          events.wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
      }
      return events(e);
    }

    /** Waits (up to 30 s) until a value was written for the origin of every URL. */
    boolean awaitWritten(List<String> urls) throws InterruptedException {
      return awaitWritten(urls, Duration.ofSeconds(30));
    }

    /** Waits (up to {@code bound}) until a value was written for the origin of every URL. */
    boolean awaitWritten(List<String> urls, Duration bound) throws InterruptedException {
      Set<Origin> origins = new HashSet<>();
      urls.forEach(u -> origins.add(Origin.of(u)));
      long deadline = System.nanoTime() + bound.toNanos();
      synchronized (events) {
        while (!written.containsAll(origins) && deadline - System.nanoTime() > 0) {
          events.wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
      }
      return written.containsAll(origins);
    }

    /**
     * Checks each URL (all at once) and returns the verdicts in order; an input answered with an
     * error instead of a verdict fails the test.
     */
    List<Verdict> checkAll(List<String> urls) {
      List<CheckResult> results =
          cache
              .checkAll(Flux.fromIterable(urls), "TestBot")
              .collectList()
              .block(Duration.ofSeconds(60));
      List<Verdict> verdicts = new ArrayList<>();
      for (CheckResult r : results) {
        verdicts.add(
            r.verdict()
                .orElseThrow(
                    () ->
                        new AssertionError(
                            r.url() + " answered with an error", r.error().orElse(null))));
      }
      return verdicts;
    }
  }

  Fleet(String uri, ClientResources resources, Duration fetchDelay) {
    this.uri = uri;
    this.resources = resources;
    this.fetchDelay = fetchDelay;
  }

  /** A worker at the cache's default store wait and cool-down. */
  Worker worker() {
    return worker(b -> b);
  }

  Worker worker(Duration storeWait, Duration cooldown) {
    return worker(b -> b.storeWait(storeWait).storeCooldown(cooldown));
  }

  /** A worker whose cache builder {@code settings} adjusts. */
  Worker worker(java.util.function.UnaryOperator<RobotsCacheBuilder> settings) {
    RedisRobotsStore store = RedisRobotsStore.builder().uri(uri).clientResources(resources).build();
    opened.add(store);
    FakeFetcher fetcher =
        new FakeFetcher().otherwise(FetchResult.failure(FailureKind.DNS, "?").build());
    Map<RobotsCacheListener.StoreEvent, LongAdder> events =
        new EnumMap<>(RobotsCacheListener.StoreEvent.class);
    for (RobotsCacheListener.StoreEvent e : RobotsCacheListener.StoreEvent.values()) {
      events.put(e, new LongAdder());
    }
    Set<Origin> written = ConcurrentHashMap.newKeySet();
    RobotsCache cache =
        settings
            .apply(
                RobotsCache.builder()
                    .fetcher(
                        (origin, validators) -> {
                          String host = origin.host();
                          FetchResult r =
                              host.startsWith("down")
                                  ? FetchResult.status(503).build()
                                  : host.startsWith("gone")
                                      ? FetchResult.status(404).build()
                                      : FetchResult.status(200)
                                          .body(BODY.getBytes(StandardCharsets.UTF_8))
                                          .build();
                          fetcher.answer(origin, r);
                          return fetcher.fetch(origin, validators).delayElement(fetchDelay);
                        })
                    .store(store)
                    .listener(
                        new RobotsCacheListener() {
                          @Override
                          public void onStore(Origin origin, StoreEvent event) {
                            events.get(event).increment();
                            if (event == StoreEvent.WRITE) {
                              written.add(origin);
                            }
                            synchronized (events) {
                              events.notifyAll();
                            }
                          }
                        }))
            .build();
    opened.add(cache);
    return new Worker(cache, fetcher, events, written);
  }

  /** URLs on {@code count} origins of each kind, numbered from {@code from}. */
  static List<String> urls(int from, int count) {
    List<String> urls = new ArrayList<>();
    for (int i = from; i < from + count; i++) {
      urls.add("https://o" + i + ".example/private/" + i);
      urls.add("https://o" + i + ".example/public/" + i);
      urls.add("https://down" + i + ".example/x");
      urls.add("https://gone" + i + ".example/x");
    }
    return urls;
  }

  /** Whether {@code v} is what SEMANTICS.md says for {@code url} on these origins. */
  static boolean expected(String url, Verdict v) {
    if (url.contains("://down")) {
      return !v.allowed() && v.reason() == Reason.ROBOTS_UNREACHABLE;
    }
    if (url.contains("://gone")) {
      return v.allowed() && v.reason() == Reason.ROBOTS_UNAVAILABLE;
    }
    return url.contains("/private/")
        ? !v.allowed() && v.reason() == Reason.MATCHED_DISALLOW
        : v.allowed() && v.reason() == Reason.NO_MATCHING_RULE;
  }

  @Override
  public void close() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
  }
}
