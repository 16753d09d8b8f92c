package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.internal.http.RetryAfter;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * Reads the HTTP headers that decide how long a robots.txt answer is kept: the freshness lifetime
 * from {@code Cache-Control}, {@code Expires}, {@code Date} and {@code Age} (RFC 9111 §4.2), and
 * {@code Retry-After} (RFC 9110 §10.2.3). Lenient: a malformed value is treated as absent, except a
 * malformed {@code Expires}, which RFC 9111 says means "already expired". Stateless and
 * thread-safe.
 *
 * <p>Choices: the cache acts as a shared cache, so {@code s-maxage} wins over {@code max-age};
 * {@code no-store} and {@code no-cache} mean a lifetime of zero (which the caller then raises to
 * its minimum TTL: robots.txt must be kept a little while whatever the server says); {@code
 * private} and {@code must-revalidate} are ignored.
 */
public final class HttpCacheHeaders {
  private HttpCacheHeaders() {}

  /**
   * The remaining freshness the headers grant: the lifetime ({@code s-maxage}, else {@code
   * max-age}, else {@code Expires} minus {@code Date}) minus {@code Age}.
   *
   * @param now the current wall time, used when {@code Date} is absent or malformed
   * @return the remaining freshness (zero or more), or null when the headers say nothing
   */
  static Duration freshness(
      String cacheControl, String expires, String date, String age, Instant now) {
    Duration lifetime = cacheControlLifetime(cacheControl);
    if (lifetime == null && expires != null) {
      Instant exp = parseHttpDate(expires);
      if (exp == null) {
        lifetime = Duration.ZERO;
      } else {
        lifetime = Duration.between(dateOr(date, now), exp);
      }
    }
    if (lifetime == null) {
      return null;
    }
    long ageSeconds = parseSeconds(age);
    if (ageSeconds > 0) {
      lifetime = lifetime.minusSeconds(ageSeconds);
    }
    return lifetime.isNegative() ? Duration.ZERO : lifetime;
  }

  /**
   * The delay a {@code Retry-After} value asks for: delay-seconds, or an HTTP-date taken relative
   * to {@code Date} (or {@code now} when {@code Date} is absent).
   *
   * @return the delay (zero or more), or null when absent or malformed
   */
  static Duration retryAfter(String retryAfter, String date, Instant now) {
    return RetryAfter.parse(retryAfter, dateOr(date, now)).orElse(null);
  }

  /** The instant of a {@code Date} header, or {@code now} when it is absent or malformed. */
  private static Instant dateOr(String date, Instant now) {
    return RetryAfter.httpDate(date).orElse(now);
  }

  /** The lifetime from {@code Cache-Control}, or null when it gives none. */
  static Duration cacheControlLifetime(String cacheControl) {
    if (cacheControl == null) {
      return null;
    }
    long maxAge = -1;
    long sMaxAge = -1;
    for (String part : cacheControl.split(",")) {
      String directive = part.trim();
      int eq = directive.indexOf('=');
      String name =
          (eq < 0 ? directive : directive.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
      String value = eq < 0 ? null : unquote(directive.substring(eq + 1).trim());
      switch (name) {
        case "no-store", "no-cache" -> {
          return Duration.ZERO;
        }
        case "max-age" -> maxAge = Math.max(maxAge, parseSeconds(value));
        case "s-maxage" -> sMaxAge = Math.max(sMaxAge, parseSeconds(value));
        default -> {}
      }
    }
    long seconds = sMaxAge >= 0 ? sMaxAge : maxAge;
    return seconds >= 0 ? Duration.ofSeconds(seconds) : null;
  }

  /**
   * A non-negative decimal integer of seconds, saturated at ten decimal digits' worth (RFC 9111
   * §1.2.2 asks for at least 2^31); -1 when {@code s} is not one.
   */
  static long parseSeconds(String s) {
    if (s == null) {
      return -1;
    }
    String v = s.trim();
    if (v.isEmpty()) {
      return -1;
    }
    long n = 0;
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n >= 1_000_000_000_000L ? n : n * 10 + (c - '0');
    }
    return n;
  }

  /** An HTTP-date in any of the three forms of RFC 9110 §5.6.7, or null when malformed. */
  static Instant parseHttpDate(String s) {
    return RetryAfter.httpDate(s).orElse(null);
  }

  private static String unquote(String v) {
    return v.length() >= 2 && v.charAt(0) == '"' && v.charAt(v.length() - 1) == '"'
        ? v.substring(1, v.length() - 1)
        : v;
  }
}
