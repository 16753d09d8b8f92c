package io.github.reactiverobots.tester;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One console line per period at most for a recurring event (a malformed request): the first event
 * is written at once, later ones are counted, and the next event after the period writes one line
 * with the count of those it held back. Lock-free; safe from any thread (the console write is the
 * caller's {@code console}, which must not block the calling thread).
 */
final class ThrottledLog {
  private final Duration period;
  private final LongSupplier nanoTime;
  private final Consumer<String> console;
  private final AtomicLong nextAt;
  private final AtomicLong heldBack = new AtomicLong();
  private final AtomicLong events = new AtomicLong();

  /**
   * @param period the shortest time between two lines
   * @param nanoTime the clock ({@code System::nanoTime}; a test's own)
   * @param console where the lines go
   */
  ThrottledLog(Duration period, LongSupplier nanoTime, Consumer<String> console) {
    this.period = period;
    this.nanoTime = nanoTime;
    this.console = console;
    this.nextAt = new AtomicLong(nanoTime.getAsLong());
  }

  /**
   * Records one event; writes {@code what} (and how many were held back since the last line) when
   * the period since the last line has passed.
   */
  void record(String what) {
    events.incrementAndGet();
    long now = nanoTime.getAsLong();
    long next = nextAt.get();
    if (now - next >= 0 && nextAt.compareAndSet(next, now + period.toNanos())) {
      long held = heldBack.getAndSet(0);
      console.accept(
          what
              + (held > 0 ? " (and " + held + " more since the last such line)" : "")
              + "; further ones are logged at most once every "
              + period.toSeconds()
              + " s");
    } else {
      heldBack.incrementAndGet();
    }
  }

  /** How many events were recorded, written or not. */
  long events() {
    return events.get();
  }
}
