package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Drives {@link RobotsMetrics} through its listener methods, without a cache. */
class RobotsMetricsListenerTest {
  private static final Origin ORIGIN = Origin.of("https://example.com");

  private SimpleMeterRegistry registry;
  private RobotsMetrics metrics;

  @BeforeEach
  void bind() {
    registry = new SimpleMeterRegistry();
    metrics = new RobotsMetrics();
    metrics.bindTo(registry);
  }

  private double requests(String result) {
    return registry.get(RobotsMetrics.REQUESTS).tag("result", result).counter().count();
  }

  @Test
  void eachLookupMovesItsOwnCounter() {
    metrics.onLookup(ORIGIN, Lookup.HIT);
    metrics.onLookup(ORIGIN, Lookup.HIT);
    metrics.onLookup(ORIGIN, Lookup.MISS);
    metrics.onLookup(ORIGIN, Lookup.COALESCED);
    metrics.onLookup(ORIGIN, Lookup.COALESCED);
    metrics.onLookup(ORIGIN, Lookup.COALESCED);
    metrics.onLookup(ORIGIN, Lookup.STALE);

    assertThat(requests("hit")).isEqualTo(2);
    assertThat(requests("miss")).isEqualTo(1);
    assertThat(requests("coalesced")).isEqualTo(3);
    assertThat(requests("stale")).isEqualTo(1);
  }

  @Test
  void requestAndEvictionCountersExistAtZeroOnceBound() {
    assertThat(registry.get(RobotsMetrics.REQUESTS).counters())
        .hasSize(4)
        .allSatisfy(c -> assertThat(c.count()).isZero());
    assertThat(registry.get(RobotsMetrics.EVICTIONS).counters())
        .hasSize(4)
        .allSatisfy(c -> assertThat(c.count()).isZero());
  }

  @ParameterizedTest
  @CsvSource({
    "OK, 200, ok, 2xx",
    "OK, 203, ok, 2xx",
    "NOT_MODIFIED, 304, not_modified, 3xx",
    "UNAVAILABLE, 404, unavailable, 4xx",
    "UNAVAILABLE, 410, unavailable, 4xx",
    "UNREACHABLE, 429, unreachable, 4xx",
    "UNREACHABLE, 503, unreachable, 5xx",
    "UNREACHABLE, 0, unreachable, none",
    "TOO_MANY_REDIRECTS, 301, too_many_redirects, 3xx",
    "TOO_MANY_REDIRECTS, 0, too_many_redirects, none",
    "REFUSED, 0, refused, none",
    "UNREACHABLE, 600, unreachable, none",
    "UNREACHABLE, 199, unreachable, none",
  })
  void eachFetchOutcomeIsTimedUnderItsTags(
      FetchOutcome outcome, int status, String outcomeTag, String statusClass) {
    metrics.onFetchFinished(ORIGIN, outcome, status, null, 10, TimeUnit.MILLISECONDS.toNanos(40));
    metrics.onFetchFinished(ORIGIN, outcome, status, null, 10, TimeUnit.MILLISECONDS.toNanos(60));

    Timer timer =
        registry
            .get(RobotsMetrics.FETCH)
            .tag("outcome", outcomeTag)
            .tag("status_class", statusClass)
            .tag("failure_kind", "none")
            .timer();
    assertThat(timer.count()).isEqualTo(2);
    assertThat(timer.totalTime(TimeUnit.MILLISECONDS)).isCloseTo(100, within(1e-6));
    assertThat(timer.max(TimeUnit.MILLISECONDS)).isCloseTo(60, within(1e-6));
    assertThat(registry.find(RobotsMetrics.FETCH).timers()).hasSize(1);
  }

  @Test
  void fetchTimerPublishesAHistogramForPrometheusQuantiles() {
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    RobotsMetrics m = new RobotsMetrics();
    m.bindTo(prometheus);
    m.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 10, TimeUnit.MILLISECONDS.toNanos(5));
    m.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 10, TimeUnit.SECONDS.toNanos(20));

    String text = prometheus.scrape();
    assertThat(text).contains("# TYPE robots_fetch_seconds histogram");
    // Buckets span 1 ms to 30 s: none holds the 5 ms sample at 1 ms, some bucket holds only it,
    // and the 30 s bucket holds both.
    String series =
        "robots_fetch_seconds_bucket{failure_kind=\"none\",outcome=\"ok\",status_class=\"2xx\",le=";
    assertThat(text).contains(series + "\"0.001\"} 0\n");
    assertThat(text)
        .containsPattern(
            "robots_fetch_seconds_bucket\\{failure_kind=\"none\",outcome=\"ok\",status_class=\"2xx\","
                + "le=\"0\\.0[0-9]+\"\\} 1\n");
    assertThat(text).contains(series + "\"30.0\"} 2\n");
    assertThat(text)
        .contains(
            "robots_fetch_seconds_count{failure_kind=\"none\",outcome=\"ok\",status_class=\"2xx\"} 2");
  }

  @Test
  void bodySizesAreRecordedForGoodBodiesOnly() {
    metrics.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 1500, 1);
    metrics.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 500, 1);
    metrics.onFetchFinished(ORIGIN, FetchOutcome.UNAVAILABLE, 404, null, 9000, 1);
    metrics.onFetchFinished(ORIGIN, FetchOutcome.NOT_MODIFIED, 304, null, 0, 1);

    var body = registry.get(RobotsMetrics.FETCH_BODY).summary();
    assertThat(body.count()).isEqualTo(2);
    assertThat(body.totalAmount()).isEqualTo(2000);
    assertThat(body.getId().getBaseUnit()).isEqualTo("bytes");
  }

  @Test
  void preloadedEntriesAreNotFetches() {
    metrics.onFetchFinished(ORIGIN, FetchOutcome.PRELOADED, 0, null, 100, 1);
    assertThat(registry.find(RobotsMetrics.FETCH).timers()).isEmpty();
    assertThat(registry.get(RobotsMetrics.FETCH_BODY).summary().count()).isZero();
  }

  @Test
  void eachEvictionCauseMovesItsOwnCounter() {
    metrics.onEviction(ORIGIN, EvictionCause.SIZE, 100);
    metrics.onEviction(ORIGIN, EvictionCause.SIZE, 100);
    metrics.onEviction(ORIGIN, EvictionCause.EXPIRED, 100);
    metrics.onEviction(ORIGIN, EvictionCause.EXPLICIT, 100);
    metrics.onEviction(ORIGIN, EvictionCause.REPLACED, 100);
    metrics.onEviction(ORIGIN, EvictionCause.REPLACED, 100);
    metrics.onEviction(ORIGIN, EvictionCause.REPLACED, 100);

    assertThat(evictions("size")).isEqualTo(2);
    assertThat(evictions("expired")).isEqualTo(1);
    assertThat(evictions("explicit")).isEqualTo(1);
    assertThat(evictions("replaced")).isEqualTo(3);
  }

  @Test
  void eachStoreEventMovesItsOwnCounterFromZero() {
    assertThat(registry.get(RobotsMetrics.STORE).counters())
        .hasSize(StoreEvent.values().length)
        .allMatch(c -> c.count() == 0);
    metrics.onStore(ORIGIN, StoreEvent.HIT);
    metrics.onStore(ORIGIN, StoreEvent.HIT);
    metrics.onStore(ORIGIN, StoreEvent.LEASE_WAIT);
    metrics.onStore(ORIGIN, StoreEvent.TIMEOUT);

    assertThat(registry.get(RobotsMetrics.STORE).tag("event", "hit").counter().count())
        .isEqualTo(2);
    assertThat(registry.get(RobotsMetrics.STORE).tag("event", "lease_wait").counter().count())
        .isEqualTo(1);
    assertThat(registry.get(RobotsMetrics.STORE).tag("event", "timeout").counter().count())
        .isEqualTo(1);
    assertThat(registry.get(RobotsMetrics.STORE).tag("event", "miss").counter().count()).isZero();
  }

  private double evictions(String cause) {
    return registry.get(RobotsMetrics.EVICTIONS).tag("cause", cause).counter().count();
  }

  @Test
  void verdictsAreCountedByDecisionAndReasonAndTimed() {
    metrics.onVerdict(Verdict.of(true, Reason.MATCHED_ALLOW, null, null), 1_000);
    metrics.onVerdict(Verdict.of(false, Reason.MATCHED_DISALLOW, null, null), 2_000);
    metrics.onVerdict(Verdict.of(false, Reason.MATCHED_DISALLOW, null, null), 3_000);
    metrics.onVerdict(Verdict.of(false, Reason.ROBOTS_UNREACHABLE, null, null), 4_000);
    metrics.onVerdict(Verdict.of(true, Reason.ROBOTS_UNREACHABLE_GAVE_UP, null, null), 5_000);

    assertThat(verdicts("allow", "matched_allow")).isEqualTo(1);
    assertThat(verdicts("disallow", "matched_disallow")).isEqualTo(2);
    assertThat(verdicts("disallow", "robots_unreachable")).isEqualTo(1);
    assertThat(verdicts("allow", "robots_unreachable_gave_up")).isEqualTo(1);
    assertThat(registry.get(RobotsMetrics.VERDICTS).counters()).hasSize(4);
    assertThat(
            registry.get(RobotsMetrics.VERDICTS).tag("decision", "allow").counters().stream()
                .mapToDouble(c -> c.count())
                .sum())
        .isEqualTo(2);

    Timer check = registry.get(RobotsMetrics.CHECK).timer();
    assertThat(check.count()).isEqualTo(5);
    assertThat(check.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(15_000);
  }

  private double verdicts(String decision, String reason) {
    return registry
        .get(RobotsMetrics.VERDICTS)
        .tag("decision", decision)
        .tag("reason", reason)
        .counter()
        .count();
  }

  @Test
  void parsesAreTimed() {
    metrics.onParsed(ORIGIN, 1234, TimeUnit.MICROSECONDS.toNanos(250));
    Timer parse = registry.get(RobotsMetrics.PARSE).timer();
    assertThat(parse.count()).isEqualTo(1);
    assertThat(parse.totalTime(TimeUnit.MICROSECONDS)).isCloseTo(250, within(1e-6));
  }

  @Test
  void gaugesReadTheStatsSourceAndAreNanWithoutOne() {
    assertThat(gauge(RobotsMetrics.ORIGINS)).isNaN();
    assertThat(gauge(RobotsMetrics.FETCH_QUEUED)).isNaN();

    AtomicReference<CacheStats> stats = new AtomicReference<>(new CacheStats(3, 4096, 2, 7));
    metrics.gaugesFrom(stats::get);
    assertThat(gauge(RobotsMetrics.ORIGINS)).isEqualTo(3);
    assertThat(gauge(RobotsMetrics.WEIGHT)).isEqualTo(4096);
    assertThat(gauge(RobotsMetrics.FETCH_ACTIVE)).isEqualTo(2);
    assertThat(gauge(RobotsMetrics.FETCH_QUEUED)).isEqualTo(7);
    stats.set(new CacheStats(5, 4096, 2, 7));
    assertThat(gauge(RobotsMetrics.ORIGINS)).isEqualTo(5);
    assertThat(registry.get(RobotsMetrics.WEIGHT).gauge().getId().getBaseUnit()).isEqualTo("bytes");
  }

  private double gauge(String name) {
    return registry.get(name).gauge().value();
  }

  @Test
  void eventsBeforeBindingAreNotCounted() {
    RobotsMetrics unbound = new RobotsMetrics();
    unbound.onLookup(ORIGIN, Lookup.HIT);
    unbound.onVerdict(Verdict.of(true, Reason.MATCHED_ALLOW, null, null), 1);
    assertThat(unbound.isBound()).isFalse();

    SimpleMeterRegistry later = new SimpleMeterRegistry();
    unbound.bindTo(later);
    assertThat(unbound.isBound()).isTrue();
    assertThat(later.get(RobotsMetrics.REQUESTS).tag("result", "hit").counter().count()).isZero();
    unbound.onLookup(ORIGIN, Lookup.HIT);
    assertThat(later.get(RobotsMetrics.REQUESTS).tag("result", "hit").counter().count())
        .isEqualTo(1);
  }

  @Test
  void bindsToOneRegistryOnly() {
    metrics.bindTo(registry);
    metrics.onLookup(ORIGIN, Lookup.MISS);
    assertThat(requests("miss")).isEqualTo(1);

    assertThatThrownBy(() -> metrics.bindTo(new SimpleMeterRegistry()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("CompositeMeterRegistry");
    assertThatThrownBy(() -> metrics.bindTo(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void commonTagsAreOnEveryMeter() {
    SimpleMeterRegistry tagged = new SimpleMeterRegistry();
    RobotsMetrics m = new RobotsMetrics(Tags.of("cache", "crawler-a"));
    m.bindTo(tagged);
    exerciseEverything(m);
    assertThat(tagged.getMeters())
        .isNotEmpty()
        .allSatisfy(meter -> assertThat(meter.getId().getTag("cache")).isEqualTo("crawler-a"));
  }

  @Test
  void eachFailureKindIsTimedUnderItsOwnBoundedTag() {
    for (FailureKind kind : FailureKind.values()) {
      metrics.onFetchFinished(ORIGIN, FetchOutcome.UNREACHABLE, 0, kind, 0, 1_000);
    }
    metrics.onFetchFinished(ORIGIN, FetchOutcome.UNREACHABLE, 0, FailureKind.TLS, 0, 1_000);
    for (FailureKind kind : FailureKind.values()) {
      Timer timer =
          registry
              .get(RobotsMetrics.FETCH)
              .tag("outcome", "unreachable")
              .tag("status_class", "none")
              .tag("failure_kind", kind.name().toLowerCase(Locale.ROOT))
              .timer();
      assertThat(timer.count()).as("%s", kind).isEqualTo(kind == FailureKind.TLS ? 2 : 1);
    }
    assertThat(registry.find(RobotsMetrics.FETCH).timers()).hasSize(FailureKind.values().length);
  }

  @Test
  void noTagEverCarriesAnOriginAndSeriesStayBounded() {
    for (int i = 0; i < 500; i++) {
      Origin origin = Origin.of("https", "host" + i + ".example", 443);
      metrics.onLookup(origin, Lookup.values()[i % Lookup.values().length]);
      FetchOutcome outcome = FetchOutcome.values()[i % FetchOutcome.values().length];
      metrics.onFetchFinished(origin, outcome, 100 + i, null, i, i);
      FailureKind kind = FailureKind.values()[i % FailureKind.values().length];
      metrics.onFetchFinished(origin, outcome, 0, kind, i, i);
      metrics.onParsed(origin, i, i);
      metrics.onEviction(origin, EvictionCause.values()[i % EvictionCause.values().length], i);
      Reason reason = Reason.values()[i % Reason.values().length];
      metrics.onVerdict(Verdict.of(i % 2 == 0, reason, null, null), i);
      metrics.onStore(origin, StoreEvent.values()[i % StoreEvent.values().length]);
    }
    Set<String> allowedValues = new HashSet<>();
    for (String[] values :
        List.of(
            TagValues.LOOKUPS,
            TagValues.EVICTION_CAUSES,
            TagValues.STORE_EVENTS,
            TagValues.OUTCOMES,
            TagValues.REASONS,
            TagValues.DECISIONS,
            TagValues.STATUS_CLASSES,
            TagValues.FAILURE_KINDS)) {
      allowedValues.addAll(List.of(values));
    }
    for (Meter meter : registry.getMeters()) {
      for (Tag tag : meter.getId().getTags()) {
        assertThat(allowedValues)
            .as("tag %s on %s", tag, meter.getId().getName())
            .contains(tag.getValue());
        assertThat(tag.getValue()).doesNotContain("example");
      }
    }
    // 4 gauges + 4 requests + 4 evictions + store events + body + parse + check
    // + at most one per outcome but PRELOADED x (4 status classes with no failure + no status
    // with each failure kind or none) + at most 2 x the reasons' verdicts
    int bound =
        4
            + 4
            + 4
            + StoreEvent.values().length
            + 3
            + (FetchOutcome.values().length - 1) * (4 + TagValues.FAILURE_KINDS.length)
            + 2 * Reason.values().length;
    assertThat(registry.getMeters().size()).isLessThanOrEqualTo(bound);
  }

  /** Fires every event kind at least once so that every meter exists. */
  static void exerciseEverything(RobotsMetrics m) {
    for (Lookup lookup : Lookup.values()) {
      m.onLookup(ORIGIN, lookup);
    }
    m.onFetchStarted(ORIGIN);
    m.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 120, TimeUnit.MILLISECONDS.toNanos(12));
    m.onFetchFinished(
        ORIGIN, FetchOutcome.UNREACHABLE, 0, FailureKind.TIMEOUT, 0, TimeUnit.SECONDS.toNanos(2));
    m.onParsed(ORIGIN, 120, TimeUnit.MICROSECONDS.toNanos(80));
    for (EvictionCause cause : EvictionCause.values()) {
      m.onEviction(ORIGIN, cause, 500);
    }
    for (StoreEvent event : StoreEvent.values()) {
      m.onStore(ORIGIN, event);
    }
    m.onVerdict(Verdict.of(true, Reason.MATCHED_ALLOW, null, null), 900);
    m.onVerdict(Verdict.of(false, Reason.MATCHED_DISALLOW, null, null), 1_100);
  }
}
