package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code robots.usage.answers}: each use of each usage answer, by answer and deciding source. */
class RobotsMetricsUsageTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final RobotsCache cache =
      RobotsCache.builder()
          .fetcher(
              new FakeFetcher()
                  .otherwise(
                      ok(
                          "User-agent: *\nContent-Signal: search=yes\nContent-Usage: / train-ai=y\n"
                              + "Disallow: /private\n"))
                  .resources(() -> ok("[{\"location\": \"/books/\", \"tdm-reservation\": 1}]")))
          .crawler("AiBot/1.0")
          .build();

  private static FetchResult ok(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  @AfterEach
  void close() {
    cache.close();
  }

  private double count(String use, String answer, String source) {
    var c =
        Search.in(registry)
            .name(RobotsMetrics.USAGE_ANSWERS)
            .tag("use", use)
            .tag("answer", answer)
            .tag("source", source)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void eachUseIsCountedByItsAnswerAndDecidingSource() {
    RobotsMetrics.bind(cache, registry);
    cache.usageAnswer("https://example.com/books/1", "AiBot").block(WAIT);
    cache.usageAnswer("https://example.com/books/2", "AiBot").block(WAIT);
    cache.usageAnswer("https://example.com/about", "AiBot").block(WAIT);
    cache.usageAnswer("https://example.com/private/x", "AiBot").block(WAIT);

    assertThat(count("tdm", "reserved", "tdmrep_file")).isEqualTo(2);
    assertThat(count("train-ai", "reserved", "tdmrep_file")).isEqualTo(2);
    assertThat(count("train-ai", "allowed", "content_usage")).isEqualTo(1);
    assertThat(count("search", "allowed", "content_signal")).isEqualTo(3);
    assertThat(count("ai-use", "unknown", "none")).isEqualTo(4);
    assertThat(count("tdm", "unknown", "none")).isEqualTo(2);
    assertThat(
            Search.in(registry).name(RobotsMetrics.USAGE_ANSWERS).counters().stream()
                .mapToDouble(c -> c.count())
                .sum())
        .as("four uses per answer")
        .isEqualTo(16);
    // A plain check counts no usage answer.
    cache.check("https://example.com/books/3").block(WAIT);
    assertThat(count("tdm", "reserved", "tdmrep_file")).isEqualTo(2);
  }
}
