package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** The cache follows its crawler's fallback chain (Google's crawlers as the example). */
class FallbackChainCacheTest {
  private static final String BODY =
      "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /s\n";

  @Test
  void aCrawlerWithoutItsOwnGroupObeysItsFallbackBeforeStar() {
    CrawlerIdentity image =
        new CrawlerIdentity("Googlebot-Image", "Googlebot-Image/1.0").withFallbacks("Googlebot");
    for (Profile profile : Profile.values()) {
      try (CacheFixture f = new CacheFixture(b -> b.profile(profile).crawler(image))) {
        f.fetcher.otherwise(CacheFixture.ok(BODY));
        StepVerifier.create(f.cache.check("https://a.example/g/1"))
            .assertNext(v -> assertThat(v.allowed()).as(profile.name()).isFalse())
            .verifyComplete();
        StepVerifier.create(f.cache.check("https://a.example/s/1"))
            .assertNext(v -> assertThat(v.allowed()).as(profile.name()).isTrue())
            .verifyComplete();
        StepVerifier.create(f.cache.rules("https://a.example/"))
            .assertNext(r -> assertThat(r.check("https://a.example/g/1").allowed()).isFalse())
            .verifyComplete();
      }
    }
  }

  @Test
  void withoutAChainTheSameCrawlerObeysStar() {
    try (CacheFixture f =
        new CacheFixture(
            b -> b.crawler(new CrawlerIdentity("Googlebot-Image", "Googlebot-Image/1.0")))) {
      f.fetcher.otherwise(CacheFixture.ok(BODY));
      StepVerifier.create(f.cache.check("https://a.example/g/1"))
          .assertNext(v -> assertThat(v.allowed()).isTrue())
          .expectComplete()
          .verify(Duration.ofSeconds(10));
    }
  }
}
