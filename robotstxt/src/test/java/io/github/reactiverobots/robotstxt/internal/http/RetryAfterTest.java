package io.github.reactiverobots.robotstxt.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code Retry-After} as RFC 9110 §10.2.3 writes it: delay-seconds or an HTTP-date. */
class RetryAfterTest {
  private static final Instant NOW = Instant.parse("1994-11-06T08:49:37Z");

  @Test
  void delaySecondsWithSurroundingSpaceAndLeadingZeros() {
    assertThat(RetryAfter.parse("120", NOW)).contains(Duration.ofMinutes(2));
    assertThat(RetryAfter.parse(" 0042 ", NOW)).contains(Duration.ofSeconds(42));
    assertThat(RetryAfter.parse("0", NOW)).contains(Duration.ZERO);
    assertThat(RetryAfter.parse("99999999999999999999", NOW))
        .contains(Duration.ofSeconds(1_000_000_000_000L));
  }

  @Test
  void anHttpDateInEachFormIsMeasuredFromTheReference() {
    assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:59:37 GMT", NOW))
        .contains(Duration.ofMinutes(10));
    assertThat(RetryAfter.parse("Sunday, 06-Nov-94 08:50:37 GMT", NOW))
        .contains(Duration.ofMinutes(1));
    assertThat(RetryAfter.parse("Sun Nov  6 08:49:47 1994", NOW)).contains(Duration.ofSeconds(10));
    assertThat(RetryAfter.parse("Sun, 06 Nov 1994 07:49:37 GMT", NOW)).contains(Duration.ZERO);
  }

  @Test
  void anythingElseIsAbsent() {
    assertThat(RetryAfter.parse(null, NOW)).isEmpty();
    assertThat(RetryAfter.parse("", NOW)).isEmpty();
    assertThat(RetryAfter.parse("1.5", NOW)).isEmpty();
    assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
    assertThat(RetryAfter.parse("tomorrow", NOW)).isEmpty();
    assertThat(RetryAfter.httpDate("06 Nov 1994")).isEmpty();
    assertThat(RetryAfter.httpDate(null)).isEmpty();
  }
}
