package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The options of a fleet run with a primary killed, and how its report judges the duplicate fetches
 * the failover cost: bounded by the flights that went without the store.
 */
class FailoverReportTest {
  private static FleetReport report(
      long fetches,
      long origins,
      long faults,
      long bypassed,
      long leaseWaits,
      long errors,
      FleetReport.Failover failover) {
    return new FleetReport(
        SimOptions.defaults(),
        4,
        "redis+cluster://127.0.0.1:1",
        1000,
        errors,
        1_000_000_000L,
        origins,
        fetches,
        fetches,
        10,
        leaseWaits,
        faults,
        0,
        bypassed,
        0,
        0,
        0,
        0,
        1000,
        2000,
        failover);
  }

  private static final FleetReport.Failover KILLED =
      new FleetReport.Failover(7001, 5_000_000_000L, 2_900_000_000L, 3_900_000_000L);

  @Test
  void duplicatesWithinTheFlightsWithoutTheStoreHold() {
    FleetReport r = report(6_252, 4_989, 140, 2_449, 325, 0, KILLED);
    assertThat(r.duplicates()).isEqualTo(1_263);
    assertThat(r.flightsWithoutStore()).isEqualTo(2_914);
    assertThat(r.singleFlightHeld()).isFalse();
    assertThat(r.held()).isTrue();
    assertThat(r.text())
        .contains("replica promoted 2.9 s after the kill")
        .contains("sharing degraded that long")
        .contains("1,263 fetches beyond one per origin")
        .contains(": bounded");
  }

  @Test
  void moreDuplicatesThanFlightsWithoutTheStoreOrAnErrorDoNot() {
    assertThat(report(6_252, 4_989, 10, 20, 30, 0, KILLED).held()).isFalse();
    assertThat(report(6_252, 4_989, 140, 2_449, 325, 1, KILLED).held()).isFalse();
    assertThat(report(6_252, 4_989, 10, 20, 30, 0, KILLED).text()).contains("NOT BOUNDED");
  }

  @Test
  void withoutAKillEachOriginIsFetchedOnce() {
    assertThat(report(4_989, 4_989, 0, 0, 0, 0, null).held()).isTrue();
    assertThat(report(4_990, 4_989, 140, 2_449, 325, 0, null).held()).isFalse();
  }

  @Test
  void theClusterOptionsAreParsed() {
    SimulateCommand.FleetArgs a =
        SimulateCommand.FleetArgs.of(
            new String[] {
              "--workers", "4", "--redis-cluster", "--kill-primary-at", "2.5", "--quiet"
            });
    assertThat(a.workers()).isEqualTo(4);
    assertThat(a.redisCluster()).isTrue();
    assertThat(a.killPrimaryAt()).isEqualTo(Duration.ofMillis(2500));
    assertThat(a.rest()).containsExactly("--quiet");
    assertThatThrownBy(
            () -> SimulateCommand.FleetArgs.of(new String[] {"--kill-primary-at", "soon"}))
        .hasMessageContaining("--kill-primary-at needs seconds");
  }

  @Test
  void aKillNeedsThePrivateCluster() {
    assertThatThrownBy(
            () ->
                new FleetSimulator(
                    SimOptions.defaults(), 4, null, false, Duration.ofSeconds(5), r -> null))
        .hasMessageContaining("--redis-cluster");
    assertThatThrownBy(
            () ->
                new FleetSimulator(SimOptions.defaults(), 4, "redis://x:1", true, null, r -> null))
        .hasMessageContaining("no --redis-url");
  }
}
