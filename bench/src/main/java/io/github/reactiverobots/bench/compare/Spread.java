package io.github.reactiverobots.bench.compare;

import java.util.Locale;
import org.openjdk.jmh.util.Statistics;

/**
 * A measured figure as JMH reports it over the measured iterations: their mean, and the lowest and
 * highest iteration. On a shared 2-core machine one iteration can run much slower than the next, so
 * {@code compare} prints the range beside every mean rather than one number.
 */
record Spread(double mean, double min, double max) {
  Spread {
    if (!(min <= mean && mean <= max) || min <= 0) {
      throw new IllegalArgumentException("not a positive spread: " + min + " " + mean + " " + max);
    }
  }

  /** The spread of a JMH result's iterations ({@code result.getStatistics()}). */
  static Spread of(Statistics iterations) {
    double min = iterations.getMin();
    double max = iterations.getMax();
    // A mean of equal values can round just outside them.
    return new Spread(Math.min(max, Math.max(min, iterations.getMean())), min, max);
  }

  /**
   * This figure divided by {@code other}'s: the ratio of the means, between the worst pairing (this
   * side's slowest iteration against the other's fastest) and the best.
   */
  Spread over(Spread other) {
    return new Spread(mean / other.mean, min / other.max, max / other.min);
  }

  /** The figure scaled by {@code factor}, as {@code mean (min-max)} in engineering units. */
  String scaled(double factor) {
    return engineering(mean * factor)
        + " ("
        + engineering(min * factor)
        + "-"
        + engineering(max * factor)
        + ")";
  }

  /** This spread as a ratio: {@code 4.8x (4.1-5.6)}. */
  String asRatio() {
    return String.format(Locale.ROOT, "%.1fx (%.1f-%.1f)", mean, min, max);
  }

  /**
   * Whether this ratio meets {@code target}: met when even the worst pairing does, met on the means
   * when only the means do, not met otherwise.
   */
  String verdict(double target) {
    String goal = String.format(Locale.ROOT, ">= %.0fx: ", target);
    if (min >= target) {
      return goal + "met";
    }
    return goal + (mean >= target ? "met on the means, not in the worst pairing" : "NOT met");
  }

  private static String engineering(double v) {
    if (v >= 1e9) {
      return String.format(Locale.ROOT, "%.2f G", v / 1e9);
    }
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.2f M", v / 1e6);
    }
    if (v >= 1e4) {
      return String.format(Locale.ROOT, "%.1f k", v / 1e3);
    }
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
