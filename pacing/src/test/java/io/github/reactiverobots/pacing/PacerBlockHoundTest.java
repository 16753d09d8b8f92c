package io.github.reactiverobots.pacing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.BlockHoundGuard;
import io.github.reactiverobots.core.testing.FakeFetcher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The pacer on real schedulers with BlockHound watching: robots.txt answers, releases, timers and
 * reports all on Reactor threads, and every origin still spaced.
 */
class PacerBlockHoundTest {
  @Test
  void blockHoundIsWatchingReactorThreads() {
    BlockHoundGuard.assertWatchingReactorThreads();
  }

  @Test
  void aCrawlLoopOnReactorThreadsNeverBlocksAndKeepsEveryOriginSpaced() {
    FakeFetcher fetcher =
        new FakeFetcher()
            .otherwise(
                FetchResult.status(200)
                    .body("User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8))
                    .build(),
                Duration.ofMillis(5));
    try (RobotsCache cache = RobotsCache.builder().fetcher(fetcher).crawler("TestBot").build()) {
      Pacer pacer = Pacer.builder(cache).minimumDelay(Duration.ofMillis(20)).build();
      int origins = 100;
      Flux<String> urls =
          Flux.range(0, origins * 6)
              .map(
                  i ->
                      "http://o"
                          + i % origins
                          + ".test/"
                          + (i / origins == 5 ? "private/" : "")
                          + i);
      Map<String, List<Long>> releases = new HashMap<>();

      List<Paced<String>> out =
          pacer
              .pace(urls)
              .publishOn(Schedulers.single())
              .doOnNext(
                  p -> {
                    if (p.isReleased()) {
                      releases
                          .computeIfAbsent(p.origin().orElseThrow().host(), k -> new ArrayList<>())
                          .add(System.nanoTime());
                    }
                  })
              .flatMap(
                  p ->
                      p.isReleased()
                          ? Mono.delay(Duration.ofMillis(2))
                              .doOnNext(x -> p.complete(200))
                              .thenReturn(p)
                          : Mono.just(p),
                  64)
              .collectList()
              .block(Duration.ofSeconds(60));

      assertThat(out).hasSize(origins * 6);
      assertThat(out).filteredOn(p -> p.kind() == Paced.Kind.DISALLOWED).hasSize(origins);
      assertThat(releases).hasSize(origins);
      assertThat(releases.values())
          .allSatisfy(
              times -> {
                assertThat(times).hasSize(5);
                for (int i = 1; i < times.size(); i++) {
                  assertThat(times.get(i) - times.get(i - 1)).isGreaterThanOrEqualTo(20_000_000L);
                }
              });
      assertThat(pacer.waiting()).isZero();
    }
  }
}
