package io.github.reactiverobots.core.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The cache's single notion of time: a ticker (nanoseconds, monotonic) for every freshness and
 * retention decision, anchored once to a wall {@link Clock} so that the instants reported in {@code
 * OriginState} move with the ticker. A test that injects a fake ticker thus controls both.
 * Immutable and thread-safe.
 */
public final class TimeSource {
  private final LongSupplier ticker;
  private final Instant anchorWall;
  private final long anchorNanos;

  TimeSource(LongSupplier ticker, Clock clock) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.anchorNanos = ticker.getAsLong();
    this.anchorWall = Objects.requireNonNull(clock, "clock").instant();
  }

  /** The current ticker reading, in nanoseconds. */
  public long nanos() {
    return ticker.getAsLong();
  }

  /** The wall-clock instant of a ticker reading. */
  public Instant instantAt(long nanos) {
    return anchorWall.plusNanos(nanos - anchorNanos);
  }

  /** The ticker reading of a wall-clock instant (saturating far outside the ticker's range). */
  long nanosAt(Instant instant) {
    return saturatedAdd(anchorNanos, saturatedNanos(Duration.between(anchorWall, instant)));
  }

  /** {@code d} in nanoseconds, saturated to the range of a long. */
  static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /** {@code a + b}, saturated to the range of a long. */
  static long saturatedAdd(long a, long b) {
    long r = a + b;
    if (((a ^ r) & (b ^ r)) < 0) {
      return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return r;
  }
}
