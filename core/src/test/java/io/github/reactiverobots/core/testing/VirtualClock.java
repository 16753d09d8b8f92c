package io.github.reactiverobots.core.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import reactor.core.scheduler.Schedulers;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * One virtual time for a test: a {@link VirtualTimeScheduler} installed as every Reactor scheduler
 * (so {@code delayElement}, timeouts and the parse scheduler run on it), and a ticker reading the
 * same time, so that advancing it moves the cache's freshness too. Close it after the test to
 * restore Reactor's schedulers.
 */
public final class VirtualClock implements AutoCloseable {
  private final VirtualTimeScheduler scheduler = VirtualTimeScheduler.create();

  public VirtualClock() {
    VirtualTimeScheduler.set(scheduler);
  }

  public VirtualTimeScheduler scheduler() {
    return scheduler;
  }

  public LongSupplier ticker() {
    return () -> scheduler.now(TimeUnit.NANOSECONDS);
  }

  /** Advances virtual time, running the tasks that fall due. */
  public void advance(Duration d) {
    scheduler.advanceTimeBy(d);
  }

  /** Virtual time elapsed since creation. */
  public Duration elapsed() {
    return Duration.ofNanos(scheduler.now(TimeUnit.NANOSECONDS));
  }

  @Override
  public void close() {
    VirtualTimeScheduler.reset();
    // reset() restores the factory active before the latest set(); clocks closed out of order
    // would leave a virtual one installed for later tests, so restore the default outright.
    Schedulers.resetFactory();
  }
}
