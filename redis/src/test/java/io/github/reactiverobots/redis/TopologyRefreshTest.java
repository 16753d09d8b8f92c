package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;

/** The refresh a failed cluster command starts: one at a time, spaced, never held for good. */
class TopologyRefreshTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final List<CompletableFuture<Void>> refreshes = new ArrayList<>();
  private final TopologyRefresh refresh =
      new TopologyRefresh(
          () -> {
            CompletableFuture<Void> f = new CompletableFuture<>();
            refreshes.add(f);
            return f;
          },
          Schedulers.immediate(),
          now::get);

  @Test
  void aFailedCommandStartsOneRefreshAtATime() {
    refresh.commandFailed();
    refresh.commandFailed();
    refresh.commandFailed();
    assertThat(refreshes).hasSize(1);
    assertThat(refresh.started()).isEqualTo(1);
  }

  @Test
  void theNextStartsOnlyAGapAfterTheLastEnded() {
    refresh.commandFailed();
    refreshes.get(0).complete(null);
    now.addAndGet(TopologyRefresh.GAP.toNanos() - 1);
    refresh.commandFailed();
    assertThat(refreshes).hasSize(1);
    now.addAndGet(1);
    refresh.commandFailed();
    assertThat(refreshes).hasSize(2);
  }

  @Test
  void aFailedRefreshIsFollowedByAnother() {
    refresh.commandFailed();
    refreshes.get(0).completeExceptionally(new IllegalStateException("no node answered"));
    now.addAndGet(TopologyRefresh.GAP.toNanos());
    refresh.commandFailed();
    assertThat(refreshes).hasSize(2);
  }

  @Test
  void aRefreshThatNeverEndsHoldsTheNextBackOnlyUntilItIsStuck() {
    refresh.commandFailed();
    now.addAndGet(TopologyRefresh.STUCK.toNanos() - 1);
    refresh.commandFailed();
    assertThat(refreshes).hasSize(1);
    now.addAndGet(1);
    refresh.commandFailed();
    assertThat(refreshes).hasSize(2);
  }

  @Test
  void aRefreshThatThrowsAtOnceHoldsNothingBack() {
    TopologyRefresh throwing =
        new TopologyRefresh(
            () -> {
              throw new IllegalStateException("partitions not loaded");
            },
            Schedulers.immediate(),
            now::get);
    throwing.commandFailed();
    now.addAndGet(TopologyRefresh.GAP.toNanos());
    throwing.commandFailed();
    assertThat(throwing.started()).isEqualTo(2);
  }
}
