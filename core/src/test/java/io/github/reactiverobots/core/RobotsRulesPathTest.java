package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@link RobotsRules} reads a URL of its origin's path as {@link SplitUrl#of} does, whether the URL
 * takes the canonical shortcut (its prefix is the origin's key) or not, and refuses another
 * origin's URL either way.
 */
class RobotsRulesPathTest {
  private static final String AGENT = "PathBot";
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /p\nAllow: /p?ok\nDisallow: /*?q\n"
          .getBytes(StandardCharsets.UTF_8);

  @Test
  void readsThePathTheSplitterReads() {
    try (RobotsCache cache =
        RobotsCache.builder()
            .fetcher((o, c) -> Mono.just(FetchResult.status(200).body(BODY).build()))
            .parseScheduler(Schedulers.immediate())
            .build()) {
      RobotsRules rules = cache.rules("http://a.test:8080/").block(Duration.ofSeconds(5));
      for (String url :
          List.of(
              "http://a.test:8080/p",
              "http://a.test:8080/p?ok",
              "http://a.test:8080/x?q",
              "http://a.test:8080?q",
              "http://a.test:8080",
              "http://a.test:8080#p",
              "http://a.test:8080/p#frag",
              "http://a.test:8080/caf\u00e9?q",
              "HTTP://A.test:8080/p?ok",
              "http://a.test:08080/p",
              "http://a.test:8080\\p")) {
        String path = SplitUrl.of(url).pathAndQuery();
        assertThat(rules.check(url, AGENT)).as(url).isEqualTo(rules.check(path, AGENT));
      }
      assertThat(rules.check("http://a.test:8080/p", AGENT).allowed()).isFalse();
      assertThat(rules.check("http://a.test:8080?q", AGENT).allowed()).isFalse();
      assertThat(rules.check("http://a.test:8080/p?ok", AGENT).allowed()).isTrue();
      for (String other :
          List.of("http://a.test/p", "https://a.test:8080/p", "http://a.test:80/p")) {
        assertThatThrownBy(() -> rules.check(other, AGENT))
            .as(other)
            .isInstanceOf(IllegalArgumentException.class);
      }
    }
  }
}
