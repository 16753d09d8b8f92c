package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Small polite fleet runs (four workers, one shared queue, one redis-server from the PATH, the
 * loopback farm): the fleet as a whole never contacts an origin more often than its rules allow,
 * and with Redis killed mid-run each worker still keeps to its local rules, the fallbacks are
 * counted and nothing fails.
 */
class PoliteFleetRunTest {
  private static PoliteOptions options() {
    return PoliteOptions.parse(
        new String[] {
          "--polite",
          "--origins",
          "30",
          "--checks",
          "240",
          "--min-delay-ms",
          "100",
          "--max-delay-ms",
          "600",
          "--paced",
          "50",
          "--busy",
          "10",
          "--retry-after-s",
          "1",
          "--mix",
          "404=10,redirect=10,gzip=10",
          "--concurrency",
          "16",
          "--fetch-timeout-ms",
          "5000",
          "--max-seconds",
          "90",
          "--quiet"
        });
  }

  @Test
  void fourWorkersOnASharedQueueSpaceEveryOriginAsOnePacerWould() throws Exception {
    PoliteFleetReport report =
        new PoliteFleetRun(options(), 4, null, Duration.ZERO, 8, PoliteFleetRun.Spacing.SHARED)
            .run();

    assertThat(report.polite().completed()).isTrue();
    assertThat(report.polite().errors()).isZero();
    assertThat(report.polite().measured()).isGreaterThan(20);
    assertThat(report.polite().violations()).isEmpty();
    assertThat(report.workerViolations()).isEmpty();
    assertThat(report.releasedPerWorker()).hasSize(4).allMatch(n -> n > 0);
    assertThat(report.redisCommands()).isGreaterThanOrEqualTo(2 * report.polite().released());
    assertThat(report.fallbacks()).isZero();
    assertThat(report.held()).isTrue();
    assertThat(report.text()).contains("no origin was contacted more often than its rules allow");
  }

  @Test
  void withRedisKilledMidRunEachWorkerKeepsToItsLocalRulesAndFallbacksAreCounted()
      throws Exception {
    PoliteFleetReport report =
        new PoliteFleetRun(
                options(), 4, null, Duration.ofSeconds(2), 8, PoliteFleetRun.Spacing.SHARED)
            .run();

    assertThat(report.polite().completed()).isTrue();
    assertThat(report.polite().errors()).isZero();
    assertThat(report.outageStartNanos()).isPositive();
    assertThat(report.fallbacks()).isPositive();
    assertThat(report.workerViolations()).isEmpty();
    assertThat(report.held()).isTrue();
  }
}
