package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * {@code checkAllUnordered} against {@code checkAll} on virtual time: one origin whose robots.txt
 * takes 10 s first, then 300 URLs of origins that answer in 100 ms.
 */
class CheckAllUnorderedTest {
  private static final Duration SLOW = Duration.ofSeconds(10);
  private static final Duration FAST = Duration.ofMillis(100);
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);

  private final CacheFixture f = new CacheFixture();
  private final List<String> urls = new ArrayList<>();

  CheckAllUnorderedTest() {
    f.fetcher
        .answer(Origin.of("https://slow.example"), FetchResult.status(200).body(BODY).build(), SLOW)
        .otherwise(FetchResult.status(200).body(BODY).build(), FAST);
    urls.add("https://slow.example/private/x");
    for (int i = 0; i < 300; i++) {
      urls.add("https://fast" + (i % 100) + ".example/" + (i % 2 == 0 ? "private/" : "") + i);
    }
  }

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void oneSlowOriginDoesNotDelayTheOtherOriginsResults() {
    Set<String> seen = new HashSet<>();
    StepVerifier.create(f.cache.checkAllUnordered(Flux.fromIterable(urls), CacheFixture.AGENT))
        .expectSubscription()
        .then(() -> f.advance(FAST.multipliedBy(5)))
        // Every fast result, each with its own URL and verdict, before the slow one.
        .recordWith(ArrayList::new)
        .expectNextCount(300)
        .consumeRecordedWith(
            results ->
                results.forEach(
                    r -> {
                      assertThat(r.url()).doesNotStartWith("https://slow.");
                      assertThat(seen.add(r.url())).isTrue();
                      assertThat(r.verdict().orElseThrow().allowed())
                          .isEqualTo(!r.url().contains("private"));
                    }))
        .expectNoEvent(Duration.ZERO)
        .then(() -> assertThat(seen).containsExactlyInAnyOrderElementsOf(urls.subList(1, 301)))
        .then(() -> f.advance(SLOW))
        .assertNext(
            r -> {
              assertThat(r.url()).isEqualTo(urls.get(0));
              assertThat(r.verdict().orElseThrow().allowed()).isFalse();
            })
        .expectComplete()
        .verify(Duration.ofSeconds(30));
  }

  @Test
  void inInputOrderEveryResultWaitsForTheSlowOne() {
    StepVerifier.create(f.cache.checkAll(Flux.fromIterable(urls), CacheFixture.AGENT))
        .expectSubscription()
        .then(() -> f.advance(FAST.multipliedBy(5)))
        .expectNoEvent(Duration.ZERO)
        .then(() -> f.advance(SLOW))
        .expectNextMatches(r -> r.url().equals(urls.get(0)))
        .expectNextCount(300)
        .expectComplete()
        .verify(Duration.ofSeconds(30));
  }
}
