package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * Every method where a URL and an agent meet takes {@code (url, agent)}; both are strings, so a
 * swapped call compiles, and it must then fail loudly rather than answer for the wrong URL (before,
 * {@code RobotsTxt.check(agent, url)} and {@code RobotsCache.check(url, agent)} both existed, and a
 * swap answered {@code ALLOWED (NO_MATCHING_RULE)} for a disallowed URL).
 */
class ArgumentOrderTest {
  private static final String BODY = "User-agent: *\nDisallow: /private\n";
  private static final String URL = "https://example.com/private/page";
  private static final String AGENT = "MyBot";
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final RobotsCache cache =
      RobotsCache.builder()
          .fetcher(
              (origin, validators) ->
                  Mono.just(
                      FetchResult.status(200).body(BODY.getBytes(StandardCharsets.UTF_8)).build()))
          .crawler("MyBot/1.0 (+https://example.com/bot)")
          .build();

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void theCacheAnswersUrlThenAgentAndRefusesTheSwap() {
    assertThat(cache.check(URL, AGENT).block(WAIT).reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(cache.allowed(URL, AGENT).block(WAIT)).isFalse();
    StepVerifier.create(cache.check(AGENT, URL))
        .expectError(InvalidUrlException.class)
        .verify(WAIT);
    StepVerifier.create(cache.allowed(AGENT, URL))
        .expectError(InvalidUrlException.class)
        .verify(WAIT);
    assertThat(cache.checkIfCached(URL, AGENT).orElseThrow().allowed()).isFalse();
    assertThatThrownBy(() -> cache.checkIfCached(AGENT, URL))
        .isInstanceOf(InvalidUrlException.class);
    // A swapped checkAll: each input is an agent, not a URL, and answers with that error.
    StepVerifier.create(cache.checkAll(reactor.core.publisher.Flux.just(AGENT), URL))
        .assertNext(r -> assertThat(r.error()).containsInstanceOf(InvalidUrlException.class))
        .verifyComplete();
  }

  @Test
  void aCrawlerNamedByAUrlIsNoSwap() {
    // Real robots.txt files name crawlers by URL ("User-agent: http://www.almaden.ibm.com/..."),
    // whose token is "http": with a URL first, such an agent is checked like any other.
    String body = "User-agent: http://crawler.example/about\nDisallow: /http-only\n";
    RobotsTxt robots = RobotsTxt.parse(body.getBytes(StandardCharsets.UTF_8));
    assertThat(
            robots.check("https://example.com/http-only", "http://crawler.example/about").reason())
        .isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(
            cache
                .check("https://example.com/public", "https://crawler.example/about")
                .block(WAIT)
                .allowed())
        .isTrue();
    assertThatThrownBy(() -> robots.check("MyBot", "http://crawler.example/about"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("URL comes first");
  }

  @Test
  void theCrawlerIdentitySetOnceMakesTheUrlEnough() {
    assertThat(cache.check(URL).block(WAIT).allowed()).isFalse();
    assertThat(cache.allowed("https://example.com/public").block(WAIT)).isTrue();
    assertThat(cache.crawler().orElseThrow().token()).isEqualTo("MyBot");
    try (RobotsCache anonymous =
        RobotsCache.builder()
            .fetcher((origin, validators) -> Mono.just(FetchResult.status(404).build()))
            .build()) {
      assertThatThrownBy(() -> anonymous.check(URL))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("crawler");
    }
  }

  @Test
  void theParserAloneAnswersUrlThenAgentAndRefusesTheSwap() {
    RobotsTxt robots = RobotsTxt.parse(BODY.getBytes(StandardCharsets.UTF_8));
    assertThat(robots.check(URL, AGENT).reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(robots.allowed(URL, AGENT)).isFalse();
    assertThatThrownBy(() -> robots.check(AGENT, URL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("URL comes first");
    assertThatThrownBy(() -> robots.allowed(AGENT, URL))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void heldRulesAnswerUrlThenAgentAndRefuseTheSwap() {
    RobotsRules rules = cache.rules(URL).block(WAIT);
    assertThat(rules.check(URL, AGENT).allowed()).isFalse();
    assertThat(rules.check("/private", AGENT).allowed()).isFalse();
    assertThat(rules.check(URL).allowed()).isFalse();
    assertThatThrownBy(() -> rules.check(AGENT, URL)).isInstanceOf(InvalidUrlException.class);
    assertThatThrownBy(() -> rules.check(AGENT, "/private"))
        .isInstanceOf(InvalidUrlException.class);
    assertThatThrownBy(() -> rules.check("https://other.example/private", AGENT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not of");
  }
}
