package io.github.reactiverobots.robotstxt.internal.settings;

import java.time.Duration;
import java.util.Objects;

/**
 * The checks every builder of the library applies to a setting as it is set, one per kind of limit;
 * each names the setting and the value it refused. Stateless.
 */
public final class Limits {
  /**
   * The longest duration any setting accepts: ten years, so that arithmetic on a monotonic ticker
   * in nanoseconds cannot overflow.
   */
  public static final Duration LONGEST = Duration.ofDays(3650);

  private Limits() {}

  /**
   * {@code d}, when it is 0 to {@link #LONGEST}.
   *
   * @param d the duration
   * @param what the setting's name
   * @return {@code d}
   * @throws IllegalArgumentException if it is negative or longer than {@link #LONGEST}
   */
  public static Duration nonNegative(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative()) {
      throw new IllegalArgumentException(what + " must not be negative, was " + d);
    }
    if (d.compareTo(LONGEST) > 0) {
      throw new IllegalArgumentException(what + " must be at most " + LONGEST + ", was " + d);
    }
    return d;
  }

  /**
   * {@code d}, when it is above 0 and at most {@link #LONGEST}.
   *
   * @param d the duration
   * @param what the setting's name
   * @return {@code d}
   * @throws IllegalArgumentException if it is not positive or longer than {@link #LONGEST}
   */
  public static Duration positive(Duration d, String what) {
    nonNegative(d, what);
    if (d.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + d);
    }
    return d;
  }

  /**
   * Checks that {@code min} is not above {@code max}.
   *
   * @param min the lower bound
   * @param max the upper bound
   * @param what the setting's name
   * @throws IllegalArgumentException if {@code min} is greater than {@code max}
   */
  public static void ordered(Duration min, Duration max, String what) {
    if (min.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          what + " minimum " + min + " is greater than maximum " + max);
    }
  }

  /**
   * {@code n}, when it is above 0.
   *
   * @param n the count
   * @param what the setting's name
   * @return {@code n}
   * @throws IllegalArgumentException if it is not positive
   */
  public static long positive(long n, String what) {
    if (n <= 0) {
      throw new IllegalArgumentException(what + " must be positive, was " + n);
    }
    return n;
  }

  /**
   * {@code n}, when it is above 0.
   *
   * @param n the count
   * @param what the setting's name
   * @return {@code n}
   * @throws IllegalArgumentException if it is not positive
   */
  public static int positive(int n, String what) {
    return (int) positive((long) n, what);
  }

  /**
   * {@code v}, when it is within {@code [min, max]} (NaN never is).
   *
   * @param v the value
   * @param min the least value allowed
   * @param max the greatest value allowed
   * @param what the setting's name
   * @return {@code v}
   * @throws IllegalArgumentException if it is outside the range
   */
  public static double within(double v, double min, double max, String what) {
    if (!(v >= min && v <= max)) {
      throw new IllegalArgumentException(
          what + " must be within [" + min + ", " + max + "], was " + v);
    }
    return v;
  }
}
