package io.github.reactiverobots.core.model;

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
    return requests / (period.toNanos() / 1e9);
  }

  /**
   * Parses {@code n/m} with an optional unit on {@code m}: {@code s} (default), {@code m} or
   * {@code h}, e.g. {@code 1/10s}, {@code 3/1m}. White space around the parts is ignored and the
   * unit may be upper-case; {@code n} and {@code m} are 1 to 9 digits, at least 1.
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
    if (!isDigits(num, 9) || !isDigits(per, 9)) {
      return Optional.empty();
    }
    int n = Integer.parseInt(num);
    long m = Long.parseLong(per);
    if (n < 1 || m < 1) {
      return Optional.empty();
    }
    return Optional.of(new RequestRate(n, Duration.ofSeconds(m * unitSeconds)));
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

  private static boolean isDigits(String s, int maxLength) {
    if (s.isEmpty() || s.length() > maxLength) {
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
