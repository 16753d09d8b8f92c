package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** The global cap on fetches in flight, its queue, and fetches that outlive their callers. */
class InFlightCapTest extends FetcherTestSupport {
  private static final int CAP = 16;
  private static final int ORIGINS = 2000;

  @Test
  void twoThousandOriginsGoThroughTheCapEachFetchedOnce() {
    AtomicInteger current = new AtomicInteger();
    AtomicInteger maxSeen = new AtomicInteger();
    AtomicInteger maxActive = new AtomicInteger();
    AtomicInteger maxQueued = new AtomicInteger();
    Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    NettyRobotsFetcher[] holder = new NettyRobotsFetcher[1];
    try (TestServer s =
        TestServer.start(
            (req, res) -> {
              requests
                  .computeIfAbsent(req.requestHeaders().get("Host"), h -> new AtomicInteger())
                  .incrementAndGet();
              maxSeen.accumulateAndGet(current.incrementAndGet(), Math::max);
              maxActive.accumulateAndGet(holder[0].activeFetches(), Math::max);
              maxQueued.accumulateAndGet(holder[0].queuedFetches(), Math::max);
              // Counted from arrival until just before answering: a counted request is a fetch in
              // flight.
              return Mono.delay(Duration.ofMillis(2), TestServer.loopOf(res))
                  .doOnNext(t -> current.decrementAndGet())
                  .then(res.keepAlive(false).sendString(Mono.just(ROBOTS)).then());
            })) {
      NettyRobotsFetcher f =
          fetcher(fetcherBuilder().maxInFlight(CAP).deadline(Duration.ofSeconds(30)));
      holder[0] = f;
      List<FetchResult> results =
          Flux.range(0, ORIGINS)
              .flatMap(i -> f.fetch(Origin.of(s.origin("o" + i)), Conditional.NONE), ORIGINS)
              .collectList()
              .block(Duration.ofSeconds(120));

      assertThat(results).hasSize(ORIGINS).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
      assertThat(requests).hasSize(ORIGINS);
      assertThat(requests.values()).allSatisfy(n -> assertThat(n.get()).isEqualTo(1));
      assertThat(maxSeen.get()).isLessThanOrEqualTo(CAP).isGreaterThan(1);
      assertThat(maxActive.get()).isLessThanOrEqualTo(CAP);
      assertThat(maxQueued.get()).isGreaterThan(0);
      assertThat(f.activeFetches()).isZero();
      assertThat(f.queuedFetches()).isZero();
      assertThat(f.completedFetches()).isEqualTo(ORIGINS);
    }
  }

  @Test
  void twoThousandOriginsThroughARobotsCacheAreFetchedOnceEachWithCorrectVerdicts() {
    AtomicInteger current = new AtomicInteger();
    AtomicInteger maxSeen = new AtomicInteger();
    Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    try (TestServer s =
        TestServer.start(
            (req, res) -> {
              requests
                  .computeIfAbsent(req.requestHeaders().get("Host"), h -> new AtomicInteger())
                  .incrementAndGet();
              maxSeen.accumulateAndGet(current.incrementAndGet(), Math::max);
              return Mono.delay(Duration.ofMillis(2), TestServer.loopOf(res))
                  .doOnNext(t -> current.decrementAndGet())
                  .then(res.keepAlive(false).sendString(Mono.just(ROBOTS)).then());
            })) {
      NettyRobotsFetcher f =
          fetcher(fetcherBuilder().maxInFlight(CAP).deadline(Duration.ofSeconds(30)));
      RobotsCache cache =
          closing(RobotsCaches.create(f, RobotsCache.builder().checkAllConcurrency(ORIGINS * 2)));
      Flux<String> urls =
          Flux.range(0, ORIGINS * 2)
              .map(
                  i ->
                      s.origin("c" + (i % ORIGINS))
                          + (i < ORIGINS ? "/private/page" : "/public/page"));
      List<Verdict> verdicts =
          cache
              .checkAll(urls, "TestBot")
              .map(r -> r.verdict().orElseThrow())
              .collectList()
              .block(Duration.ofSeconds(120));

      assertThat(verdicts).hasSize(ORIGINS * 2);
      assertThat(verdicts.stream().filter(Verdict::allowed).count()).isEqualTo(ORIGINS);
      assertThat(verdicts)
          .allSatisfy(
              v -> assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK));
      assertThat(requests).hasSize(ORIGINS);
      assertThat(requests.values()).allSatisfy(n -> assertThat(n.get()).isEqualTo(1));
      assertThat(maxSeen.get()).isLessThanOrEqualTo(CAP);
      assertThat(cache.stats().fetchesActive()).isZero();
      assertThat(cache.stats().fetchesQueued()).isZero();
    }
  }

  @Test
  void aFetchWhoseCallersLeftIsStillCompleted() throws InterruptedException {
    Sinks.Empty<Void> gate = Sinks.empty();
    CountDownLatch heldArrived = new CountDownLatch(1);
    AtomicInteger arrived = new AtomicInteger();
    try (TestServer s =
        TestServer.start(
            (req, res) -> {
              arrived.incrementAndGet();
              if (req.requestHeaders().get("Host").startsWith("held")) {
                heldArrived.countDown();
                return gate.asMono().then(res.sendString(Mono.just(ROBOTS)).then());
              }
              return res.sendString(Mono.just(ROBOTS)).then();
            })) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder().maxInFlight(1));
      Disposable held = f.fetch(Origin.of(s.origin("held")), Conditional.NONE).subscribe();
      assertThat(heldArrived.await(10, TimeUnit.SECONDS)).isTrue();
      Disposable queued = f.fetch(Origin.of(s.origin("queued")), Conditional.NONE).subscribe();
      assertThat(f.activeFetches()).isEqualTo(1);
      assertThat(f.queuedFetches()).isEqualTo(1);

      // Both callers leave: one while its fetch runs, one while its fetch waits in the queue.
      held.dispose();
      queued.dispose();
      Mono<FetchResult> waiting = f.fetch(Origin.of(s.origin("last")), Conditional.NONE);
      gate.tryEmitEmpty();

      // "last" starts only after both abandoned fetches ran to a result, one at a time.
      FetchResult last = waiting.block(WAIT);
      assertThat(last.status()).isEqualTo(200);
      assertThat(arrived.get()).isEqualTo(3);
      assertThat(f.completedFetches()).isEqualTo(3);
      assertThat(f.activeFetches()).isLessThanOrEqualTo(1);
    }
  }
}
