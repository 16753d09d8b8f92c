package io.github.reactiverobots.pacing;

import static io.github.reactiverobots.pacing.PacerHarness.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.pacing.PacerHarness.Crawl;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * How items flow through a pacer on virtual time: what is reported instead of released, fairness
 * across origins, demand, backpressure to the source and the bounds, thousands of origins at once,
 * and how a subscription ends.
 */
class PacerFlowTest {
  private static final String OPEN = "User-agent: *\nDisallow:\n";

  @Test
  void disallowedAndInvalidUrlsAreReportedAtOnceAndNeverReleased() {
    List<Verdict> disallowed = new ArrayList<>();
    try (PacerHarness h =
        new PacerHarness().serve("http://a.test", "User-agent: *\nDisallow: /private\n")) {
      Pacer pacer =
          h.pacer(
              b ->
                  b.listener(
                      new PacerListener() {
                        @Override
                        public void onDisallowed(Origin origin, Verdict verdict) {
                          disallowed.add(verdict);
                        }
                      }));
      Crawl<String> c =
          h.crawl(
              pacer,
              Flux.just(
                  "http://a.test/a", "http://a.test/private/x", "not a url", "http://a.test/b"));

      assertThat(c.ofKind(Paced.Kind.DISALLOWED))
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.url()).isEqualTo("http://a.test/private/x");
                assertThat(p.verdict().orElseThrow().reason()).isEqualTo(Reason.MATCHED_DISALLOW);
                assertThat(p.origin()).contains(Origin.of("http://a.test"));
              });
      assertThat(c.ofKind(Paced.Kind.INVALID_URL))
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.error()).get().isInstanceOf(InvalidUrlException.class);
                assertThat(p.error().orElseThrow().getMessage()).contains("not a url");
                assertThat(p.origin()).isEmpty();
              });
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0));
      assertThat(c.seen).hasSize(3);
      assertThat(disallowed).hasSize(1);

      h.advance(Duration.ofSeconds(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 1));
      assertThat(c.completed).isTrue();
      assertThat(c.released())
          .extracting(Paced::url)
          .containsExactly("http://a.test/a", "http://a.test/b");
    }
  }

  @Test
  void anOriginWhoseRobotsTxtIsUnreachableIsDisallowedUntilItsRetryTime() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.answer(Origin.of("http://down.test"), CacheFixture.status(503));
      Crawl<String> c = h.crawl(h.pacer(), Flux.just("http://down.test/1", "http://down.test/2"));

      h.advance(Duration.ofHours(1));

      assertThat(c.released()).isEmpty();
      assertThat(c.ofKind(Paced.Kind.DISALLOWED))
          .hasSize(2)
          .allSatisfy(
              p -> {
                Verdict v = p.verdict().orElseThrow();
                assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
                // The cache's own backoff: retry after 1 minute.
                assertThat(v.originState().orElseThrow().expiresAt())
                    .isEqualTo(CacheFixture.T0.plus(Duration.ofMinutes(1)));
              });
      assertThat(c.completed).isTrue();
    }
  }

  @Test
  void aSlowOriginNeverHoldsUpTheOthers() {
    try (PacerHarness h =
        new PacerHarness().serve("http://slow.test", "User-agent: *\nCrawl-delay: 30\n")) {
      h.cache.fetcher.otherwise(CacheFixture.ok(OPEN));
      Flux<String> slowFirst =
          Flux.concat(
              Flux.range(1, 10).map(i -> "http://slow.test/" + i),
              Flux.range(1, 10).map(i -> "http://fast" + i + ".test/"));
      Crawl<String> c = h.crawl(h.pacer(), slowFirst);

      assertThat(c.releaseTimes("http://slow.test")).isEqualTo(seconds(0));
      for (int i = 1; i <= 10; i++) {
        assertThat(c.releaseTimes("http://fast" + i + ".test")).isEqualTo(seconds(0));
      }
      h.advance(Duration.ofSeconds(270));
      assertThat(c.releaseTimes("http://slow.test"))
          .isEqualTo(seconds(0, 30, 60, 90, 120, 150, 180, 210, 240, 270));
    }
  }

  @Test
  void underLimitedDemandOriginsTakeTurns() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.otherwise(CacheFixture.ok(OPEN));
      Flux<String> aThenB =
          Flux.concat(
              Flux.range(1, 4).map(i -> "http://a.test/" + i),
              Flux.range(1, 4).map(i -> "http://b.test/" + i));
      Crawl<String> c =
          h.crawl(
              h.pacer(b -> b.minimumDelay(Duration.ZERO).perOriginConcurrency(8)), aThenB, 0, 200);

      for (int i = 0; i < 8; i++) {
        c.request(1);
      }

      assertThat(c.released())
          .extracting(p -> p.origin().orElseThrow().host())
          .containsExactly(
              "a.test", "b.test", "a.test", "b.test", "a.test", "b.test", "a.test", "b.test");
    }
  }

  @Test
  void nothingIsReleasedWithoutDemandAndTheIntervalStartsAtTheRelease() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Crawl<String> c =
          h.crawl(
              h.pacer(b -> b.minimumDelay(Duration.ofSeconds(5))),
              Flux.range(1, 3).map(i -> "http://a.test/" + i),
              0,
              200);

      h.advance(Duration.ofSeconds(30));
      assertThat(c.seen).isEmpty();
      c.request(1);
      h.advance(Duration.ofSeconds(30));
      c.request(2);
      h.advance(Duration.ofSeconds(30));

      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(30, 60, 65));
    }
  }

  @Test
  void aFullOriginQueueStopsRequestsFromTheSourceAndTheTotalBoundHolds() {
    try (PacerHarness h = new PacerHarness().serve("http://one.test", OPEN)) {
      AtomicLong requested = new AtomicLong();
      Pacer pacer = h.pacer(b -> b.perOriginQueue(10).totalQueue(50).deferWhenFull(false));
      Crawl<String> c = h.crawl(pacer, oneOrigin(requested));

      holdsAtMost(50, 1_000, h, pacer, c, requested);
      assertThat(c.released()).hasSize(1_000);
      assertThat(c.completed).isTrue();
      assertThat(pacer.waiting()).isZero();
      assertThat(pacer.inFlight()).isZero();
    }
  }

  @Test
  void aRunOfOneOriginsItemsStopsTheSourceAtThatOriginsQueueCap() {
    try (PacerHarness h = new PacerHarness().serve("http://one.test", OPEN)) {
      AtomicLong requested = new AtomicLong();
      Pacer pacer = h.pacer(b -> b.perOriginQueue(10).totalQueue(10_000).deferWhenFull(false));
      Crawl<String> c = h.crawl(pacer, oneOrigin(requested));

      // The origin's queue, plus one request's worth (64) waiting for room in it.
      holdsAtMost(10 + 64, 100, h, pacer, c, requested);
      assertThat(c.released()).hasSize(101);
    }
  }

  /** 1,000 URLs of one origin, counting what the pacer requests. */
  private static Flux<String> oneOrigin(AtomicLong requested) {
    return Flux.range(0, 1_000).map(i -> "http://one.test/" + i).doOnRequest(requested::addAndGet);
  }

  /**
   * Advances {@code seconds} one at a time, checking that the pacer never holds, nor asks the
   * {@link #oneOrigin} source for, more than {@code bound} items beyond those released.
   */
  private static void holdsAtMost(
      long bound, int seconds, PacerHarness h, Pacer pacer, Crawl<String> c, AtomicLong requested) {
    for (int second = 0; second < seconds; second++) {
      long released = c.released().size();
      assertThat(requested.get() - released)
          .as("asked ahead at %d s", second)
          .isLessThanOrEqualTo(bound);
      assertThat(pacer.waiting())
          .as("waiting at %d s", second)
          .isLessThanOrEqualTo(bound)
          .isEqualTo(Math.min(requested.get(), 1_000) - released);
      h.advance(Duration.ofSeconds(1));
    }
  }

  @Test
  void theSourceIsAskedForNoMoreThanTheTotalQueueAheadOfDemand() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.otherwise(CacheFixture.ok(OPEN));
      AtomicLong requested = new AtomicLong();
      Flux<String> source =
          Flux.range(0, 2_000)
              .map(i -> "http://o" + i + ".test/")
              .doOnRequest(requested::addAndGet);
      Pacer pacer = h.pacer(b -> b.totalQueue(100));
      Crawl<String> c = h.crawl(pacer, source, 0, 200);

      h.advance(Duration.ofMinutes(1));
      assertThat(requested.get()).isEqualTo(100);
      assertThat(pacer.waiting()).isEqualTo(100);
      assertThat(c.seen).isEmpty();

      c.request(10);
      assertThat(c.released()).hasSize(10);
      assertThat(requested.get()).isLessThanOrEqualTo(110);
      c.request(Long.MAX_VALUE);
      assertThat(c.released()).hasSize(2_000);
      assertThat(c.completed).isTrue();
    }
  }

  @Test
  void fiveThousandOriginsAreCrawledInParallelEachAtItsOwnPace() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.otherwise(CacheFixture.ok(OPEN));
      int origins = 5_000;
      Flux<String> interleaved =
          Flux.range(0, 3 * origins).map(i -> "http://o" + (i % origins) + ".test/" + i / origins);
      Pacer pacer = h.pacer(b -> b.minimumDelay(Duration.ofSeconds(2)));
      Crawl<String> c = h.crawl(pacer, interleaved);

      h.advance(Duration.ofSeconds(4));

      assertThat(c.completed).isTrue();
      assertThat(c.released()).hasSize(3 * origins);
      Map<String, List<Duration>> byHost = new HashMap<>();
      c.seen.forEach(
          s ->
              byHost
                  .computeIfAbsent(s.paced().origin().orElseThrow().host(), k -> new ArrayList<>())
                  .add(s.at()));
      assertThat(byHost).hasSize(origins);
      assertThat(byHost.values()).allSatisfy(t -> assertThat(t).isEqualTo(seconds(0, 2, 4)));
      assertThat(h.cache.fetcher.calls()).isEqualTo(origins);
    }
  }

  @Test
  void aSourceErrorComesAfterTheItemsItSentAndCancellingDropsWhatIsHeld() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Pacer pacer = h.pacer();
      Crawl<String> failing =
          h.crawl(
              pacer,
              Flux.concat(
                  Flux.just("http://a.test/1", "http://a.test/2"),
                  Flux.error(new IllegalStateException("frontier broke"))));
      assertThat(failing.error).isNull();
      h.advance(Duration.ofSeconds(1));
      assertThat(failing.released()).hasSize(2);
      assertThat(failing.error).hasMessage("frontier broke");

      Crawl<String> cancelled =
          h.crawl(pacer, Flux.range(1, 5).map(i -> "http://a.test/c" + i), Long.MAX_VALUE, 0);
      assertThat(pacer.waiting()).isEqualTo(4);
      assertThat(pacer.inFlight()).isEqualTo(1);
      cancelled.cancel();
      assertThat(pacer.waiting()).isZero();
      assertThat(pacer.inFlight()).isZero();
      h.advance(Duration.ofHours(1));
      assertThat(cancelled.seen).hasSize(1);
    }
  }

  @Test
  void aUrlFunctionThatThrowsEndsTheFluxWithItsError() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      List<Throwable> errors = new ArrayList<>();
      h.pacer()
          .pace(
              Flux.just(1, 2),
              i -> {
                throw new IllegalArgumentException("no URL for " + i);
              })
          .subscribe(p -> {}, errors::add);

      assertThat(errors).singleElement().satisfies(e -> assertThat(e).hasMessage("no URL for 1"));
    }
  }
}
