package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.fetch.RobotsFetcher.FetcherStats;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * {@link RobotsMetrics} on a real {@link RobotsCache} whose fetcher answers from memory: every
 * meter moves as the cache's events happen. Time is a fake ticker; parsing runs on the completing
 * thread (immediate scheduler) so each check has finished when {@code block} returns, except where
 * a test says otherwise.
 */
class RobotsMetricsCacheTest {
  private static final String AGENT = "testbot";
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\nAllow: /private/open\n".getBytes(StandardCharsets.UTF_8);

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private RobotsCache cache;

  @AfterEach
  void close() {
    if (cache != null) {
      cache.close();
    }
  }

  private RobotsCache cache(RobotsFetcher fetcher) {
    cache =
        RobotsCache.builder()
            .fetcher(fetcher)
            .ticker(nanos::get)
            .parseScheduler(Schedulers.immediate())
            .ttlBounds(Duration.ofMinutes(1), Duration.ofMinutes(10))
            .build();
    RobotsMetrics.bind(cache, registry);
    return cache;
  }

  private static Mono<FetchResult> ok(byte[] body) {
    return Mono.just(FetchResult.status(200).body(body).build());
  }

  private Verdict check(String url) {
    return cache.check(url, AGENT).block(TIMEOUT);
  }

  private double requests(String result) {
    return registry.get(RobotsMetrics.REQUESTS).tag("result", result).counter().count();
  }

  private double evictions(String cause) {
    return registry.get(RobotsMetrics.EVICTIONS).tag("cause", cause).counter().count();
  }

  private long fetches(String outcome, String statusClass) {
    Timer t =
        registry
            .find(RobotsMetrics.FETCH)
            .tag("outcome", outcome)
            .tag("status_class", statusClass)
            .timer();
    return t == null ? 0 : t.count();
  }

  private double verdicts(String decision, String reason) {
    var c =
        registry
            .find(RobotsMetrics.VERDICTS)
            .tag("decision", decision)
            .tag("reason", reason)
            .counter();
    return c == null ? 0 : c.count();
  }

  private double gauge(String name) {
    return registry.get(name).gauge().value();
  }

  @Test
  void aMissFetchesParsesAndAnswersThenAHitAnswersFromTheCache() {
    AtomicInteger calls = new AtomicInteger();
    cache(
        (origin, validators) -> {
          calls.incrementAndGet();
          return ok(BODY);
        });

    Verdict first = check("https://a.example/public");
    assertThat(first.allowed()).isTrue();
    assertThat(requests("miss")).isEqualTo(1);
    assertThat(requests("hit")).isZero();
    assertThat(fetches("ok", "2xx")).isEqualTo(1);
    assertThat(registry.get(RobotsMetrics.FETCH_BODY).summary().totalAmount())
        .isEqualTo(BODY.length);
    assertThat(registry.get(RobotsMetrics.PARSE).timer().count()).isEqualTo(1);
    assertThat(verdicts("allow", "no_matching_rule")).isEqualTo(1);

    Verdict second = check("https://a.example/private/x");
    Verdict third = check("https://a.example/private/open");
    assertThat(second.allowed()).isFalse();
    assertThat(third.allowed()).isTrue();
    assertThat(calls).hasValue(1);
    assertThat(requests("hit")).isEqualTo(2);
    assertThat(requests("miss")).isEqualTo(1);
    assertThat(fetches("ok", "2xx")).isEqualTo(1);
    assertThat(verdicts("disallow", "matched_disallow")).isEqualTo(1);
    assertThat(verdicts("allow", "matched_allow")).isEqualTo(1);
    assertThat(registry.get(RobotsMetrics.CHECK).timer().count()).isEqualTo(3);

    assertThat(cache.checkIfCached("https://a.example/private/y", AGENT)).isPresent();
    assertThat(requests("hit")).isEqualTo(3);
    assertThat(registry.get(RobotsMetrics.CHECK).timer().count()).isEqualTo(4);

    assertThat(gauge(RobotsMetrics.ORIGINS)).isEqualTo(1);
    assertThat(gauge(RobotsMetrics.WEIGHT)).isEqualTo(cache.stats().weightBytes()).isPositive();
    assertThat(gauge(RobotsMetrics.FETCH_ACTIVE)).isZero();
    assertThat(gauge(RobotsMetrics.FETCH_QUEUED)).isZero();
  }

  @Test
  void waitersJoiningAFetchInFlightAreCoalescedAndTheActiveGaugeShowsIt() {
    Sinks.One<FetchResult> response = Sinks.one();
    AtomicInteger calls = new AtomicInteger();
    cache(
        (origin, validators) -> {
          calls.incrementAndGet();
          return response.asMono();
        });
    List<Verdict> verdicts = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 4; i++) {
      cache.check("https://b.example/private/" + i, AGENT).subscribe(verdicts::add);
    }

    assertThat(requests("miss")).isEqualTo(1);
    assertThat(requests("coalesced")).isEqualTo(3);
    assertThat(gauge(RobotsMetrics.FETCH_ACTIVE)).isEqualTo(1);
    assertThat(registry.find(RobotsMetrics.FETCH).timers()).isEmpty();
    assertThat(registry.get(RobotsMetrics.CHECK).timer().count()).isZero();

    response.tryEmitValue(FetchResult.status(200).body(BODY).build()).orThrow();

    assertThat(verdicts).hasSize(4).allSatisfy(v -> assertThat(v.allowed()).isFalse());
    assertThat(calls).hasValue(1);
    assertThat(fetches("ok", "2xx")).isEqualTo(1);
    assertThat(gauge(RobotsMetrics.FETCH_ACTIVE)).isZero();
    assertThat(verdicts("disallow", "matched_disallow")).isEqualTo(4);
    assertThat(registry.get(RobotsMetrics.CHECK).timer().count()).isEqualTo(4);
  }

  @Test
  void eachFetchOutcomeIsTimedUnderItsOutcomeAndStatusClass() {
    Map<String, Function<Origin, FetchResult>> answers =
        Map.of(
            "ok.example", o -> FetchResult.status(200).body(BODY).build(),
            "gone.example", o -> FetchResult.status(404).build(),
            "busy.example", o -> FetchResult.status(429).build(),
            "down.example", o -> FetchResult.status(503).build(),
            "dark.example",
                o -> FetchResult.failure(FailureKind.CONNECT, "connection refused").build(),
            "loop.example",
                o -> FetchResult.failure(FailureKind.TOO_MANY_REDIRECTS, "6 hops").build(),
            "lan.example",
                o -> FetchResult.failure(FailureKind.ADDRESS_REFUSED, "10.0.0.1").build());
    cache(
        (origin, validators) -> Mono.fromSupplier(() -> answers.get(origin.host()).apply(origin)));

    for (String host : answers.keySet()) {
      check("https://" + host + "/private/page");
    }

    assertThat(fetches("ok", "2xx")).isEqualTo(1);
    assertThat(fetches("unavailable", "4xx")).isEqualTo(1);
    assertThat(fetches("unreachable", "4xx")).isEqualTo(1);
    assertThat(fetches("unreachable", "5xx")).isEqualTo(1);
    assertThat(fetches("unreachable", "none")).isEqualTo(1);
    assertThat(fetches("too_many_redirects", "none")).isEqualTo(1);
    assertThat(fetches("refused", "none")).isEqualTo(1);
    assertThat(registry.find(RobotsMetrics.FETCH).timers()).hasSize(7);
    assertThat(requests("miss")).isEqualTo(7);

    assertThat(verdicts("disallow", "matched_disallow")).isEqualTo(1);
    assertThat(verdicts("allow", "robots_unavailable")).isEqualTo(2);
    assertThat(verdicts("disallow", "robots_unreachable")).isEqualTo(4);
    // Only the 2xx body is a robots.txt worth sizing.
    assertThat(registry.get(RobotsMetrics.FETCH_BODY).summary().count()).isEqualTo(1);
    assertThat(gauge(RobotsMetrics.ORIGINS)).isEqualTo(7);
  }

  @Test
  void anExpiredCopyIsServedStaleWhileAConditionalRefreshGets304AndReplacesIt() {
    AtomicInteger unconditional = new AtomicInteger();
    AtomicInteger conditional = new AtomicInteger();
    cache(
        (origin, validators) -> {
          if ("\"v1\"".equals(validators.etag())) {
            conditional.incrementAndGet();
            return Mono.just(FetchResult.status(304).header("ETag", "\"v1\"").build());
          }
          unconditional.incrementAndGet();
          return Mono.just(FetchResult.status(200).body(BODY).header("ETag", "\"v1\"").build());
        });
    check("https://c.example/private/a");
    assertThat(evictions("replaced")).isZero();

    nanos.addAndGet(TimeUnit.MINUTES.toNanos(11)); // past the 10 min TTL, within revalidation
    Verdict stale = check("https://c.example/private/b");

    assertThat(stale.allowed()).isFalse();
    assertThat(requests("stale")).isEqualTo(1);
    assertThat(conditional).hasValue(1);
    assertThat(unconditional).hasValue(1);
    assertThat(fetches("not_modified", "3xx")).isEqualTo(1);
    assertThat(fetches("ok", "2xx")).isEqualTo(1);
    assertThat(evictions("replaced")).isEqualTo(1);
    assertThat(registry.get(RobotsMetrics.PARSE).timer().count()).isEqualTo(1);

    check("https://c.example/private/c");
    assertThat(requests("hit")).isEqualTo(1);
  }

  @Test
  void evictionsAreCountedByCause() {
    cache =
        RobotsCache.builder()
            .fetcher(
                (origin, validators) ->
                    origin.host().startsWith("gone")
                        ? Mono.just(FetchResult.status(404).build())
                        : ok(BODY))
            .ticker(nanos::get)
            .parseScheduler(Schedulers.immediate())
            .ttlBounds(Duration.ofMinutes(1), Duration.ofMinutes(10))
            .maximumOrigins(2)
            .build();
    RobotsMetrics.bind(cache, registry);

    // explicit: invalidate
    check("https://x1.example/");
    cache.invalidate("https://x1.example");
    assertThat(evictions("explicit")).isEqualTo(1);

    // replaced: a preloaded body over another (a put is not a fetch)
    Origin preloaded = Origin.of("https://pre.example");
    cache.put(preloaded, BODY);
    cache.put(preloaded, BODY);
    assertThat(evictions("replaced")).isEqualTo(1);
    assertThat(registry.find(RobotsMetrics.FETCH).tag("outcome", "preloaded").timers()).isEmpty();

    // size: a third origin where two at most fit
    check("https://x2.example/");
    check("https://x3.example/");
    assertThat(evictions("size")).isGreaterThanOrEqualTo(1);
    assertThat(gauge(RobotsMetrics.ORIGINS)).isLessThanOrEqualTo(2);

    // expired: an allow-all is retained for the maximum TTL, then dropped and refetched
    cache.invalidate("https://x2.example");
    cache.invalidate("https://x3.example");
    cache.invalidate(preloaded);
    double explicitBefore = evictions("explicit");
    check("https://gone.example/");
    nanos.addAndGet(TimeUnit.MINUTES.toNanos(11));
    check("https://gone.example/");
    assertThat(evictions("expired")).isEqualTo(1);
    assertThat(fetches("unavailable", "4xx")).isEqualTo(2);
    assertThat(evictions("explicit")).isEqualTo(explicitBefore);
  }

  @Test
  void builderPathWithGaugesFromTheCache() {
    RobotsMetrics metrics = new RobotsMetrics();
    cache =
        RobotsCache.builder()
            .fetcher((origin, validators) -> ok(BODY))
            .ticker(nanos::get)
            .parseScheduler(Schedulers.immediate())
            .listener(metrics)
            .build();
    metrics.gaugesFrom(cache).bindTo(registry);

    check("https://d.example/private");
    check("https://e.example/private");

    assertThat(requests("miss")).isEqualTo(2);
    assertThat(fetches("ok", "2xx")).isEqualTo(2);
    assertThat(gauge(RobotsMetrics.ORIGINS)).isEqualTo(2);
    assertThat(gauge(RobotsMetrics.WEIGHT)).isEqualTo(cache.stats().weightBytes()).isPositive();
  }

  @Test
  void activeAndQueuedGaugesComeFromAFetcherThatReportsThem() {
    /** An in-memory fetcher with an in-flight cap of one, queueing the rest. */
    final class CappedFetcher implements RobotsFetcher, FetcherStats {
      final Map<String, Sinks.One<FetchResult>> pending = new ConcurrentHashMap<>();
      final AtomicInteger started = new AtomicInteger();

      @Override
      public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
        Sinks.One<FetchResult> sink = Sinks.one();
        pending.put(origin.host(), sink);
        return sink.asMono()
            .doOnSubscribe(s -> started.incrementAndGet())
            .doFinally(s -> pending.remove(origin.host()));
      }

      @Override
      public int activeFetches() {
        return Math.min(1, pending.size());
      }

      @Override
      public int queuedFetches() {
        return Math.max(0, pending.size() - 1);
      }
    }
    CappedFetcher fetcher = new CappedFetcher();
    cache(fetcher);
    for (String host : List.of("f1.example", "f2.example", "f3.example")) {
      cache.check("https://" + host + "/", AGENT).subscribe();
    }

    assertThat(fetcher.started).hasValue(3);
    assertThat(gauge(RobotsMetrics.FETCH_ACTIVE)).isEqualTo(1);
    assertThat(gauge(RobotsMetrics.FETCH_QUEUED)).isEqualTo(2);

    fetcher.pending.get("f1.example").tryEmitValue(FetchResult.status(200).body(BODY).build());
    assertThat(gauge(RobotsMetrics.FETCH_QUEUED)).isEqualTo(1);
    fetcher.pending.values().forEach(s -> s.tryEmitValue(FetchResult.status(404).build()));
    assertThat(gauge(RobotsMetrics.FETCH_ACTIVE)).isZero();
    assertThat(gauge(RobotsMetrics.FETCH_QUEUED)).isZero();
    assertThat(fetches("unavailable", "4xx")).isEqualTo(2);
  }

  @Test
  void eventsOnReactorThreadsUnderBlockHoundRecordWithoutBlocking() {
    cache = reactorThreadCache();
    RobotsMetrics.bind(cache, registry);

    checkFiftyUrlsOnFiveOrigins();

    double lookups =
        Search.in(registry).name(RobotsMetrics.REQUESTS).counters().stream()
            .mapToDouble(c -> c.count())
            .sum();
    assertThat(lookups).isEqualTo(50);
    assertThat(requests("miss")).isEqualTo(5);
    assertThat(fetches("ok", "2xx")).isEqualTo(5);
    assertThat(verdicts("disallow", "matched_disallow")).isEqualTo(50);
  }

  @Test
  void aPrometheusRegistryRegistersLazyMetersOnReactorThreadsWithoutBlocking() {
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    cache = reactorThreadCache();
    RobotsMetrics.bind(cache, prometheus);

    checkFiftyUrlsOnFiveOrigins();

    assertThat(prometheus.scrape())
        .contains(
            "robots_fetch_seconds_count{failure_kind=\"none\",outcome=\"ok\","
                + "status_class=\"2xx\"} 5\n")
        .contains("robots_verdicts_total{decision=\"disallow\",reason=\"matched_disallow\"} 50.0\n")
        .contains("robots_cache_origins 5.0\n");
  }

  /** A cache whose fetches complete and parse on Reactor's non-blocking parallel threads. */
  private static RobotsCache reactorThreadCache() {
    return RobotsCache.builder()
        .fetcher((origin, validators) -> ok(BODY).subscribeOn(Schedulers.parallel()))
        .build(); // default parse scheduler: parallel
  }

  private void checkFiftyUrlsOnFiveOrigins() {
    StepVerifier.create(
            cache.checkAll(
                Flux.range(0, 50).map(i -> "https://g" + (i % 5) + ".example/private/" + i), AGENT))
        .expectNextCount(50)
        .expectComplete()
        .verify(TIMEOUT);
  }
}
