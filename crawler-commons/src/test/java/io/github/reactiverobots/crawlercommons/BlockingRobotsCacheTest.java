package io.github.reactiverobots.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import crawlercommons.robots.BaseRobotRules;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.testing.BlockHoundGuard;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.core.testing.RecordingListener;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The blocking face of the cache for thread-per-fetch crawlers: one fetch per origin whatever the
 * number of threads, a deadline that holds against an origin that never answers, and refusal on a
 * non-blocking thread; with BlockHound watching Reactor's threads.
 */
class BlockingRobotsCacheTest {
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\nCrawl-delay: 2\nSitemap: /s.xml\n"
          .getBytes(StandardCharsets.UTF_8);

  @Test
  void blockHoundIsWatchingReactorThreads() {
    BlockHoundGuard.assertWatchingReactorThreads();
  }

  @Test
  @Timeout(120)
  void aThousandThreadsOnAHundredOriginsCauseOneFetchEach() throws Exception {
    FakeFetcher fetcher =
        new FakeFetcher()
            .otherwise(FetchResult.status(200).body(BODY).build(), Duration.ofMillis(200));
    RecordingListener listener = new RecordingListener();
    try (RobotsCache cache =
        RobotsCache.builder().fetcher(fetcher).crawler("TestBot").listener(listener).build()) {
      BlockingRobotsCache face = BlockingRobotsCache.of(cache);
      int threads = 1_000;
      int origins = 100;
      CountDownLatch start = new CountDownLatch(1);
      AtomicInteger wrong = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          String url = "http://o" + t % origins + ".test/page/" + t;
          done.add(
              pool.submit(
                  () -> {
                    start.await();
                    BaseRobotRules rules = face.rules(url, Duration.ofSeconds(60));
                    boolean right =
                        rules.isAllowed(url)
                            && !rules.isAllowed(url.replace("/page/", "/private/"))
                            && rules.getCrawlDelay() == 2_000
                            && !rules.isDeferVisits()
                            && rules.getSitemaps().get(0).endsWith(".test/s.xml");
                    if (!right) {
                      wrong.incrementAndGet();
                    }
                    return null;
                  }));
        }
        start.countDown();
        for (Future<?> f : done) {
          f.get(90, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      assertThat(wrong).hasValue(0);
      assertThat(fetcher.calls()).as("fetches").isEqualTo(origins);
      assertThat(fetcher.callsByOrigin())
          .hasSize(origins)
          .allSatisfy((o, n) -> assertThat(n).isOne());
      // Its metrics are the cache's: its listener saw each flight's lookup, fetch and parse.
      assertThat(listener.fetchesStarted()).isEqualTo(origins);
      assertThat(listener.parses()).isEqualTo(origins);
      assertThat(listener.lookups(Lookup.MISS)).isEqualTo(origins);
    }
  }

  @Test
  @Timeout(60)
  void aSilentOriginGetsDeferringRulesAtTheDeadlineWhileItsFetchGoesOn() {
    AtomicInteger fetches = new AtomicInteger();
    RobotsFetcher silent =
        (origin, conditional) -> {
          fetches.incrementAndGet();
          return Mono.never();
        };
    try (RobotsCache cache = RobotsCache.builder().fetcher(silent).crawler("TestBot").build()) {
      BlockingRobotsCache face = BlockingRobotsCache.of(cache);
      BaseRobotRules first = face.rules("http://silent.test/x", Duration.ofMillis(300));
      assertThat(first.isDeferVisits()).isTrue();
      assertThat(first.isAllowed("http://silent.test/x")).isFalse();
      BaseRobotRules second = face.rules("http://silent.test/y", Duration.ZERO);
      assertThat(second.isDeferVisits()).isTrue();
      assertThat(fetches).as("the one flight goes on, not one per call").hasValue(1);
    }
  }

  @Test
  void anEventLoopThreadIsRefusedWithAClearError() {
    try (RobotsCache cache =
        RobotsCache.builder().fetcher(new FakeFetcher()).crawler("TestBot").build()) {
      BlockingRobotsCache face = BlockingRobotsCache.of(cache);
      Mono<BaseRobotRules> onEventLoop =
          Mono.fromCallable(() -> (BaseRobotRules) face.rules("http://a.test/", Duration.ZERO))
              .subscribeOn(Schedulers.parallel());
      assertThatThrownBy(() -> onEventLoop.block(Duration.ofSeconds(10)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("would block the non-blocking thread parallel-")
          .hasMessageContaining("RobotsCache.rules(url)");
    }
  }

  @Test
  void unreachableAndUnavailableOriginsAnswerBySemantics6() {
    FakeFetcher fetcher =
        new FakeFetcher()
            .answer(
                io.github.reactiverobots.robotstxt.url.Origin.of("http://down.test"),
                FetchResult.status(503).build())
            .otherwise(FetchResult.status(404).build());
    try (RobotsCache cache = RobotsCache.builder().fetcher(fetcher).crawler("TestBot").build()) {
      BlockingRobotsCache face = BlockingRobotsCache.of(cache);
      BaseRobotRules down = face.rules("http://down.test/x", Duration.ofSeconds(30));
      assertThat(down.isDeferVisits()).isTrue();
      assertThat(down.isAllowNone()).isTrue();
      BaseRobotRules missing = face.rules("http://missing.test/x", Duration.ofSeconds(30));
      assertThat(missing.isDeferVisits()).isFalse();
      assertThat(missing.isAllowAll()).isTrue();
    }
  }

  @Test
  void aCacheWithoutACrawlerIdentityIsRefused() {
    try (RobotsCache cache = RobotsCache.builder().fetcher(new FakeFetcher()).build()) {
      assertThatThrownBy(() -> BlockingRobotsCache.of(cache))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("RobotNames.identity");
    }
  }
}
