package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SEMANTICS.md §3 through the cache: under {@code RFC_9309} a pattern's {@code %2A} and {@code %24}
 * match a literal {@code *} and {@code $} of the URL's path, written plain or encoded, while a
 * {@code *} stays the wildcard; {@code GOOGLE} compares octets as written. Every URL is asked
 * through {@code check}, {@code checkIfCached} (the warm path, which matches the path's bytes in
 * place when it can), {@code allowed} and the cached rules, which must agree.
 */
class EscapedSpecialCharactersCacheTest {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final byte[] BODY =
      ("User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /%24\n"
              + "Disallow: /a*b\nDisallow: /x$\n")
          .getBytes(StandardCharsets.UTF_8);

  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource({
    "RFC_9309, /path/file-with-a-*.html, false",
    "RFC_9309, /path/file-with-a-%2A.html, false",
    "RFC_9309, /path/file-with-a-%2a.html, false",
    "RFC_9309, /path/file-with-a-x.html, true",
    "RFC_9309, /$100, false",
    "RFC_9309, /%24100, false",
    "RFC_9309, /100, true",
    "RFC_9309, /a-anything-b, false",
    "RFC_9309, /a*b, false",
    "RFC_9309, /x, false",
    "RFC_9309, /x$, true",
    "GOOGLE, /path/file-with-a-*.html, true",
    "GOOGLE, /path/file-with-a-%2A.html, false",
    "GOOGLE, /$100, true",
    "GOOGLE, /%24100, false",
    "GOOGLE, /a-anything-b, false",
    "GOOGLE, /x, false"
  })
  void theCacheAndItsWarmPathReadEscapesAsTheParserDoes(
      Profile profile, String path, boolean allowed) {
    FakeFetcher fetcher = new FakeFetcher().otherwise(FetchResult.status(200).body(BODY).build());
    try (RobotsCache cache =
        RobotsCache.builder().fetcher(fetcher).profile(profile).crawler("TestBot").build()) {
      String url = "http://example.test" + path;
      assertThat(cache.check(url).block(WAIT).allowed()).as("check").isEqualTo(allowed);
      // Twice: the second finds the origin among the recent ones and matches the path in place.
      assertThat(cache.checkIfCached(url).orElseThrow().allowed()).isEqualTo(allowed);
      assertThat(cache.checkIfCached(url).orElseThrow().allowed())
          .as("checkIfCached, warm")
          .isEqualTo(allowed);
      assertThat(cache.allowed(url).block(WAIT)).as("allowed").isEqualTo(allowed);
      assertThat(cache.rules(url).block(WAIT).check(url).allowed()).as("rules").isEqualTo(allowed);
    }
  }
}
