package io.github.reactiverobots.redis;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Reads a Redis Cluster's topology again when a command fails, so that after a failover the
 * commands find the promoted replica however Lettuce's own refresh fared. Lettuce refreshes on its
 * adaptive triggers (reconnect attempts, redirects) and periodically, all through one task guarded
 * by an in-progress flag; a refresh made while the failover was still under way reads the lost
 * primary as the slots' owner, and the triggers that would correct it can all be spent by then (the
 * reconnect attempts on the lost node come before the promotion, no redirect comes from a node that
 * is down). Commands routed to the lost node then fail until a later refresh, which that one task
 * may never run again. A failed command here starts a refresh of its own ({@code
 * refreshPartitionsAsync}) directly: at most one at a time, at most one per {@link #GAP}, and a
 * refresh that has not ended after {@link #STUCK} no longer holds the next one back. Thread-safe
 * and non-blocking: the refresh is started on the given scheduler.
 */
final class TopologyRefresh {
  /** Least time between the end of one refresh and the start of the next. */
  static final Duration GAP = Duration.ofMillis(250);

  /** A refresh still running after this no longer holds the next one back. */
  static final Duration STUCK = Duration.ofSeconds(10);

  private final Supplier<CompletionStage<?>> refresh;
  private final Scheduler scheduler;
  private final LongSupplier nanos;

  /** When the next refresh may start (nanoTime); pushed forward while one runs. */
  private final AtomicLong nextAllowed;

  private final LongAdder started = new LongAdder();

  TopologyRefresh(Supplier<CompletionStage<?>> refresh, Scheduler scheduler) {
    this(refresh, scheduler, System::nanoTime);
  }

  TopologyRefresh(Supplier<CompletionStage<?>> refresh, Scheduler scheduler, LongSupplier nanos) {
    this.refresh = refresh;
    this.scheduler = scheduler;
    this.nanos = nanos;
    this.nextAllowed = new AtomicLong(nanos.getAsLong());
  }

  /** A command failed: starts a refresh unless one runs or one ended less than a gap ago. */
  void commandFailed() {
    long now = nanos.getAsLong();
    long allowed = nextAllowed.get();
    if (now - allowed < 0 || !nextAllowed.compareAndSet(allowed, now + STUCK.toNanos())) {
      return;
    }
    started.increment();
    Mono.defer(() -> Mono.fromCompletionStage(refresh.get()))
        .subscribeOn(scheduler)
        .timeout(STUCK)
        .subscribe(null, e -> ended(), this::ended);
  }

  private void ended() {
    nextAllowed.set(nanos.getAsLong() + GAP.toNanos());
  }

  /** Refreshes started here so far. */
  long started() {
    return started.sum();
  }
}
