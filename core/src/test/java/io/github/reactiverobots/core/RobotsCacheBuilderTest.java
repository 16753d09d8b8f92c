package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class RobotsCacheBuilderTest {
  private final RobotsCacheBuilder b = RobotsCache.builder();

  @Test
  void aFetcherIsRequired() {
    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("fetcher");
  }

  @Test
  void nullsAreRejected() {
    assertThatThrownBy(() -> b.fetcher(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.profile(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.explicitAgents(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.ticker(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.clock(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.listener(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.parseScheduler(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.ttlBounds(null, Duration.ofHours(1)))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.staleCopyWindow(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void outOfRangeValuesAreRejected() {
    Duration minute = Duration.ofMinutes(1);
    Duration hour = Duration.ofHours(1);
    assertThatThrownBy(() -> b.parseLimit(1000)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.maximumWeight(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.maximumOrigins(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.ttlBounds(minute.negated(), hour))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.ttlBounds(hour, minute))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("greater");
    assertThatThrownBy(() -> b.ttlBounds(Duration.ZERO, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.retryBackoff(Duration.ZERO, hour))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.retryBackoff(hour, minute))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.staleCopyWindow(minute.negated()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.staleCopyWindow(Duration.ofDays(100_000)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.staleWhileRevalidate(minute.negated()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.fetchTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.checkAllConcurrency(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void explicitAgentsMustBeProductTokens() {
    assertThatThrownBy(() -> b.explicitAgents(Set.of("bad token/1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("explicitAgents")
        .hasMessageContaining("\"bad token/1\" is not a product token")
        .hasMessageContaining("crawler(...)");
    assertThatThrownBy(() -> b.explicitAgents(Set.of("")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.explicitAgents(Set.of("MyBot/1.0")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.explicitAgents(Set.of("Google-Extended", "my_bot"))).isSameAs(b);
  }

  @Test
  void aParseLimitAboveTheFetchersBodyCapIsRefusedNamingBoth() {
    RobotsFetcher capped =
        new RobotsFetcher() {
          @Override
          public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
            return Mono.just(FetchResult.status(404).build());
          }

          @Override
          public int maxBodyBytes() {
            return 600_000;
          }
        };
    b.fetcher(capped).parseLimit(2 << 20);
    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("parseLimit (2097152 bytes)")
        .hasMessageContaining("maxBodyBytes (600000 bytes)");
    b.parseLimit(600_000).build().close();
    b.fetcher((o, c) -> Mono.just(FetchResult.status(404).build()))
        .parseLimit(2 << 20)
        .build()
        .close();
  }

  @Test
  void aBuilderBuildsIndependentCaches() {
    b.fetcher((o, c) -> Mono.just(FetchResult.status(404).build()))
        .ttlBounds(Duration.ZERO, Duration.ofMinutes(1))
        .retryBackoff(Duration.ofSeconds(1), Duration.ofSeconds(1))
        .maximumWeight(1 << 20)
        .maximumOrigins(10);
    try (RobotsCache one = b.build();
        RobotsCache two = b.build()) {
      one.check("http://a.com/", "bot").block(Duration.ofSeconds(5));
      assertThat(one.stats().origins()).isEqualTo(1);
      assertThat(two.stats().origins()).isZero();
    }
  }
}
