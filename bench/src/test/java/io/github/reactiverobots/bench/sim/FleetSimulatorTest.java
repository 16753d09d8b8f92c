package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A tiny fleet run: loopback farm, netty fetchers, real caches sharing a real redis-server. */
class FleetSimulatorTest {

  @Test
  void theFleetFetchesEachOriginOnceAndARestartedWorkerComesBackWarm() throws Exception {
    boolean installed =
        Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .anyMatch(d -> Files.isExecutable(Path.of(d, "redis-server")));
    if (!installed) {
      if (System.getenv("CI") != null) {
        fail("redis-server is not on the PATH (CI is set: .ci/run installs it)");
      }
      Assumptions.abort("redis-server is not on the PATH");
    }
    SimOptions options =
        SimOptions.parse(
            new String[] {
              "--origins",
              "80",
              "--checks",
              "4000",
              "--concurrency",
              "64",
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
              "1",
              "--quiet"
            });
    // 1 MiB is less than the fleet's room for 80 origins (64 KB each): the fleet raises it.
    assertThat(FleetSimulator.cacheWeight(options))
        .isEqualTo(80 * FleetSimulator.WEIGHT_PER_ORIGIN);

    FleetReport report =
        new FleetSimulator(options, 3, null, r -> SimulateCommand.nettyFetcher(options, r)).run();

    assertThat(report.checks()).isEqualTo(4000);
    assertThat(report.errors()).isZero();
    assertThat(report.farmRobotsRequests()).isEqualTo(report.distinctOrigins());
    assertThat(report.fetchesStarted()).isEqualTo(report.distinctOrigins());
    assertThat(report.singleFlightHeld()).isTrue();
    assertThat(report.storeHits()).isPositive();
    assertThat(report.storeFaults()).isZero();
    assertThat(report.evictions()).isZero();
    assertThat(report.restartedStoreHits()).isPositive();
    assertThat(report.restartedMisses())
        .isEqualTo(report.restartedStoreHits() + report.restartedFetches());
    assertThat(report.text()).contains("fleet-wide single flight held");
  }
}
