package io.github.reactiverobots.core.parse;

import java.time.Duration;

/** Parses {@code crawl-delay} values: seconds, a decimal fraction allowed. */
final class CrawlDelays {
  /** Longer delays are clamped: a year between requests already means "never". */
  private static final long MAX_SECONDS = 365L * 24 * 3600;

  private CrawlDelays() {}

  /** The delay, or null when {@code value} is not a non-negative decimal number. */
  static Duration parse(String value) {
    String v = value.trim();
    int dot = v.indexOf('.');
    String whole = dot < 0 ? v : v.substring(0, dot);
    String fraction = dot < 0 ? "" : v.substring(dot + 1);
    if ((whole.isEmpty() && fraction.isEmpty()) || !digits(whole) || !digits(fraction)) {
      return null;
    }
    long seconds = whole.isEmpty() ? 0 : whole.length() > 12 ? MAX_SECONDS : Long.parseLong(whole);
    if (seconds >= MAX_SECONDS) {
      return Duration.ofSeconds(MAX_SECONDS);
    }
    long nanos = 0;
    for (int i = 0, scale = 100_000_000; i < fraction.length() && i < 9; i++, scale /= 10) {
      nanos += (fraction.charAt(i) - '0') * (long) scale;
    }
    return Duration.ofSeconds(seconds, nanos);
  }

  private static boolean digits(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
