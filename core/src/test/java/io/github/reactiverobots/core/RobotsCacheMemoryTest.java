package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.testing.RecordingListener;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** The weight bound, the count bound, and eviction's indifference to fetches in flight. */
class RobotsCacheMemoryTest {
  private static final String BODY;

  static {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 40; i++) {
      sb.append("Disallow: /section-").append(i).append("/private/\n");
    }
    BODY = sb.toString();
  }

  private static FetchResult ok() {
    return FetchResult.status(200).body(BODY.getBytes(StandardCharsets.UTF_8)).build();
  }

  private static RobotsCacheBuilder immediate(RobotsFetcher fetcher) {
    return RobotsCache.builder().fetcher(fetcher).parseScheduler(Schedulers.immediate());
  }

  @Test
  void aSmallWeightBoundKeepsTheCacheWithinIt() {
    long bound = 64 * 1024;
    RecordingListener events = new RecordingListener();
    try (RobotsCache cache =
        immediate((o, c) -> Mono.just(ok())).maximumWeight(bound).listener(events).build()) {
      long entryWeight = 0;
      for (int i = 0; i < 2_000; i++) {
        StepVerifier.create(cache.check("https://o" + i + ".example/section-1/private/", "bot"))
            .assertNext(v -> assertThat(v.allowed()).isFalse())
            .verifyComplete();
        if (i == 0) {
          entryWeight = cache.stats().weightBytes();
        }
        assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(bound);
      }
      assertThat(entryWeight).isGreaterThan(1_000);
      CacheStats stats = cache.stats();
      assertThat(stats.origins()).isLessThanOrEqualTo(bound / entryWeight).isGreaterThan(0);
      assertThat(events.evictions(EvictionCause.SIZE))
          .isGreaterThanOrEqualTo(2_000 - bound / entryWeight);
    }
  }

  @Test
  void aCountBoundKeepsTheNumberOfOriginsWithinIt() {
    try (RobotsCache cache =
        immediate((o, c) -> Mono.just(FetchResult.status(404).build()))
            .maximumOrigins(100)
            .build()) {
      for (int i = 0; i < 1_000; i++) {
        StepVerifier.create(cache.allowed("https://o" + i + ".example/", "bot"))
            .expectNext(true)
            .verifyComplete();
        assertThat(cache.stats().origins()).isLessThanOrEqualTo(100);
      }
      assertThat(cache.stats().origins()).isGreaterThan(50);
    }
  }

  @Test
  void evictionNeverDropsTheWaitersOfAFetchInFlight() {
    Sinks.One<FetchResult> slow = Sinks.one();
    Origin slowOrigin = Origin.of("https://slow.example");
    AtomicInteger slowCalls = new AtomicInteger();
    RobotsFetcher fetcher =
        (origin, c) -> {
          if (origin.equals(slowOrigin)) {
            slowCalls.incrementAndGet();
            return slow.asMono();
          }
          return Mono.just(ok());
        };
    try (RobotsCache cache = immediate(fetcher).maximumWeight(16 * 1024).build()) {
      StepVerifier first =
          StepVerifier.create(cache.check("https://slow.example/section-3/private/", "bot"))
              .assertNext(v -> assertThat(v.allowed()).isFalse())
              .expectComplete()
              .verifyLater();
      StepVerifier second =
          StepVerifier.create(cache.check("https://slow.example/public", "bot"))
              .assertNext(v -> assertThat(v.allowed()).isTrue())
              .expectComplete()
              .verifyLater();
      for (int i = 0; i < 500; i++) {
        cache.check("https://filler" + i + ".example/", "bot").block(Duration.ofSeconds(5));
      }
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(16 * 1024);
      assertThat(cache.stats().fetchesActive()).isEqualTo(1);
      slow.tryEmitValue(ok());
      first.verify(Duration.ofSeconds(10));
      second.verify(Duration.ofSeconds(10));
      assertThat(slowCalls.get()).isEqualTo(1);
      assertThat(cache.stats().fetchesActive()).isZero();
    }
  }
}
