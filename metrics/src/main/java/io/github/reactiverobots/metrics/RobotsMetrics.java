package io.github.reactiverobots.metrics;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Micrometer meters for a {@link RobotsCache}: a {@link RobotsCacheListener} that turns the cache's
 * events into counters, timers and a distribution summary, and a {@link MeterBinder} that registers
 * them together with gauges read from the cache's {@code stats()}.
 *
 * <p>Two ways to use it:
 *
 * <pre>{@code
 * // an existing cache
 * RobotsMetrics.bind(cache, registry);
 *
 * // through the builder: the listener exists before the cache does
 * RobotsMetrics metrics = new RobotsMetrics();
 * RobotsCache cache = RobotsCache.builder().fetcher(fetcher).listener(metrics).build();
 * metrics.gaugesFrom(cache).bindTo(registry);
 * }</pre>
 *
 * <p>The gauges read the cache given to {@link #gaugesFrom(RobotsCache)} (or {@link #bind}); until
 * one is given they report {@code NaN}. Events that arrive before {@link #bindTo} are not counted.
 * An instance binds to one registry; to publish to several, bind it to a {@code
 * CompositeMeterRegistry}. The gauges hold the cache only through state this object holds, which
 * Micrometer references weakly, so publishing never keeps a discarded cache alive.
 *
 * <p>Meters (names in Micrometer's dotted form; a Prometheus registry renders {@code
 * robots.cache.requests} as {@code robots_cache_requests_total} and so on):
 *
 * <ul>
 *   <li>{@value #REQUESTS} counter, tag {@code result}: {@code hit}, {@code miss}, {@code
 *       coalesced}, {@code stale};
 *   <li>{@value #ORIGINS} and {@value #WEIGHT} (bytes) gauges; {@value #EVICTIONS} counter, tag
 *       {@code cause}: {@code size}, {@code expired}, {@code explicit}, {@code replaced};
 *   <li>{@value #FETCH} timer with a percentile histogram, tags {@code outcome} ({@code ok}, {@code
 *       not_modified}, {@code unavailable}, {@code unreachable}, {@code too_many_redirects}, {@code
 *       refused}, {@code crawler_fault}: the crawler's own shortage, never the site's), {@code
 *       status_class} ({@code 2xx} to {@code 5xx}, or {@code none} without a final response) and
 *       {@code failure_kind} (why a fetch got no usable response: {@code dns}, {@code connect},
 *       {@code tls}, {@code timeout}, {@code reset}, {@code body_cut_short}, {@code
 *       too_many_redirects}, {@code redirect_loop}, {@code address_refused}, {@code bot_challenge}
 *       (with the challenge's status class), {@code crawler_fault}, {@code other}; {@code none}
 *       when it got one);
 *   <li>{@value #FETCH_ACTIVE} and {@value #FETCH_QUEUED} gauges; {@value #FETCH_BODY} summary
 *       (bytes) of the robots.txt bodies received with outcome {@code ok}; {@value #PARSE} timer;
 *       {@value #CHECK} timer, from a check's start to its verdict, cached or not;
 *   <li>{@value #VERDICTS} counter, tags {@code decision} ({@code allow}, {@code disallow}) and
 *       {@code reason} (a {@code Reason}, lower case);
 *   <li>{@value #STORE} counter, tag {@code event} ({@code hit}, {@code miss}, {@code write},
 *       {@code lease_wait}, {@code error}, {@code timeout}, {@code rejected}, {@code bypassed}):
 *       what the shared store of a fleet did, when the cache has one.
 * </ul>
 *
 * <p>No tag ever carries an origin, URL or agent, so the number of series is bounded whatever is
 * crawled. Event meters without tags are registered by {@link #bindTo}; a tagged combination is
 * registered the first time it occurs and kept in an array indexed by enum ordinals, so recording
 * an event afterwards does no lookup and allocates nothing.
 *
 * <p>Thread-safe: listener methods may be called concurrently from any thread and never block.
 */
public final class RobotsMetrics implements RobotsCacheListener, MeterBinder {
  /** Checks by how they found their origin's entry. */
  public static final String REQUESTS = "robots.cache.requests";

  /** Origins held by the cache. */
  public static final String ORIGINS = "robots.cache.origins";

  /** Estimated weight of the cache's entries, in bytes. */
  public static final String WEIGHT = "robots.cache.weight";

  /** Entries that left the cache, by cause. */
  public static final String EVICTIONS = "robots.cache.evictions";

  /** robots.txt fetches, by outcome, status class and failure kind. */
  public static final String FETCH = "robots.fetch";

  /** Fetches in flight. */
  public static final String FETCH_ACTIVE = "robots.fetch.active";

  /** Fetches waiting for a slot under the fetcher's in-flight cap. */
  public static final String FETCH_QUEUED = "robots.fetch.queued";

  /** Sizes of robots.txt bodies received. */
  public static final String FETCH_BODY = "robots.fetch.body";

  /** Time to parse and compile a robots.txt body. */
  public static final String PARSE = "robots.parse";

  /** Time from a check's start to its verdict. */
  public static final String CHECK = "robots.check";

  /** Verdicts given, by decision and reason. */
  public static final String VERDICTS = "robots.verdicts";

  /** Usage answers ({@code RobotsCache.usageAnswer}), per use, by answer and deciding source. */
  public static final String USAGE_ANSWERS = "robots.usage.answers";

  /** What the cache's shared store did (when it has one), by event. */
  public static final String STORE = "robots.store";

  private static final Duration FETCH_HISTOGRAM_MIN = Duration.ofMillis(1);
  private static final Duration FETCH_HISTOGRAM_MAX = Duration.ofSeconds(30);

  private final MeterBinding<Supplier<CacheStats>, Bound> binding;

  /** Meters without extra tags. */
  public RobotsMetrics() {
    this(Tags.empty());
  }

  /**
   * Meters carrying {@code tags} as well, for example {@code cache=crawler-a} to tell several
   * caches apart in one registry. The tags must have bounded values.
   *
   * @param tags tags added to every meter
   */
  public RobotsMetrics(Iterable<Tag> tags) {
    this.binding = new MeterBinding<>("RobotsMetrics", tags);
  }

  // ----- binding -----

  /**
   * Meters for {@code cache}, published in {@code registry}: adds a new instance to the cache's
   * listeners, points its gauges at the cache and binds it. Call once per cache.
   *
   * @param cache the cache to measure
   * @param registry the registry to publish in
   * @return the bound instance
   */
  public static RobotsMetrics bind(RobotsCache cache, MeterRegistry registry) {
    Objects.requireNonNull(cache, "cache");
    Objects.requireNonNull(registry, "registry");
    RobotsMetrics metrics = new RobotsMetrics().gaugesFrom(cache);
    metrics.bindTo(registry);
    cache.addListener(metrics);
    return metrics;
  }

  /**
   * Makes the gauges ({@value #ORIGINS}, {@value #WEIGHT}, {@value #FETCH_ACTIVE}, {@value
   * #FETCH_QUEUED}) read {@code cache.stats()}. For an instance given to the cache's builder as its
   * listener; {@link #bind} does this itself. Does not add this instance as a listener. May be
   * called before or after {@link #bindTo}.
   *
   * @param cache the cache whose stats the gauges read
   * @return this
   */
  public RobotsMetrics gaugesFrom(RobotsCache cache) {
    Objects.requireNonNull(cache, "cache");
    return gaugesFrom(cache::stats);
  }

  /** As {@link #gaugesFrom(RobotsCache)}, from any source of stats. */
  RobotsMetrics gaugesFrom(Supplier<CacheStats> stats) {
    binding.readFrom(Objects.requireNonNull(stats, "stats"));
    return this;
  }

  /**
   * Registers this module's meters in {@code registry}. Binding again to the same registry does
   * nothing.
   *
   * @throws IllegalStateException if already bound to a different registry
   */
  @Override
  public synchronized void bindTo(MeterRegistry registry) {
    binding.bindTo(registry, this::register);
  }

  private Bound register(MeterRegistry registry) {
    gauge(registry, ORIGINS, "Origins held by the robots.txt cache", null, CacheStats::origins);
    gauge(
        registry,
        WEIGHT,
        "Estimated weight of the cached robots.txt entries",
        BaseUnits.BYTES,
        CacheStats::weightBytes);
    gauge(registry, FETCH_ACTIVE, "robots.txt fetches in flight", null, CacheStats::fetchesActive);
    gauge(
        registry,
        FETCH_QUEUED,
        "robots.txt fetches waiting under the fetcher's in-flight cap",
        null,
        CacheStats::fetchesQueued);
    return new Bound(registry, binding.tags());
  }

  /**
   * Whether {@link #bindTo} has been called.
   *
   * @return {@code true} once bound to a registry
   */
  public boolean isBound() {
    return binding.meters() != null;
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String description,
      String baseUnit,
      ToDoubleFunction<CacheStats> read) {
    binding.gauge(registry, name, description, baseUnit, stats -> read.applyAsDouble(stats.get()));
  }

  // ----- events -----

  @Override
  public void onLookup(Origin origin, Lookup lookup) {
    Bound b = binding.meters();
    if (b != null) {
      b.requests[lookup.ordinal()].increment();
    }
  }

  @Override
  public void onFetchFinished(
      Origin origin,
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long bodyBytes,
      long durationNanos) {
    Bound b = binding.meters();
    if (b == null || outcome == FetchOutcome.PRELOADED) {
      return;
    }
    b.fetches
        .get(TagValues.fetchIndex(outcome, status, failure))
        .record(durationNanos, TimeUnit.NANOSECONDS);
    if (outcome == FetchOutcome.OK) {
      b.body.record(bodyBytes);
    }
  }

  @Override
  public void onParsed(Origin origin, long bodyBytes, long durationNanos) {
    Bound b = binding.meters();
    if (b != null) {
      b.parse.record(durationNanos, TimeUnit.NANOSECONDS);
    }
  }

  @Override
  public void onEviction(Origin origin, EvictionCause cause, long weightBytes) {
    Bound b = binding.meters();
    if (b != null) {
      b.evictions[cause.ordinal()].increment();
    }
  }

  @Override
  public void onStore(Origin origin, StoreEvent event) {
    Bound b = binding.meters();
    if (b != null) {
      b.store[event.ordinal()].increment();
    }
  }

  @Override
  public void onVerdict(Verdict verdict, long durationNanos) {
    Bound b = binding.meters();
    if (b != null) {
      b.check.record(durationNanos, TimeUnit.NANOSECONDS);
      b.verdicts.get(TagValues.verdictIndex(verdict.allowed(), verdict.reason())).increment();
    }
  }

  @Override
  public void onUsageAnswer(UsageAnswer answer) {
    Bound b = binding.meters();
    if (b != null) {
      for (UsageAnswer.Decision d : answer.decisions()) {
        b.usageAnswers.get(TagValues.usageIndex(d)).increment();
      }
    }
  }

  @Override
  public String toString() {
    return binding.toString();
  }

  /** The meters of one registry. */
  private static final class Bound {
    final Counter[] requests;
    final Counter[] evictions;
    final Counter[] store;
    final DistributionSummary body;
    final Timer parse;
    final Timer check;
    final LazyMeters<Timer> fetches;
    final LazyMeters<Counter> verdicts;
    final LazyMeters<Counter> usageAnswers;

    Bound(MeterRegistry registry, Tags tags) {
      requests =
          Registries.counters(
              registry,
              tags,
              REQUESTS,
              "robots.txt checks by how they found their origin's entry",
              "result",
              TagValues.LOOKUPS);
      evictions =
          Registries.counters(
              registry,
              tags,
              EVICTIONS,
              "Entries that left the robots.txt cache",
              "cause",
              TagValues.EVICTION_CAUSES);
      store =
          Registries.counters(
              registry,
              tags,
              STORE,
              "What the robots.txt cache's shared store did",
              "event",
              TagValues.STORE_EVENTS);
      body =
          DistributionSummary.builder(FETCH_BODY)
              .description("Sizes of the robots.txt bodies received")
              .baseUnit(BaseUnits.BYTES)
              .tags(tags)
              .register(registry);
      parse =
          Timer.builder(PARSE)
              .description("Time to parse and compile a robots.txt body")
              .tags(tags)
              .register(registry);
      check =
          Timer.builder(CHECK)
              .description("Time from a robots.txt check's start to its verdict")
              .tags(tags)
              .register(registry);
      fetches =
          new LazyMeters<>(
              TagValues.fetchCombinations(),
              i ->
                  Timer.builder(FETCH)
                      .description(
                          "robots.txt fetches by outcome, HTTP status class and failure kind")
                      .tags(tags)
                      .tag("outcome", TagValues.fetchOutcome(i))
                      .tag("status_class", TagValues.fetchStatusClass(i))
                      .tag("failure_kind", TagValues.fetchFailureKind(i))
                      .publishPercentileHistogram()
                      .minimumExpectedValue(FETCH_HISTOGRAM_MIN)
                      .maximumExpectedValue(FETCH_HISTOGRAM_MAX)
                      .register(registry));
      verdicts =
          new LazyMeters<>(
              TagValues.verdictCombinations(),
              i ->
                  Counter.builder(VERDICTS)
                      .description("robots.txt verdicts by decision and reason")
                      .tags(tags)
                      .tag("decision", TagValues.verdictDecision(i))
                      .tag("reason", TagValues.verdictReason(i))
                      .register(registry));
      usageAnswers =
          new LazyMeters<>(
              TagValues.usageCombinations(),
              i ->
                  Counter.builder(USAGE_ANSWERS)
                      .description("Usage answers per use, by answer and deciding source")
                      .tags(tags)
                      .tag("use", TagValues.usageUse(i))
                      .tag("answer", TagValues.usageAnswer(i))
                      .tag("source", TagValues.usageSource(i))
                      .register(registry));
    }
  }
}
