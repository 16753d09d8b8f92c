package io.github.reactiverobots.robotstxt.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code request-rate} value: at most {@code requests} per {@code period}. Immutable.
 *
 * @param requests requests allowed per period, at least 1
 * @param period the period, positive
 */
public record RequestRate(int requests, Duration period) {
  /**
   * The longest period {@link #parse} gives: a longer one (however many digits, even one whose
   * seconds overflow a {@code long}) is clamped to it, a year, which already means "hardly ever"; a
   * pacer then caps it further at its maximum delay.
   */
  public static final Duration LONGEST_PERIOD = Duration.ofDays(365);

  /**
   * Validates the rate.
   *
   * @param requests requests allowed per period
   * @param period the period
   * @throws IllegalArgumentException if {@code requests} is below 1 or {@code period} is not
   *     positive
   */
  public RequestRate {
    Objects.requireNonNull(period, "period");
    if (requests < 1 || period.isZero() || period.isNegative()) {
      throw new IllegalArgumentException("invalid request rate " + requests + "/" + period);
    }
  }

  /**
   * Requests per second.
   *
   * @return {@code requests} divided by the period in seconds
   */
  public double perSecond() {
    // Not toNanos(): a period over 292 years would overflow it.
    return requests / (period.getSeconds() + period.getNano() / 1e9);
  }

  /**
   * Parses {@code n/m} with an optional unit on {@code m}: {@code s} (default), {@code m} or {@code
   * h}, e.g. {@code 1/10s}, {@code 3/1m}. White space around the parts is ignored and the unit may
   * be upper-case; {@code n} and {@code m} are digits, at least 1. An absurd value is clamped,
   * never dropped: a period longer than {@link #LONGEST_PERIOD} (say {@code 1/2562047788015h}) is
   * that, and more than {@link Integer#MAX_VALUE} requests are that many.
   *
   * @param value the {@code request-rate} value
   * @return the rate, or empty when {@code value} is not one
   */
  public static Optional<RequestRate> parse(String value) {
    String v = value.trim();
    int slash = v.indexOf('/');
    if (slash <= 0) {
      return Optional.empty();
    }
    String num = v.substring(0, slash).trim();
    String per = v.substring(slash + 1).trim();
    long unitSeconds = 1;
    if (!per.isEmpty()) {
      char unit = Character.toLowerCase(per.charAt(per.length() - 1));
      if (unit == 's' || unit == 'm' || unit == 'h') {
        unitSeconds = unit == 's' ? 1 : unit == 'm' ? 60 : 3600;
        per = per.substring(0, per.length() - 1).trim();
      }
    }
    if (!isDigits(num) || !isDigits(per)) {
      return Optional.empty();
    }
    long n = clampedNumber(num, Integer.MAX_VALUE);
    long longest = LONGEST_PERIOD.getSeconds();
    long m = clampedNumber(per, longest);
    if (n < 1 || m < 1) {
      return Optional.empty();
    }
    long seconds = m > longest / unitSeconds ? longest : m * unitSeconds;
    return Optional.of(new RequestRate((int) n, Duration.ofSeconds(seconds)));
  }

  /** The value of {@code digits}, or {@code max} when it is larger (any number of digits). */
  private static long clampedNumber(String digits, long max) {
    int start = 0;
    while (start < digits.length() - 1 && digits.charAt(start) == '0') {
      start++;
    }
    String d = digits.substring(start);
    return d.length() > 18 ? max : Math.min(max, Long.parseLong(d));
  }

  /** The more restrictive (fewer requests per second) of two rates; either may be null. */
  static RequestRate stricter(RequestRate a, RequestRate b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return b.perSecond() < a.perSecond() ? b : a;
  }

  private static boolean isDigits(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
