package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.pacing.Paced;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.pacing.SharedSpacing;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.scheduler.VirtualTimeScheduler;

/** {@link PacingMetrics}: on a real pacer on virtual time, and through its listener methods. */
class PacingMetricsTest {
  private static final Origin ORIGIN = Origin.of("https://example.com");

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private double counter(String name, String tag, String value) {
    return registry.get(name).tag(tag, value).counter().count();
  }

  @Test
  void aPacersWorkMovesEveryMeter() {
    // Every Reactor scheduler virtual, so that robots.txt answers and waits happen on this thread.
    VirtualTimeScheduler time = VirtualTimeScheduler.create();
    VirtualTimeScheduler.set(time);
    try (RobotsCache cache =
        cacheOnVirtualTime(time, "User-agent: *\nCrawl-delay: 600\nDisallow: /private\n")) {
      Pacer pacer =
          Pacer.builder(cache)
              .agent("TestBot")
              .scheduler(time)
              .maximumDelay(Duration.ofMinutes(1))
              .build();
      PacingMetrics.bind(pacer, registry);
      List<Paced<String>> seen = new ArrayList<>();

      pacer
          .pace(
              Flux.just(
                  "http://a.test/1", "http://a.test/private", "http://a.test/2", "http://a.test/3"))
          .subscribe(seen::add);

      assertThat(registry.get(PacingMetrics.WAITING).gauge().value()).isEqualTo(2);
      assertThat(registry.get(PacingMetrics.IN_FLIGHT).gauge().value()).isEqualTo(1);
      assertThat(counter(PacingMetrics.DISALLOWED, "reason", "matched_disallow")).isEqualTo(1);
      assertThat(counter(PacingMetrics.CAPPED, "value", "crawl_delay")).isEqualTo(1);
      assertThat(registry.get(PacingMetrics.WAIT).timer().count()).isEqualTo(1);

      seen.stream().filter(Paced::isReleased).findFirst().orElseThrow().complete(503, "120");
      time.advanceTimeBy(Duration.ofMinutes(2));

      assertThat(counter(PacingMetrics.SLOWDOWNS, "status", "503")).isEqualTo(1);
      assertThat(registry.get(PacingMetrics.WAIT).timer().count()).isEqualTo(2);
      assertThat(registry.get(PacingMetrics.WAIT).timer().max(TimeUnit.SECONDS)).isEqualTo(120);
      assertThat(registry.get(PacingMetrics.WAITING).gauge().value()).isEqualTo(1);
    } finally {
      VirtualTimeScheduler.reset();
      Schedulers.resetFactory();
    }
  }

  @Test
  void aPacerWithSharedSpacingCountsEachAnswerOfItsLedgerAndEachFallback() {
    VirtualTimeScheduler time = VirtualTimeScheduler.create();
    VirtualTimeScheduler.set(time);
    // The ledger makes the first reservation wait 5 s, fails the next two (Redis away), then
    // grants: four pages of one origin, one second apart by its rules.
    List<Mono<Duration>> answers =
        new ArrayList<>(
            List.of(
                Mono.just(Duration.ofSeconds(5)),
                Mono.error(new IllegalStateException("refused")),
                Mono.never()));
    SharedSpacing ledger =
        new SharedSpacing() {
          @Override
          public Mono<Duration> reserve(Origin origin, Request request) {
            return answers.isEmpty() ? Mono.just(Duration.ZERO) : answers.remove(0);
          }

          @Override
          public Mono<Void> finish(Origin origin, String holder, Duration pause) {
            return Mono.empty();
          }
        };
    try (RobotsCache cache = cacheOnVirtualTime(time, "User-agent: *\nCrawl-delay: 1\n")) {
      Pacer pacer =
          Pacer.builder(cache)
              .agent("TestBot")
              .scheduler(time)
              .sharedSpacing(ledger)
              .sharedSpacingWait(Duration.ofMillis(250))
              .build();
      PacingMetrics.bind(pacer, registry);
      List<Paced<String>> seen = new ArrayList<>();
      pacer
          .pace(Flux.range(1, 4).map(i -> "http://a.test/" + i))
          .subscribe(
              p -> {
                seen.add(p);
                p.complete(200);
              });

      time.advanceTimeBy(Duration.ofSeconds(30));

      assertThat(seen).hasSize(4).allMatch(Paced::isReleased);
      assertThat(counter(PacingMetrics.SHARED, "result", "wait")).isEqualTo(1);
      assertThat(counter(PacingMetrics.SHARED, "result", "fallback")).isEqualTo(2);
      assertThat(counter(PacingMetrics.SHARED, "result", "granted")).isEqualTo(2);
      assertThat(pacer.sharedSpacingFallbacks()).isEqualTo(2);
    } finally {
      VirtualTimeScheduler.reset();
      Schedulers.resetFactory();
    }
  }

  /**
   * A cache whose clock and parsing run on {@code time} and whose fetcher answers {@code
   * http://a.test} with 200 and {@code robotsTxt}; the caller closes it.
   */
  private static RobotsCache cacheOnVirtualTime(VirtualTimeScheduler time, String robotsTxt) {
    FakeFetcher fetcher =
        new FakeFetcher()
            .answer(
                Origin.of("http://a.test"),
                FetchResult.status(200).body(robotsTxt.getBytes(StandardCharsets.UTF_8)).build());
    return RobotsCache.builder()
        .fetcher(fetcher)
        .ticker(() -> time.now(TimeUnit.NANOSECONDS))
        .parseScheduler(time)
        .build();
  }

  @Test
  void tagsAreBoundedAndNeverNameAnOrigin() {
    PacingMetrics metrics = new PacingMetrics();
    metrics.bindTo(registry);
    metrics.onReleased(ORIGIN, TimeUnit.SECONDS.toNanos(3));
    metrics.onDisallowed(ORIGIN, Verdict.of(false, Reason.ROBOTS_UNREACHABLE, null, null));
    metrics.onCapped(ORIGIN, Capped.RETRY_AFTER, Duration.ofDays(1), Duration.ofHours(1));
    metrics.onSlowedDown(ORIGIN, 429, Duration.ofSeconds(5));
    metrics.onSlowedDown(ORIGIN, 0, Duration.ofSeconds(5));
    metrics.onSharedSpacingReserved(ORIGIN, Duration.ofMillis(800));
    metrics.onSharedSpacingFallback(ORIGIN);
    metrics.onDeferred(ORIGIN);
    metrics.onDeferred(ORIGIN);

    assertThat(registry.get(PacingMetrics.DEFERRED).counter().count()).isEqualTo(2);
    assertThat(counter(PacingMetrics.DISALLOWED, "reason", "robots_unreachable")).isEqualTo(1);
    assertThat(counter(PacingMetrics.CAPPED, "value", "retry_after")).isEqualTo(1);
    assertThat(counter(PacingMetrics.SLOWDOWNS, "status", "429")).isEqualTo(1);
    assertThat(counter(PacingMetrics.SLOWDOWNS, "status", "none")).isEqualTo(1);
    assertThat(counter(PacingMetrics.SHARED, "result", "wait")).isEqualTo(1);
    assertThat(counter(PacingMetrics.SHARED, "result", "fallback")).isEqualTo(1);
    assertThat(counter(PacingMetrics.SHARED, "result", "granted")).isZero();
    assertThat(registry.get(PacingMetrics.CAPPED).counters()).hasSize(3);
    assertThat(registry.get(PacingMetrics.WAITING).gauge().value()).isNaN();
    List<String> tagValues =
        registry.getMeters().stream()
            .map(Meter::getId)
            .flatMap(id -> id.getTags().stream())
            .map(Tag::getValue)
            .toList();
    assertThat(tagValues).noneMatch(v -> v.contains("example"));
  }

  @Test
  void bindsToOneRegistryOnly() {
    PacingMetrics metrics = new PacingMetrics();
    metrics.bindTo(registry);
    metrics.bindTo(registry);
    assertThatThrownBy(() -> metrics.bindTo(new SimpleMeterRegistry()))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void prometheusRendersTheSeriesTheReadmeNames() {
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    try (RobotsCache cache =
        RobotsCache.builder().fetcher(new FakeFetcher()).crawler("TestBot").build()) {
      PacingMetrics metrics = new PacingMetrics().gaugesFrom(Pacer.builder(cache).build());
      metrics.bindTo(prometheus);
      exerciseEverything(metrics);

      assertThat(Exposition.of(prometheus.scrape()).sampleNames)
          .contains(
              "robots_pacing_waiting",
              "robots_pacing_in_flight",
              "robots_pacing_wait_seconds_bucket",
              "robots_pacing_wait_seconds_count",
              "robots_pacing_disallowed_total",
              "robots_pacing_capped_total",
              "robots_pacing_slowdowns_total",
              "robots_pacing_deferred_total",
              "robots_pacing_shared_reservations_total");
    }
  }

  /** Moves every pacing meter once. */
  static void exerciseEverything(PacingMetrics m) {
    m.onReleased(ORIGIN, TimeUnit.MILLISECONDS.toNanos(1_500));
    m.onDisallowed(ORIGIN, Verdict.of(false, Reason.MATCHED_DISALLOW, null, null));
    m.onDisallowed(ORIGIN, Verdict.of(false, Reason.ROBOTS_UNREACHABLE, null, null));
    for (Capped c : Capped.values()) {
      m.onCapped(ORIGIN, c, Duration.ofDays(1), Duration.ofSeconds(30));
    }
    m.onSlowedDown(ORIGIN, 503, Duration.ofMinutes(2));
    m.onSharedSpacingReserved(ORIGIN, Duration.ZERO);
    m.onSharedSpacingReserved(ORIGIN, Duration.ofSeconds(2));
    m.onSharedSpacingFallback(ORIGIN);
    m.onDeferred(ORIGIN);
  }
}
