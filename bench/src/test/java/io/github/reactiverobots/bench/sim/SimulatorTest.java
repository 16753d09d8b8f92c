package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.model.FetchOutcome;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A tiny run of the real simulator: loopback farm, netty fetcher, real cache. */
class SimulatorTest {

  @Test
  void everyDistinctOriginIsFetchedExactlyOnce() throws Exception {
    SimOptions options = SimOptions.parse(new String[] {
        "--origins", "60", "--checks", "3000", "--concurrency", "32", "--zipf", "0.5",
        "--mix", "404=15,5xx=15,redirect=15,gzip=15,slow=10", "--slow-ms", "20",
        "--fetch-timeout-ms", "5000", "--max-seconds", "60", "--cache-mb", "256", "--quiet"});

    SimReport report = new Simulator(options, r -> SimulateCommand.nettyFetcher(options, r)).run();

    assertThat(report.completed()).isTrue();
    assertThat(report.checks()).isEqualTo(3000);
    assertThat(report.errors()).isZero();
    assertThat(report.allowed() + report.disallowed()).isEqualTo(3000);
    assertThat(report.distinctOrigins()).isBetween(40L, 60L);
    assertThat(report.fetchesStarted()).isEqualTo(report.distinctOrigins());
    assertThat(report.farmRobotsRequests()).isEqualTo(report.distinctOrigins());
    assertThat(report.singleFlightHeld()).isTrue();
    assertThat(report.outcomes().get(FetchOutcome.OK)).isPositive();
    assertThat(report.outcomes().get(FetchOutcome.UNAVAILABLE)).isPositive();
    assertThat(report.outcomes().get(FetchOutcome.UNREACHABLE)).isPositive();
    assertThat(report.outcomes().values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(report.fetchesStarted());
    assertThat(report.hitRatio()).isGreaterThan(0.5);
    assertThat(report.cache().origins()).isEqualTo(report.distinctOrigins());
    assertThat(report.text()).contains("equal (single flight held)");
    assertThat(Duration.ofNanos(report.elapsedNanos())).isLessThan(Duration.ofSeconds(60));
  }
}
