package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.bench.sim.SimStats.Refetch;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Small runs of the real simulator: loopback farm, netty fetcher, real cache. */
class SimulatorTest {

  @Test
  void whenEverythingFitsEveryDistinctOriginIsFetchedExactlyOnce() throws Exception {
    SimOptions options =
        SimOptions.parse(
            new String[] {
              "--origins",
              "60",
              "--checks",
              "3000",
              "--concurrency",
              "32",
              "--zipf",
              "0.5",
              "--mix",
              "404=15,5xx=15,redirect=15,gzip=15,slow=10",
              "--slow-ms",
              "20",
              "--fetch-timeout-ms",
              "5000",
              "--max-seconds",
              "60",
              "--cache-mb",
              "256",
              "--quiet"
            });

    SimReport report = new Simulator(options, r -> SimulateCommand.nettyFetcher(options, r)).run();

    assertThat(report.completed()).isTrue();
    assertThat(report.checks()).isEqualTo(3000);
    assertThat(report.errors()).isZero();
    assertThat(report.allowed() + report.disallowed()).isEqualTo(3000);
    assertThat(report.distinctOrigins()).isBetween(40L, 60L);
    assertThat(report.visits()).isEqualTo(600);
    assertThat(report.fetchesStarted()).isEqualTo(report.distinctOrigins());
    assertThat(report.originsFetchedMoreThanOnce()).isZero();
    assertThat(report.removals().get(EvictionCause.SIZE)).isZero();
    assertThat(report.farmRobotsRequests()).isEqualTo(report.distinctOrigins());
    assertThat(report.singleFlightHeld()).isTrue();
    assertThat(report.outcomes().get(FetchOutcome.OK)).isPositive();
    assertThat(report.outcomes().get(FetchOutcome.UNAVAILABLE)).isPositive();
    assertThat(report.outcomes().get(FetchOutcome.UNREACHABLE)).isPositive();
    assertThat(report.outcomes().values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(report.fetchesStarted());
    assertThat(report.hitRatio()).isGreaterThan(0.5);
    assertThat(report.cache().origins()).isEqualTo(report.distinctOrigins());
    assertThat(report.text()).contains("single flight held");
    assertThat(report.text().lines().reduce((a, b) -> b))
        .hasValueSatisfying(
            last ->
                assertThat(last)
                    .isEqualTo(report.verdict())
                    .startsWith("PASS: single flight held (0 overlapping fetches;"));
    assertThat(report.text())
        .contains("popularity bound             ")
        .contains("no cache that cannot see the future does better once warm")
        .contains("the offline optimum: a cache that knows the future");
    assertThat(Duration.ofNanos(report.elapsedNanos())).isLessThan(Duration.ofSeconds(60));
  }

  @Test
  void atCapacityItEvictsAndRefetchesOnlyOriginsNoVisitIsCrawling() throws Exception {
    // The 8,000 or so origins these visits ask need about 25 MiB; the cache holds 16 MiB. (Its
    // pinned share, 1.6 MiB, holds the corpus' heaviest entry, about 1 MB: an entry heavier than
    // the share is not pinned, and may be refetched while crawled.)
    SimOptions options =
        SimOptions.parse(
            new String[] {
              "--origins",
              "20000",
              "--checks",
              "60000",
              "--pages",
              "5",
              "--concurrency",
              "16",
              "--zipf",
              "0.6",
              "--mix",
              "404=10,5xx=5,gzip=10",
              "--fetch-timeout-ms",
              "5000",
              "--slow-ms",
              "20",
              "--max-seconds",
              "120",
              "--cache-mb",
              "16",
              "--quiet"
            });

    SimReport report = new Simulator(options, r -> SimulateCommand.nettyFetcher(options, r)).run();

    assertThat(report.completed()).isTrue();
    assertThat(report.errors()).isZero();
    assertThat(report.visits()).isEqualTo(12_000);
    assertThat(report.removals().get(EvictionCause.SIZE)).isPositive();
    assertThat(report.cache().weightBytes()).isLessThanOrEqualTo(16L << 20);
    assertThat(report.originsFetchedMoreThanOnce()).isPositive();
    // Every fetch after an origin's first has a cause, and none is a visit's own entry lost.
    assertThat(report.fetchesStarted() - report.distinctOrigins())
        .isEqualTo(report.refetches().values().stream().mapToLong(Long::longValue).sum());
    assertThat(report.refetches().get(Refetch.EVICTED_IDLE)).isPositive();
    assertThat(report.refetchesWhileCrawled()).isZero();
    assertThat(report.singleFlightHeld()).isTrue();
    assertThat(report.text()).contains("must be 0: held");
  }
}
