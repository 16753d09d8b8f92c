package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.sim.FleetSimulator.StoreCounts;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * A fleet run's report: fetches at the farm against distinct origins across the fleet, what the
 * shared store did, and how the restarted worker came back. Immutable.
 *
 * @param options the run's settings
 * @param workers workers at the start (the restarted one is replaced, not added)
 * @param redisUri the Redis the fleet shared
 * @param checks checks finished
 * @param errors checks that ended in an error signal
 * @param elapsedNanos wall time of the workload
 * @param distinctOrigins distinct origins asked about across the fleet
 * @param farmRobotsRequests {@code /robots.txt} requests the farm received
 * @param fetchesStarted fetches the caches started, all workers
 * @param storeHits flights answered from Redis without a fetch, all workers
 * @param leaseWaits flights that waited for another worker's lease, all workers
 * @param storeFaults store errors, timeouts and rejected values, all workers
 * @param storeTimeouts of those, calls that did not answer within the store wait
 * @param storeBypassed flights that skipped Redis during a cool-down after a fault (each fetches
 *     locally)
 * @param restartedMisses local misses of the restarted worker after its restart
 * @param restartedStoreHits of those, answered from Redis
 * @param restartedFetches fetches the restarted worker started after its restart
 * @param evictions entries evicted for size or expiry, all workers
 * @param p50Nanos check latency median
 * @param p99Nanos check latency 99th percentile
 * @param failover the primary killed mid-run ({@code --kill-primary-at}), or null
 */
public record FleetReport(
    SimOptions options,
    int workers,
    String redisUri,
    long checks,
    long errors,
    long elapsedNanos,
    long distinctOrigins,
    long farmRobotsRequests,
    long fetchesStarted,
    long storeHits,
    long leaseWaits,
    long storeFaults,
    long storeTimeouts,
    long storeBypassed,
    long restartedMisses,
    long restartedStoreHits,
    long restartedFetches,
    long evictions,
    long p50Nanos,
    long p99Nanos,
    Failover failover) {

  /**
   * A primary of the cluster killed during the run.
   *
   * @param port the killed primary's port, or -1 if the run ended before the kill
   * @param killedAtNanos when it was killed, from the start of the workload
   * @param promotedAfterNanos when the cluster had promoted its replica, from the kill; -1 if not
   *     seen
   * @param degradedNanos when the last store fault or cool-down skip of any worker happened, from
   *     the kill: how long sharing was degraded; 0 if none came after the kill
   */
  public record Failover(
      int port, long killedAtNanos, long promotedAfterNanos, long degradedNanos) {}

  static FleetReport of(
      SimOptions options,
      int workers,
      String redisUri,
      long checks,
      long elapsedNanos,
      SimStats asked,
      long farmRobotsRequests,
      List<SimStats> stats,
      List<StoreCounts> store,
      Failover failover) {
    SimStats restarted = stats.get(stats.size() - 1);
    StoreCounts restartedStore = store.get(store.size() - 1);
    Histogram h = asked.latency();
    return new FleetReport(
        options,
        workers,
        redisUri,
        checks,
        asked.errors(),
        elapsedNanos,
        asked.distinctOrigins(),
        farmRobotsRequests,
        stats.stream().mapToLong(SimStats::fetchesStarted).sum(),
        store.stream().mapToLong(s -> s.get(StoreEvent.HIT)).sum(),
        store.stream().mapToLong(s -> s.get(StoreEvent.LEASE_WAIT)).sum(),
        store.stream()
            .mapToLong(
                s ->
                    s.get(StoreEvent.ERROR)
                        + s.get(StoreEvent.TIMEOUT)
                        + s.get(StoreEvent.REJECTED))
            .sum(),
        store.stream().mapToLong(s -> s.get(StoreEvent.TIMEOUT)).sum(),
        store.stream().mapToLong(s -> s.get(StoreEvent.BYPASSED)).sum(),
        restarted.lookups().get(Lookup.MISS),
        restartedStore.get(StoreEvent.HIT),
        restarted.fetchesStarted(),
        stats.stream().mapToLong(SimStats::evictions).sum(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(99),
        failover);
  }

  /** Origins fetched more than once across the fleet: fetches started beyond the origins. */
  public long duplicates() {
    return Math.max(0, fetchesStarted - distinctOrigins);
  }

  /**
   * Flights that went without the shared store and may have fetched what another worker also
   * fetched: store calls that failed or timed out, flights that skipped the store in a cool-down,
   * and lease waits (a wait on a lease the lost primary held ends empty, and the waiter fetches).
   */
  public long flightsWithoutStore() {
    return storeFaults + storeBypassed + leaseWaits;
  }

  /**
   * Whether the run went as it should: no error, and either each origin fetched once, or, with a
   * primary killed, no more duplicates than flights that went without the store.
   */
  public boolean held() {
    if (errors > 0) {
      return false;
    }
    return failover == null
        ? singleFlightHeld()
        : farmRobotsRequests == fetchesStarted && duplicates() <= flightsWithoutStore();
  }

  /** Whether the fleet fetched each distinct origin exactly once at the farm. */
  public boolean singleFlightHeld() {
    return farmRobotsRequests == distinctOrigins && fetchesStarted == distinctOrigins;
  }

  /** The report as text. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    SimOptions o = options;
    line(sb, "reactive-robots fleet simulation");
    line(
        sb,
        "  workload      %,d origins, %,d checks, concurrency %d, Zipf s=%.2f, %d workers"
            + " sharing %s",
        o.origins(),
        o.checks(),
        o.concurrency(),
        o.zipfExponent(),
        workers,
        redisUri);
    line(sb, "  origin mix    %s", o.mix());
    line(
        sb,
        "  finished      %,d checks in %.1f s (%,.0f checks/s), %,d errors",
        checks,
        elapsedNanos / 1e9,
        checks / (elapsedNanos / 1e9),
        errors);
    line(
        sb,
        "  fleet fetches %,d robots.txt requests at the farm, %,d started by the caches,"
            + " %,d distinct origins asked across the fleet: %s",
        farmRobotsRequests,
        fetchesStarted,
        distinctOrigins,
        singleFlightHeld() ? "equal (fleet-wide single flight held)" : "NOT EQUAL");
    line(
        sb,
        "  caches        %,d MiB each (room for every origin), %,d entries evicted",
        FleetSimulator.cacheWeight(o) >> 20,
        evictions);
    line(
        sb,
        "  shared store  %,d flights answered from Redis, %,d lease waits, %,d faults"
            + " (%,d timeouts), %,d flights skipped Redis in a cool-down after a fault",
        storeHits,
        leaseWaits,
        storeFaults,
        storeTimeouts,
        storeBypassed);
    line(
        sb,
        "  restart       worker 0 restarted after %,d checks: %,d local misses since,"
            + " %,d answered from Redis, %,d fetched (origins no worker had fetched)",
        o.checks() / 2,
        restartedMisses,
        restartedStoreHits,
        restartedFetches);
    line(
        sb,
        "  latency       p50 %.1f us, p99 %.1f ms (per check, cached or not)",
        p50Nanos / 1e3,
        p99Nanos / 1e6);
    if (failover != null && failover.port() >= 0) {
      line(
          sb,
          "  failover      primary 127.0.0.1:%d killed %.1f s in; replica promoted %.1f s"
              + " after the kill; the last store fault or cool-down skip %.1f s after it (sharing"
              + " degraded that long)",
          failover.port(),
          failover.killedAtNanos() / 1e9,
          failover.promotedAfterNanos() / 1e9,
          failover.degradedNanos() / 1e9);
      line(
          sb,
          "  duplicates    %,d fetches beyond one per origin (%,d for %,d origins), at most"
              + " the %,d flights that went without the store (%,d failed or timed-out calls,"
              + " %,d cool-down skips, %,d lease waits): %s",
          duplicates(),
          fetchesStarted,
          distinctOrigins,
          flightsWithoutStore(),
          storeFaults,
          storeBypassed,
          leaseWaits,
          held() ? "bounded" : "NOT BOUNDED");
    } else if (failover != null) {
      line(sb, "  failover      the run ended before the primary was to be killed");
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, String format, Object... args) {
    sb.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
