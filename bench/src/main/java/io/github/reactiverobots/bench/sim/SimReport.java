package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.model.FetchOutcome;
import io.github.reactiverobots.core.model.Reason;
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
 * @param fetchesStarted fetches the cache started
 * @param farmRobotsRequests {@code /robots.txt} requests the farm received
 * @param outcomes fetches by outcome
 * @param lookups cache lookups by kind
 * @param hitRatio share of lookups that found a fresh entry
 * @param evictions entries evicted for size or expiry
 * @param p50Nanos check latency median
 * @param p99Nanos check latency 99th percentile
 * @param p999Nanos check latency 99.9th percentile
 * @param maxNanos slowest check
 * @param cache the cache's statistics at the end
 * @param heapDeltaBytes heap in use after the run minus before the cache was built (after GC)
 * @param metricsEndpoint where the metrics were served, or null
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
    long fetchesStarted,
    long farmRobotsRequests,
    Map<FetchOutcome, Long> outcomes,
    Map<Lookup, Long> lookups,
    double hitRatio,
    long evictions,
    long p50Nanos,
    long p99Nanos,
    long p999Nanos,
    long maxNanos,
    CacheStats cache,
    long heapDeltaBytes,
    String metricsEndpoint) {

  static SimReport of(SimOptions options, SimStats stats, CacheStats cache, OriginFarm farm,
      long elapsedNanos, long heapDelta, boolean completed, String metricsEndpoint) {
    Histogram h = stats.latency();
    return new SimReport(options, stats.checks(), stats.errors(), completed, elapsedNanos,
        stats.allowed(), stats.disallowed(), stats.reasons(), stats.distinctOrigins(),
        stats.fetchesStarted(), farm.robotsRequests(), stats.outcomes(), stats.lookups(),
        stats.hitRatio(), stats.evictions(), h.getValueAtPercentile(50),
        h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(), cache,
        heapDelta, metricsEndpoint);
  }

  /** Whether single flight held: one fetch per distinct origin, seen by the cache and the farm. */
  public boolean singleFlightHeld() {
    return fetchesStarted == distinctOrigins && farmRobotsRequests == distinctOrigins;
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
    line(sb, "  workload      %,d origins, %,d checks, concurrency %d, Zipf s=%.2f, agent %s",
        o.origins(), o.checks(), o.concurrency(), o.zipfExponent(), o.agent());
    line(sb, "  origin mix    %s", o.mix());
    line(sb, "  finished      %s in %.1f s", completed ? "all checks" : "TIME LIMIT REACHED after "
        + String.format(Locale.ROOT, "%,d checks", checks), elapsedNanos / 1e9);
    line(sb, "  throughput    %,.0f checks/s", checksPerSecond());
    line(sb, "  verdicts      %,d allowed, %,d disallowed, %,d errors", allowed, disallowed, errors);
    reasons.forEach((r, n) -> {
      if (n > 0) {
        line(sb, "                  %-28s %,d", r.name().toLowerCase(Locale.ROOT), n);
      }
    });
    line(sb, "  fetches       %,d started by the cache, %,d robots.txt requests at the farm,"
        + " %,d distinct origins asked: %s", fetchesStarted, farmRobotsRequests, distinctOrigins,
        singleFlightHeld() ? "equal (single flight held)" : "NOT EQUAL");
    outcomes.forEach((k, n) -> {
      if (n > 0) {
        line(sb, "                  %-28s %,d", k.name().toLowerCase(Locale.ROOT), n);
      }
    });
    line(sb, "  cache         hit ratio %.2f%% (hit %,d, miss %,d, coalesced %,d, stale %,d);"
            + " %,d evicted", 100 * hitRatio, lookups.get(Lookup.HIT), lookups.get(Lookup.MISS),
        lookups.get(Lookup.COALESCED), lookups.get(Lookup.STALE), evictions);
    line(sb, "  latency       p50 %s, p99 %s, p99.9 %s, max %s (per check, cached or not)",
        time(p50Nanos), time(p99Nanos), time(p999Nanos), time(maxNanos));
    long perOrigin = cache.origins() == 0 ? 0 : heapDeltaBytes / cache.origins();
    long weightPerOrigin = cache.origins() == 0 ? 0 : cache.weightBytes() / cache.origins();
    line(sb, "  memory        %,d origins cached, heap %,d bytes per cached origin (measured),"
        + " %,d by the cache's own weight estimate", cache.origins(), perOrigin, weightPerOrigin);
    if (metricsEndpoint != null) {
      line(sb, "  metrics       served at %s while running", metricsEndpoint);
    }
    return sb.toString();
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
