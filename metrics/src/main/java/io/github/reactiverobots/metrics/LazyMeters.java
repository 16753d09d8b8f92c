package io.github.reactiverobots.metrics;

import io.micrometer.core.instrument.Meter;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * One meter per tag combination of a bounded set, numbered from 0, each registered the first time
 * its number is asked for: a combination that never occurs publishes no series, and asking again
 * does no lookup and allocates nothing.
 *
 * <p>Thread-safe.
 *
 * @param <M> the type of meter
 */
final class LazyMeters<M extends Meter> {
  private final AtomicReferenceArray<M> meters;
  private final IntFunction<M> register;

  /**
   * @param combinations how many combinations there are
   * @param register registers the meter of a combination; registering the same one twice must give
   *     the same meter (as a registry does)
   */
  LazyMeters(int combinations, IntFunction<M> register) {
    this.meters = new AtomicReferenceArray<>(combinations);
    this.register = register;
  }

  /**
   * The meter of combination {@code i}, registered on the first call.
   *
   * @throws IndexOutOfBoundsException if {@code i} is not a combination's number
   */
  M get(int i) {
    M m = meters.get(i);
    if (m == null) {
      // Registering is idempotent, so two threads racing here get and store the same meter.
      m = register.apply(i);
      meters.set(i, m);
    }
    return m;
  }
}
