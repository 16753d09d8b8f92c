package io.github.reactiverobots.robotstxt.model;

import java.time.Duration;
import java.time.LocalTime;
import java.util.Objects;
import java.util.Optional;

/**
 * A group's pacing records: {@code crawl-delay}, {@code request-rate} and {@code visit-time}
 * (SEMANTICS.md §5). They never change a verdict. Merged groups keep the most restrictive of each.
 * Immutable and thread-safe.
 */
public final class Pacing {
  /** No pacing record. */
  public static final Pacing NONE = new Pacing(null, null, null);

  private final Duration crawlDelay;
  private final RequestRate requestRate;
  private final VisitTime visitTime;

  private Pacing(Duration crawlDelay, RequestRate requestRate, VisitTime visitTime) {
    this.crawlDelay = crawlDelay;
    this.requestRate = requestRate;
    this.visitTime = visitTime;
  }

  /**
   * Pacing from its three records, each of which may be null (not given).
   *
   * @param crawlDelay the crawl-delay, or null
   * @param requestRate the request rate, or null
   * @param visitTime the visit-time window, or null
   * @return the pacing
   * @throws IllegalArgumentException if the crawl-delay is negative
   */
  public static Pacing of(Duration crawlDelay, RequestRate requestRate, VisitTime visitTime) {
    if (crawlDelay != null && crawlDelay.isNegative()) {
      throw new IllegalArgumentException("negative crawl-delay " + crawlDelay);
    }
    if (crawlDelay == null && requestRate == null && visitTime == null) {
      return NONE;
    }
    return new Pacing(crawlDelay, requestRate, visitTime);
  }

  /**
   * The longest {@code crawl-delay}.
   *
   * @return the crawl-delay, when given
   */
  public Optional<Duration> crawlDelay() {
    return Optional.ofNullable(crawlDelay);
  }

  /**
   * The {@code request-rate} allowing the fewest requests per second.
   *
   * @return the request rate, when given
   */
  public Optional<RequestRate> requestRate() {
    return Optional.ofNullable(requestRate);
  }

  /**
   * The shortest {@code visit-time} window.
   *
   * @return the window, when given
   */
  public Optional<VisitTime> visitTime() {
    return Optional.ofNullable(visitTime);
  }

  /**
   * The most restrictive of each record of this and {@code other}: the longer crawl-delay, the
   * slower request rate, the shorter visit-time window.
   *
   * @param other the pacing to combine with
   * @return the combination
   */
  public Pacing stricter(Pacing other) {
    if (other == NONE) {
      return this;
    }
    if (this == NONE) {
      return other;
    }
    return new Pacing(
        longer(crawlDelay, other.crawlDelay),
        RequestRate.stricter(requestRate, other.requestRate),
        VisitTime.stricter(visitTime, other.visitTime));
  }

  private static Duration longer(Duration a, Duration b) {
    if (a == null) {
      return b;
    }
    return b == null || a.compareTo(b) >= 0 ? a : b;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pacing p
        && Objects.equals(crawlDelay, p.crawlDelay)
        && Objects.equals(requestRate, p.requestRate)
        && Objects.equals(visitTime, p.visitTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(crawlDelay, requestRate, visitTime);
  }

  @Override
  public String toString() {
    return "Pacing{crawlDelay="
        + crawlDelay
        + ", requestRate="
        + requestRate
        + ", visitTime="
        + visitTime
        + '}';
  }

  /**
   * A {@code request-rate} value: at most {@code requests} per {@code period}. Immutable.
   *
   * @param requests requests allowed per period, at least 1
   * @param period the period, positive
   */
  public record RequestRate(int requests, Duration period) {
    /**
     * The longest period {@link #parse} gives: a longer one (however many digits, even one whose
     * seconds overflow a {@code long}) is clamped to it, a year, which already means "hardly ever";
     * a pacer then caps it further at its maximum delay.
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
     * Parses {@code n/m} with an optional unit on {@code m}: {@code s} (default), {@code m} or
     * {@code h}, e.g. {@code 1/10s}, {@code 3/1m}. White space around the parts is ignored and the
     * unit may be upper-case; {@code n} and {@code m} are digits, at least 1. An absurd value is
     * clamped, never dropped: a period longer than {@link #LONGEST_PERIOD} (say {@code
     * 1/2562047788015h}) is that, and more than {@link Integer#MAX_VALUE} requests are that many.
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
     * Whether {@code time} (UTC) falls in the window: at or after {@code from} and before {@code
     * to}, wrapping past midnight when {@code from} is after {@code to}. A window whose ends are
     * equal contains no time.
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
}
