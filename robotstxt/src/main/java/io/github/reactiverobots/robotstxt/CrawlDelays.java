package io.github.reactiverobots.robotstxt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Parses {@code crawl-delay} values: seconds, a decimal fraction allowed. */
final class CrawlDelays {
  /** Longer delays are clamped: a year between requests already means "never". */
  private static final long MAX_SECONDS = 365L * 24 * 3600;

  private CrawlDelays() {}

  /** The delay, or null when {@code value} is not a non-negative decimal number. */
  static Duration parse(String value) {
    byte[] b = value.getBytes(StandardCharsets.ISO_8859_1);
    return parse(b, 0, b.length);
  }

  /**
   * The delay the byte string {@code d[from, to)} gives, or null when, white space and control
   * bytes around it trimmed (as {@link String#trim()} trims), it is not a non-negative decimal
   * number.
   */
  static Duration parse(byte[] d, int from, int to) {
    while (from < to && isTrimmed(d[from])) {
      from++;
    }
    while (to > from && isTrimmed(d[to - 1])) {
      to--;
    }
    int dot = from;
    while (dot < to && d[dot] != '.') {
      dot++;
    }
    int fractionFrom = Math.min(dot + 1, to);
    if ((dot == from && fractionFrom == to)
        || !digits(d, from, dot)
        || !digits(d, fractionFrom, to)) {
      return null;
    }
    int wholeLength = dot - from;
    long seconds = wholeLength > 12 ? MAX_SECONDS : 0;
    for (int i = from; i < dot && wholeLength <= 12; i++) {
      seconds = 10 * seconds + (d[i] - '0');
    }
    if (seconds >= MAX_SECONDS) {
      return Duration.ofSeconds(MAX_SECONDS);
    }
    long nanos = 0;
    for (int i = fractionFrom, scale = 100_000_000; i < to && i < fractionFrom + 9; i++) {
      nanos += (d[i] - '0') * (long) scale;
      scale /= 10;
    }
    return Duration.ofSeconds(seconds, nanos);
  }

  private static boolean isTrimmed(byte b) {
    return b >= 0 && b <= ' ';
  }

  private static boolean digits(byte[] d, int from, int to) {
    for (int i = from; i < to; i++) {
      if (d[i] < '0' || d[i] > '9') {
        return false;
      }
    }
    return true;
  }
}
