package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * The cache owns the fetcher it builds: closing it closes every connection (counted from {@code
 * /proc}), cancels fetches in flight and leaves no fetch active.
 */
class LifecycleTest extends FetcherTestSupport {
  /** No origin, no weight, no fetch active or queued. */
  private static final CacheStats NOTHING_HELD = new CacheStats(0, 0, 0, 0);

  @BeforeEach
  void onLinux() {
    assumeThat(ClientSockets.available()).as("/proc/self/fd and /proc/self/net/tcp").isTrue();
  }

  @Test
  void thirtyCreateCheckCloseRoundsLeaveNoSocketOpen() {
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(ROBOTS)).then())) {
      for (int round = 0; round < 30; round++) {
        RobotsCache cache =
            RobotsCaches.create(fetcherBuilder(), RobotsCache.builder().crawler(AGENT));
        Verdict v = cache.check(s.origin("round" + round) + "/private/x").block(WAIT);
        assertThat(v.allowed()).isFalse();
        // Connections are not pooled: none is kept once the fetch is done, cache still open.
        // Polled with a deadline, parked in between: a spin would take a core from the event loop
        // that closes the socket.
        assertThat(ClientSockets.awaitNoneConnectedTo(s.port()))
            .as("round %d, open", round)
            .isZero();
        cache.close();
        assertThat(ClientSockets.awaitNoneConnectedTo(s.port()))
            .as("round %d, closed", round)
            .isZero();
      }
    }
  }

  @Test
  void closeCancelsAFetchInFlightSoNoFetchIsActiveAndItsSocketIsClosed() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    try (TestServer s = neverAnswering(arrived)) {
      RobotsCache cache =
          RobotsCaches.create(fetcherBuilder(), RobotsCache.builder().crawler(AGENT));
      StepVerifier waiter =
          StepVerifier.create(cache.check(s.origin("hang") + "/x"))
              .expectError(IllegalStateException.class)
              .verifyLater();
      assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(cache.stats().fetchesActive()).isEqualTo(1);
      assertThat(ClientSockets.connectedTo(s.port())).isEqualTo(1);
      cache.close();
      waiter.verify(WAIT);
      assertThat(cache.stats()).isEqualTo(NOTHING_HELD);
      assertThat(ClientSockets.awaitNoneConnectedTo(s.port())).isZero();
    }
  }

  @Test
  void closingTheFetcherEndsItsRunningAndQueuedFetchesAtOnce() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    try (TestServer s = neverAnswering(arrived)) {
      NettyRobotsFetcher f = fetcherBuilder().maxInFlight(1).build();
      StepVerifier running =
          StepVerifier.create(fetchOf(f, s.origin("a")))
              .assertNext(r -> assertThat(r.failureDetail()).contains("closed"))
              .expectComplete()
              .verifyLater();
      StepVerifier queued =
          StepVerifier.create(fetchOf(f, s.origin("b")))
              .assertNext(r -> assertThat(r.failureDetail()).contains("closed"))
              .expectComplete()
              .verifyLater();
      assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(f.activeFetches()).isEqualTo(1);
      assertThat(f.queuedFetches()).isEqualTo(1);
      f.close();
      running.verify(WAIT);
      queued.verify(WAIT);
      assertThat(f.activeFetches()).isZero();
      assertThat(f.queuedFetches()).isZero();
      assertThat(ClientSockets.awaitNoneConnectedTo(s.port())).isZero();
    }
  }

  /** A server that takes each request and never answers; counts the requests down. */
  private static TestServer neverAnswering(CountDownLatch arrived) {
    return TestServer.start(
        (req, res) -> {
          arrived.countDown();
          return Mono.never();
        });
  }

  private static Mono<FetchResult> fetchOf(NettyRobotsFetcher f, String origin) {
    return f.fetch(Origin.of(origin), Conditional.NONE);
  }

  @Test
  void closeIsIdempotentAndSafeUnderConcurrentCalls() {
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(ROBOTS)).then())) {
      RobotsCache cache =
          RobotsCaches.create(fetcherBuilder(), RobotsCache.builder().crawler(AGENT));
      assertThat(
              cache.check(s.origin("c") + "/x").block(WAIT).originState().orElseThrow().outcome())
          .isEqualTo(FetchOutcome.OK);
      Flux.range(0, 8)
          .parallel(4)
          .runOn(Schedulers.boundedElastic())
          .doOnNext(i -> cache.close())
          .sequential()
          .blockLast(WAIT);
      cache.close();
      assertThat(cache.stats()).isEqualTo(NOTHING_HELD);
      assertThat(ClientSockets.awaitNoneConnectedTo(s.port())).isZero();
    }
  }

  @Test
  void aFetcherPassedInStaysTheCallersUnlessTheBuilderHandsItOver() {
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(ROBOTS)).then())) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      RobotsCaches.create(f).close();
      assertThat(fetch(f, s.origin("kept")).status()).isEqualTo(200);
      RobotsCaches.create(f, RobotsCache.builder().closeFetcherOnClose(true)).close();
      assertThat(fetch(f, s.origin("kept")).failureDetail()).contains("closed");
      assertThat(ClientSockets.awaitNoneConnectedTo(s.port())).isZero();
    }
  }

  @Test
  void aParseLimitAboveTheBodyCapIsRefusedNamingBothAndNoFetcherIsLeftOpen() {
    assertThatThrownBy(
            () -> RobotsCaches.create(fetcherBuilder(), RobotsCache.builder().parseLimit(2 << 20)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("parseLimit (2097152 bytes)")
        .hasMessageContaining("maxBodyBytes (512000 bytes)");
    NettyRobotsFetcher f = fetcher(fetcherBuilder().maxBodyBytes(2 << 20));
    RobotsCaches.create(f, RobotsCache.builder().parseLimit(2 << 20)).close();
  }
}
