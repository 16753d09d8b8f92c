package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** SEMANTICS.md §5 and §8 through the cache: {@code License:} records and Content-Signal use=. */
class RobotsCacheLicenseTest {
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final RobotsCache cache =
      RobotsCache.builder()
          .fetcher(
              (origin, validators) ->
                  Mono.fromSupplier(
                      () ->
                          FetchResult.status(200)
                              .body(
                                  String.join(
                                          "\n",
                                          "License: https://example.com/license.xml",
                                          "User-agent: *",
                                          "Content-Signal: search=yes, ai-train=no, use=reference",
                                          "License: https://rsl.example/terms.xml",
                                          "Disallow: /private")
                                      .getBytes(StandardCharsets.UTF_8))
                              .build()))
          .crawler("AiBot/1.0 (+https://example.com/bot)")
          .build();

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void licensesBesideSitemapsAndUseBesideTheSignals() {
    RobotsRules rules = cache.rules("https://example.com/").block(WAIT);
    assertThat(rules.licenses())
        .containsExactly("https://example.com/license.xml", "https://rsl.example/terms.xml");
    Usage usage = cache.usage("https://example.com/page").block(WAIT);
    assertThat(usage.signals().use()).contains("reference");
    assertThat(usage.signals().preference(ContentSignal.AI_TRAIN)).isEqualTo(Preference.DISALLOW);
    assertThat(cache.check("https://example.com/private/x").block(WAIT).allowed()).isFalse();
  }
}
