package io.github.reactiverobots.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.model.Pacing;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The pacer's builder: defaults, the agent, and a clear error for every bad setting. */
class PacerBuilderTest {
  private final RobotsCache anonymous = RobotsCache.builder().fetcher(new FakeFetcher()).build();
  private final RobotsCache identified =
      RobotsCache.builder()
          .fetcher(new FakeFetcher())
          .crawler("MyCrawler/1.0 (+https://example.com/bot)")
          .build();

  @AfterEach
  void close() {
    anonymous.close();
    identified.close();
  }

  @Test
  void theAgentDefaultsToTheCachesCrawlerAndCanBeSetPerPacer() {
    assertThat(Pacer.builder(identified).build().agent()).isEqualTo("MyCrawler");
    assertThat(Pacer.builder(identified).agent("OtherBot/2.0").build().agent())
        .isEqualTo("OtherBot/2.0");
    assertThat(Pacer.builder(anonymous).agent("OtherBot").build().agent()).isEqualTo("OtherBot");
    assertThatThrownBy(() -> Pacer.builder(anonymous).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no agent");
    assertThatThrownBy(() -> Pacer.builder(anonymous).agent("/1.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("product token");
  }

  /** The agents every entry point of the cache refuses (core's AgentValidationTest). */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "*",
        " MyBot",
        "\u041e\u043f\u0430\u0441\u0431\u043e\u0442",
        "008bot",
        "/MyBot",
        "Mozilla",
        "mozilla/5.0",
        "Mozilla/5.0 (compatible; MyBot/1.0; +https://mybot.example/about)"
      })
  void theBuilderRefusesAnAgentNamingNoCrawler(String agent) {
    assertThatThrownBy(() -> Pacer.builder(identified).agent(agent))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void defaultsAreOneSecondApartCappedAtThirtySeconds() {
    Pacer pacer = Pacer.builder(identified).build();
    assertThat(pacer.interval(Pacing.NONE)).isEqualTo(Duration.ofSeconds(1));
    assertThat(pacer.interval(Pacing.of(Duration.ofSeconds(86_400), null, null)))
        .isEqualTo(Duration.ofSeconds(30));
    assertThat(pacer.waiting()).isZero();
    assertThat(pacer.inFlight()).isZero();
  }

  @Test
  void everyBadSettingIsRefusedWithItsName() {
    PacerBuilder b = Pacer.builder(identified);
    assertThatThrownBy(() -> b.minimumDelay(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minimumDelay");
    assertThatThrownBy(() -> b.maximumDelay(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maximumDelay");
    assertThatThrownBy(() -> b.maximumDelay(Duration.ofDays(4000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maximumDelay");
    assertThatThrownBy(() -> b.perOriginConcurrency(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("perOriginConcurrency");
    assertThatThrownBy(() -> b.perOriginQueue(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("perOriginQueue");
    assertThatThrownBy(() -> b.totalQueue(-3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("totalQueue");
    assertThatThrownBy(() -> b.backoff(Duration.ofMinutes(2), Duration.ofMinutes(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("greater than");
    assertThatThrownBy(() -> b.lease(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lease");
    assertThatThrownBy(() -> b.scheduler(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(
            () ->
                Pacer.builder(identified)
                    .minimumDelay(Duration.ofMinutes(1))
                    .maximumDelay(Duration.ofSeconds(10))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minimumDelay PT1M is longer than maximumDelay PT10S");
    assertThatThrownBy(() -> Pacer.builder(null)).isInstanceOf(NullPointerException.class);
  }
}
