package io.github.reactiverobots.robotstxt.model;

import java.time.Duration;
import java.time.LocalTime;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code visit-time} window, {@code HHMM-HHMM} in UTC; it may wrap past midnight. Immutable.
 *
 * @param from the start, inclusive
 * @param to the end, exclusive
 */
public record VisitTime(LocalTime from, LocalTime to) {
  /**
   * Checks both ends are present.
   *
   * @param from the start, inclusive
   * @param to the end, exclusive
   * @throws NullPointerException if either is null
   */
  public VisitTime {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
  }

  /**
   * The window's length, counting past midnight when it wraps.
   *
   * @return the length, less than a day; zero when {@code from} equals {@code to}
   */
  public Duration length() {
    Duration d = Duration.between(from, to);
    return d.isNegative() ? d.plusDays(1) : d;
  }

  /**
   * Whether {@code time} (UTC) falls in the window: at or after {@code from} and before {@code to},
   * wrapping past midnight when {@code from} is after {@code to}. A window whose ends are equal
   * contains no time.
   *
   * @param time a time of day in UTC
   * @return true if it is in the window
   */
  public boolean contains(LocalTime time) {
    if (!from.isAfter(to)) {
      return !time.isBefore(from) && time.isBefore(to);
    }
    return !time.isBefore(from) || time.isBefore(to);
  }

  /**
   * Parses {@code HHMM-HHMM} (also {@code HH:MM-HH:MM}), hours 00 to 23 and minutes 00 to 59.
   *
   * @param value the {@code visit-time} value
   * @return the window, or empty when {@code value} is not one
   */
  public static Optional<VisitTime> parse(String value) {
    String v = value.trim().replace(":", "");
    int dash = v.indexOf('-');
    if (dash < 0) {
      return Optional.empty();
    }
    LocalTime from = time(v.substring(0, dash).trim());
    LocalTime to = time(v.substring(dash + 1).trim());
    return from == null || to == null ? Optional.empty() : Optional.of(new VisitTime(from, to));
  }

  /** The more restrictive (shorter) of two windows; either may be null. */
  static VisitTime stricter(VisitTime a, VisitTime b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return b.length().compareTo(a.length()) < 0 ? b : a;
  }

  private static LocalTime time(String hhmm) {
    if (hhmm.length() != 4) {
      return null;
    }
    for (int i = 0; i < 4; i++) {
      if (hhmm.charAt(i) < '0' || hhmm.charAt(i) > '9') {
        return null;
      }
    }
    int h = Integer.parseInt(hhmm.substring(0, 2));
    int m = Integer.parseInt(hhmm.substring(2));
    return h > 23 || m > 59 ? null : LocalTime.of(h, m);
  }
}
