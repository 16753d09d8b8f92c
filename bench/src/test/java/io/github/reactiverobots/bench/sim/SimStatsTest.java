package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.bench.sim.SimStats.Refetch;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.url.Origin;
import org.junit.jupiter.api.Test;

/** Every refetch is put down to how its origin left the cache, in whichever order they are told. */
class SimStatsTest {
  private static final Origin ORIGIN = Origin.of("http://" + OriginFarm.host(7));

  private final SimStats stats = new SimStats(10);

  private void fetched() {
    stats.onFetchStarted(ORIGIN);
    stats.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 100, 1_000);
  }

  @Test
  void anEvictionToldBeforeTheRefetchIsItsCause() {
    fetched();
    stats.visitStarted(7);
    stats.onEviction(ORIGIN, EvictionCause.SIZE, 100);
    fetched();
    assertThat(stats.refetches()).containsEntry(Refetch.EVICTED_WHILE_CRAWLED, 1L);
    assertThat(stats.refetches()).containsEntry(Refetch.OTHER, 0L);
  }

  @Test
  void anEvictionToldAfterTheRefetchStartedIsStillItsCause() {
    fetched();
    stats.visitStarted(7);
    // A check on another thread missed the entry and started the refetch before the cache's
    // listener heard of the eviction.
    stats.onFetchStarted(ORIGIN);
    stats.onEviction(ORIGIN, EvictionCause.SIZE, 100);
    stats.onFetchFinished(ORIGIN, FetchOutcome.OK, 200, null, 100, 1_000);
    assertThat(stats.refetches()).containsEntry(Refetch.EVICTED_WHILE_CRAWLED, 1L);
    assertThat(stats.refetches()).containsEntry(Refetch.OTHER, 0L);
  }

  @Test
  void aRefetchWithNoEvictionIsOtherAndALaterEvictionWaitsForTheNextRefetch() {
    fetched();
    fetched();
    assertThat(stats.refetches()).containsEntry(Refetch.OTHER, 1L);
    stats.onEviction(ORIGIN, EvictionCause.SIZE, 100);
    fetched();
    assertThat(stats.refetches()).containsEntry(Refetch.EVICTED_IDLE, 1L);
    assertThat(stats.refetches()).containsEntry(Refetch.OTHER, 1L);
  }
}
