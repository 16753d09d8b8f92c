package io.github.reactiverobots.robotstxt.internal.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a {@code Retry-After} field value (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date in any
 * of the three forms of RFC 9110 §5.6.7. Lenient: a malformed value reads as absent. Stateless and
 * thread-safe.
 */
public final class RetryAfter {
  /** Delay-seconds beyond this many digits saturate (about 31,700 years). */
  private static final int MAX_DIGITS = 12;

  private static final DateTimeFormatter RFC_850 =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("EEEE, dd-MMM-")
          .appendValueReduced(ChronoField.YEAR, 2, 2, 1970)
          .appendPattern(" HH:mm:ss 'GMT'")
          .toFormatter(Locale.US)
          .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter ASCTIME =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("EEE MMM")
          .appendLiteral(' ')
          .optionalStart()
          .appendLiteral(' ')
          .optionalEnd()
          .appendPattern("d HH:mm:ss yyyy")
          .toFormatter(Locale.US)
          .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter[] HTTP_DATE_FORMS = {
    DateTimeFormatter.RFC_1123_DATE_TIME, RFC_850, ASCTIME
  };

  private RetryAfter() {}

  /**
   * The delay a {@code Retry-After} value asks for: its delay-seconds, or its HTTP-date less {@code
   * reference} (the response's {@code Date}, or the time it was received).
   *
   * @param value the field value, or null
   * @param reference the time an HTTP-date is measured from
   * @return the delay, zero or more (zero for a date in the past); empty when {@code value} is null
   *     or neither form
   */
  public static Optional<Duration> parse(String value, Instant reference) {
    Objects.requireNonNull(reference, "reference");
    if (value == null) {
      return Optional.empty();
    }
    String v = value.trim();
    if (!v.isEmpty() && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
      String digits = v.replaceFirst("^0+(?=.)", "");
      return Optional.of(
          Duration.ofSeconds(
              digits.length() > MAX_DIGITS
                  ? (long) Math.pow(10, MAX_DIGITS)
                  : Long.parseLong(digits)));
    }
    return httpDate(v)
        .map(
            at -> {
              Duration d = Duration.between(reference, at);
              return d.isNegative() ? Duration.ZERO : d;
            });
  }

  /**
   * An HTTP-date in any of the three forms of RFC 9110 §5.6.7 (IMF-fixdate, RFC 850, asctime); the
   * same reading serves {@code Expires} and {@code Date}.
   *
   * @param value the date, or null
   * @return the instant; empty when {@code value} is null or malformed
   */
  public static Optional<Instant> httpDate(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String v = value.trim();
    for (DateTimeFormatter f : HTTP_DATE_FORMS) {
      try {
        return Optional.of(f.parse(v, Instant::from));
      } catch (DateTimeParseException e) {
        // try the next form
      }
    }
    return Optional.empty();
  }
}
