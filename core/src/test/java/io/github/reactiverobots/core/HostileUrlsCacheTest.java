package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import reactor.test.StepVerifier;

/**
 * The hostile URLs of robotstxt's {@code HostileUrlsTest} (its test resources {@code
 * urls/hostile-urls.psv} and {@code urls/refused-hosts.psv}) through a cache: the robots.txt URL
 * the cache asks its fetcher for is the WHATWG origin's, the path matched is the one the URL
 * reading gives, and a refused host is the check's {@link InvalidUrlException} before any fetch.
 */
class HostileUrlsCacheTest {
  private static final String BODY = "User-agent: *\nDisallow: /private\n";

  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/urls/hostile-urls.psv", delimiter = '|', encoding = "UTF-8")
  void eachUrlFetchesItsOriginsRobotsTxtAndMatchesItsPath(
      String url, String origin, String matched) {
    try (CacheFixture f = new CacheFixture()) {
      f.fetcher.otherwise(ok(BODY));
      Verdict v = f.check(url);
      assertThat(f.fetcher.origins())
          .extracting(Origin::robotsTxtUrl)
          .containsExactly(origin + "/robots.txt");
      boolean privatePath = matched.startsWith("/private");
      assertThat(v.reason())
          .as(url)
          .isEqualTo(privatePath ? Reason.MATCHED_DISALLOW : Reason.NO_MATCHING_RULE);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/urls/refused-hosts.psv", delimiter = '|', encoding = "UTF-8")
  void aRefusedHostIsTheChecksErrorAndNothingIsFetched(String url, String rule) {
    try (CacheFixture f = new CacheFixture()) {
      StepVerifier.create(f.cache.check(url, CacheFixture.AGENT))
          .expectErrorSatisfies(
              e -> assertThat(e).isInstanceOf(InvalidUrlException.class).hasMessageContaining(rule))
          .verify();
      assertThat(f.fetcher.calls()).isZero();
    }
  }

  @Test
  void googleMatchesThePathAsGiven() {
    try (CacheFixture f = new CacheFixture(b -> b.profile(Profile.GOOGLE))) {
      f.fetcher.otherwise(ok(BODY));
      assertThat(f.check("http://a.com/x/../private").reason()).isEqualTo(Reason.NO_MATCHING_RULE);
      assertThat(f.check("http://a.com/private/../x").reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    }
  }
}
