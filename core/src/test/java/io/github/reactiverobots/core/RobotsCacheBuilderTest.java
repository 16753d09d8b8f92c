package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class RobotsCacheBuilderTest {
  private final RobotsCacheBuilder b = RobotsCache.builder();

  @Test
  void aFetcherIsRequired() {
    assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class)
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
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("greater");
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
  void aBuilderBuildsIndependentCaches() {
    b.fetcher((o, c) -> Mono.just(FetchResult.status(404).build()))
        .ttlBounds(Duration.ZERO, Duration.ofMinutes(1))
        .retryBackoff(Duration.ofSeconds(1), Duration.ofSeconds(1))
        .maximumWeight(1 << 20).maximumOrigins(10);
    try (RobotsCache one = b.build(); RobotsCache two = b.build()) {
      one.check("http://a.com/", "bot").block(Duration.ofSeconds(5));
      assertThat(one.stats().origins()).isEqualTo(1);
      assertThat(two.stats().origins()).isZero();
    }
  }
}
