package io.github.reactiverobots.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HttpCacheHeadersTest {
  private static final Instant NOW = Instant.parse("1994-11-06T08:49:37Z");

  private static Duration cc(String cacheControl) {
    return HttpCacheHeaders.freshness(cacheControl, null, null, null, NOW);
  }

  @Test
  void cacheControlDirectives() {
    assertThat(cc("max-age=60")).isEqualTo(Duration.ofSeconds(60));
    assertThat(cc("Max-Age = \"120\" ")).isEqualTo(Duration.ofSeconds(120));
    assertThat(cc("public, max-age=60, s-maxage=30")).isEqualTo(Duration.ofSeconds(30));
    assertThat(cc("max-age=60, no-cache")).isEqualTo(Duration.ZERO);
    assertThat(cc("NO-STORE")).isEqualTo(Duration.ZERO);
    assertThat(cc("max-age=abc")).isNull();
    assertThat(cc("max-age=")).isNull();
    assertThat(cc("max-age=-5")).isNull();
    assertThat(cc("private")).isNull();
    assertThat(cc("")).isNull();
    assertThat(cc(null)).isNull();
    assertThat(cc("max-age=99999999999999999999")).isGreaterThan(Duration.ofDays(10_000));
  }

  @Test
  void expiresIsTakenRelativeToDateElseNowAndAgeIsSubtracted() {
    assertThat(
            HttpCacheHeaders.freshness(
                null, "Sun, 06 Nov 1994 09:49:37 GMT", "Sun, 06 Nov 1994 08:19:37 GMT", null, NOW))
        .isEqualTo(Duration.ofMinutes(90));
    assertThat(HttpCacheHeaders.freshness(null, "Sun, 06 Nov 1994 09:49:37 GMT", null, null, NOW))
        .isEqualTo(Duration.ofHours(1));
    assertThat(
            HttpCacheHeaders.freshness(
                null, "Sun, 06 Nov 1994 09:49:37 GMT", "garbage", "600", NOW))
        .isEqualTo(Duration.ofMinutes(50));
    assertThat(HttpCacheHeaders.freshness(null, "-1", null, null, NOW)).isEqualTo(Duration.ZERO);
    assertThat(HttpCacheHeaders.freshness(null, "Sun, 06 Nov 1994 07:49:37 GMT", null, null, NOW))
        .isEqualTo(Duration.ZERO);
    assertThat(HttpCacheHeaders.freshness("max-age=100", "-1", null, "30", NOW))
        .isEqualTo(Duration.ofSeconds(70));
    assertThat(HttpCacheHeaders.freshness(null, null, null, "30", NOW)).isNull();
  }

  @Test
  void theThreeHttpDateForms() {
    Instant expected = Instant.parse("1994-11-06T08:49:37Z");
    assertThat(HttpCacheHeaders.parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).isEqualTo(expected);
    assertThat(HttpCacheHeaders.parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT"))
        .isEqualTo(expected);
    assertThat(HttpCacheHeaders.parseHttpDate("Sun Nov  6 08:49:37 1994")).isEqualTo(expected);
    assertThat(HttpCacheHeaders.parseHttpDate("yesterday")).isNull();
    assertThat(HttpCacheHeaders.parseHttpDate(null)).isNull();
  }

  @Test
  void retryAfterSecondsOrDate() {
    assertThat(HttpCacheHeaders.retryAfter("120", null, NOW)).isEqualTo(Duration.ofMinutes(2));
    assertThat(HttpCacheHeaders.retryAfter("Sun, 06 Nov 1994 08:59:37 GMT", null, NOW))
        .isEqualTo(Duration.ofMinutes(10));
    assertThat(
            HttpCacheHeaders.retryAfter(
                "Sun, 06 Nov 1994 08:59:37 GMT", "Sun, 06 Nov 1994 08:58:37 GMT", NOW))
        .isEqualTo(Duration.ofMinutes(1));
    assertThat(HttpCacheHeaders.retryAfter("Sun, 06 Nov 1994 07:59:37 GMT", null, NOW))
        .isEqualTo(Duration.ZERO);
    assertThat(HttpCacheHeaders.retryAfter("1.5", null, NOW)).isNull();
    assertThat(HttpCacheHeaders.retryAfter(null, null, NOW)).isNull();
  }
}
