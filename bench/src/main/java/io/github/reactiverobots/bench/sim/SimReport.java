package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.sim.SimStats.Refetch;
import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The simulator's final report, as values (for tests) and as text. Immutable.
 *
 * @param options the settings of the run
 * @param checks checks finished
 * @param errors checks that ended in an error signal
 * @param completed whether every check finished before the time bound
 * @param elapsedNanos wall time of the workload
 * @param allowed allowed verdicts
 * @param disallowed disallowed verdicts
 * @param reasons verdicts by reason
 * @param distinctOrigins distinct origins the workload asked about
 * @param visits visits made (each checks up to {@code options.pages()} pages of one origin)
 * @param fetchesStarted fetches the cache started
 * @param overlappingFetches fetches started while one for the same origin was in flight
 * @param originsFetchedMoreThanOnce origins fetched two times or more
 * @param refetches fetches after an origin's first, by why it was fetched again
 * @param farmRobotsRequests {@code /robots.txt} requests the farm received
 * @param outcomes fetches by outcome
 * @param lookups cache lookups by kind
 * @param hitRatio share of lookups that found a fresh entry
 * @param evictions entries evicted for size or expiry
 * @param removals entries that left the cache, by cause
 * @param p50Nanos check latency median
 * @param p99Nanos check latency 99th percentile
 * @param p999Nanos check latency 99.9th percentile
 * @param maxNanos slowest check
 * @param cache the cache's statistics at the end
 * @param heapDeltaBytes heap the cache's entries retained: in use after the run minus after the
 *     cache was closed, which drops them (each after GC)
 * @param metricsEndpoint where the metrics were served, or null
 * @param bounds the fetch counts of other caches on the run's trace, and the scan probe
 */
public record SimReport(
    SimOptions options,
    long checks,
    long errors,
    boolean completed,
    long elapsedNanos,
    long allowed,
    long disallowed,
    Map<Reason, Long> reasons,
    long distinctOrigins,
    long visits,
    long fetchesStarted,
    long overlappingFetches,
    long originsFetchedMoreThanOnce,
    Map<Refetch, Long> refetches,
    long farmRobotsRequests,
    Map<FetchOutcome, Long> outcomes,
    Map<Lookup, Long> lookups,
    double hitRatio,
    long evictions,
    Map<EvictionCause, Long> removals,
    long p50Nanos,
    long p99Nanos,
    long p999Nanos,
    long maxNanos,
    CacheStats cache,
    long heapDeltaBytes,
    String metricsEndpoint,
    TraceBounds bounds) {

  static SimReport of(
      SimOptions options,
      SimStats stats,
      CacheStats cache,
      long farmRequests,
      long elapsedNanos,
      long heapDelta,
      boolean completed,
      String metricsEndpoint,
      TraceBounds bounds) {
    Histogram h = stats.latency();
    return new SimReport(
        options,
        stats.checks(),
        stats.errors(),
        completed,
        elapsedNanos,
        stats.allowed(),
        stats.disallowed(),
        stats.reasons(),
        stats.distinctOrigins(),
        stats.visits(),
        stats.fetchesStarted(),
        stats.overlappingFetches(),
        stats.originsFetchedMoreThanOnce(),
        stats.refetches(),
        farmRequests,
        stats.outcomes(),
        stats.lookups(),
        stats.hitRatio(),
        stats.evictions(),
        stats.removals(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        h.getMaxValue(),
        cache,
        heapDelta,
        metricsEndpoint,
        bounds);
  }

  /**
   * Whether single flight held: never two fetches of one origin at once, and the farm saw exactly
   * the fetches the cache started.
   */
  public boolean singleFlightHeld() {
    return overlappingFetches == 0 && farmRobotsRequests == fetchesStarted;
  }

  /**
   * Whether the run passed, as its exit code says: single flight held ({@link #singleFlightHeld}),
   * no check ended in an error, and no origin was fetched again while a visit was still crawling it
   * (SEMANTICS.md §6).
   */
  public boolean held() {
    return singleFlightHeld() && errors == 0 && refetchesWhileCrawled() == 0;
  }

  /** Fetches of origins a visit was still crawling when they were evicted (admission: 0). */
  public long refetchesWhileCrawled() {
    return refetches.get(Refetch.EVICTED_WHILE_CRAWLED);
  }

  /** Fetches per distinct origin asked about. */
  public double fetchesPerOrigin() {
    return distinctOrigins == 0 ? 0 : (double) fetchesStarted / distinctOrigins;
  }

  /** Checks per second. */
  public double checksPerSecond() {
    return checks / (elapsedNanos / 1e9);
  }

  /** The report as text. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    SimOptions o = options;
    line(sb, "reactive-robots crawl simulation");
    line(
        sb,
        "  workload      %,d origins, %,d checks in visits of %d pages, %d visits at once,"
            + " Zipf s=%.2f, agent %s",
        o.origins(),
        o.checks(),
        o.pages(),
        o.concurrency(),
        o.zipfExponent(),
        o.agent());
    line(
        sb,
        "  capacity      maximum weight %,d MiB, TTL floor %d s",
        o.cacheWeightBytes() >> 20,
        o.ttl().toSeconds());
    line(sb, "  origin mix    %s", o.mix());
    line(
        sb,
        "  finished      %s in %.1f s",
        completed
            ? "all checks"
            : "TIME LIMIT REACHED after " + String.format(Locale.ROOT, "%,d checks", checks),
        elapsedNanos / 1e9);
    line(sb, "  throughput    %,.0f checks/s", checksPerSecond());
    line(
        sb, "  verdicts      %,d allowed, %,d disallowed, %,d errors", allowed, disallowed, errors);
    reasons.forEach(
        (r, n) -> {
          if (n > 0) {
            line(sb, "                  %-28s %,d", r.name().toLowerCase(Locale.ROOT), n);
          }
        });
    line(
        sb,
        "  fetches       %,d started by the cache, %,d robots.txt requests at the farm, %,d"
            + " overlapping: %s",
        fetchesStarted,
        farmRobotsRequests,
        overlappingFetches,
        singleFlightHeld() ? "single flight held" : "SINGLE FLIGHT BROKEN");
    outcomes.forEach(
        (k, n) -> {
          if (n > 0) {
            line(sb, "                  %-28s %,d", k.name().toLowerCase(Locale.ROOT), n);
          }
        });
    line(
        sb,
        "                %,d distinct origins asked in %,d visits: %.3f fetches per origin;"
            + " %,d origins fetched more than once",
        distinctOrigins,
        visits,
        fetchesPerOrigin(),
        originsFetchedMoreThanOnce);
    line(
        sb,
        "  refetches     %,d after expiry, %,d after eviction while idle, %,d after eviction"
            + " while still being crawled (%s), %,d other (retries, refreshes)",
        refetches.get(Refetch.EXPIRED),
        refetches.get(Refetch.EVICTED_IDLE),
        refetchesWhileCrawled(),
        refetchesWhileCrawled() == 0 ? "must be 0: held" : "MUST BE 0",
        refetches.get(Refetch.OTHER));
    line(
        sb,
        "  cache         hit ratio %.2f%% (hit %,d, miss %,d, coalesced %,d, stale %,d);"
            + " %,d evicted for room, %,d expired",
        100 * hitRatio,
        lookups.get(Lookup.HIT),
        lookups.get(Lookup.MISS),
        lookups.get(Lookup.COALESCED),
        lookups.get(Lookup.STALE),
        removals.get(EvictionCause.SIZE),
        removals.get(EvictionCause.EXPIRED));
    line(
        sb,
        "  latency       p50 %s, p99 %s, p99.9 %s, max %s (per check, cached or not)",
        time(p50Nanos),
        time(p99Nanos),
        time(p999Nanos),
        time(maxNanos));
    long perOrigin = cache.origins() == 0 ? 0 : heapDeltaBytes / cache.origins();
    long weightPerOrigin = cache.origins() == 0 ? 0 : cache.weightBytes() / cache.origins();
    line(
        sb,
        "  memory        %,d origins cached, heap %,d bytes per cached origin (measured: full"
            + " vs closed), %,d by the cache's own weight estimate",
        cache.origins(),
        perOrigin,
        weightPerOrigin);
    if (bounds != null) {
      sb.append(bounds.text());
    }
    if (metricsEndpoint != null) {
      line(sb, "  metrics       served at %s while running", metricsEndpoint);
    }
    line(sb, "%s", verdict());
    return sb.toString();
  }

  /** The report's last line: PASS or FAIL, and the three things checked with their counts. */
  String verdict() {
    return verdict(
        overlappingFetches, fetchesStarted, farmRobotsRequests, errors, refetchesWhileCrawled());
  }

  /** The verdict line for these counts: PASS when all three checks held, FAIL otherwise. */
  static String verdict(
      long overlapping, long started, long farmRequests, long errors, long whileCrawled) {
    boolean singleFlight = overlapping == 0 && started == farmRequests;
    return String.format(
        Locale.ROOT,
        "%s: single flight %s (%,d overlapping fetches; %,d fetches started, %,d robots.txt"
            + " requests at the farm), %,d checks ended in an error, %,d origins fetched again"
            + " while still being crawled",
        singleFlight && errors == 0 && whileCrawled == 0 ? "PASS" : "FAIL",
        singleFlight ? "held" : "BROKEN",
        overlapping,
        started,
        farmRequests,
        errors,
        whileCrawled);
  }

  private static void line(StringBuilder sb, String format, Object... args) {
    sb.append(String.format(Locale.ROOT, format, args)).append('\n');
  }

  private static String time(long nanos) {
    if (nanos < 10_000) {
      return nanos + " ns";
    }
    if (nanos < 10_000_000) {
      return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
    }
    return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
  }
}
