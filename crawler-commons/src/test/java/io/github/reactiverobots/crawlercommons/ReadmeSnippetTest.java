package io.github.reactiverobots.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.testing.FakeFetcher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The code of the README section "Using it from Nutch, StormCrawler or any crawler-commons user"
 * (the root README and this module's), run as written: each snippet between the markers is the
 * README's code block, line for line.
 */
class ReadmeSnippetTest {
  private static final String ROBOTS =
      "User-agent: googlebot\nDisallow: /private\nCrawl-delay: 1\n\nUser-agent: *\nDisallow: /\n";

  @Test
  void theOneLineChange() {
    String robotsUrl = "https://example.com/robots.txt";
    byte[] body = ROBOTS.getBytes(StandardCharsets.UTF_8);
    // README: parser
    // Before: BaseRobotsParser parser = new SimpleRobotRulesParser();
    BaseRobotsParser parser = new ReactiveRobotsParser();
    BaseRobotRules rules =
        parser.parseContent(robotsUrl, body, "text/plain", List.of("mycrawler", "googlebot"));
    boolean fetch = rules.isAllowed("https://example.com/path?q");
    long delayMillis = rules.getCrawlDelay();
    // README: end
    assertThat(fetch).as("mycrawler obeys googlebot's group, its fallback").isTrue();
    assertThat(rules.isAllowed("https://example.com/private/x")).isFalse();
    assertThat(delayMillis).isEqualTo(1_000);
  }

  @Test
  void theBlockingFaceOfTheCache() {
    RobotsFetcher fetcher =
        new FakeFetcher()
            .otherwise(
                FetchResult.status(200).body(ROBOTS.getBytes(StandardCharsets.UTF_8)).build());
    // README: cache
    RobotsCache cache =
        RobotsCache.builder()
            .fetcher(fetcher)
            .crawler(RobotNames.identity(List.of("mycrawler", "googlebot")))
            .build();
    BlockingRobotsCache robots = BlockingRobotsCache.of(cache);
    // On a fetcher thread, never on an event loop:
    BaseRobotRules site = robots.rules("https://example.com/path", Duration.ofSeconds(10));
    if (site.isDeferVisits()) {
      // requeue the host: its robots.txt is unreachable for now
    } else if (site.isAllowed("https://example.com/path")) {
      // fetch, at most one request every site.getCrawlDelay() milliseconds
    }
    // README: end
    try (cache) {
      assertThat(site.isDeferVisits()).isFalse();
      assertThat(site.isAllowed("https://example.com/path")).isTrue();
      assertThat(site.getCrawlDelay()).isEqualTo(1_000);
    }
  }
}
