package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.core.testing.RecordingListener;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** Single flight and thread-safety on real schedulers (BlockHound watching). */
class RobotsCacheConcurrencyTest {
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable c : toClose) {
      c.close();
    }
  }

  private RobotsCache cache(RobotsFetcher fetcher, RecordingListener listener) {
    RobotsCache cache = RobotsCache.builder().fetcher(fetcher).listener(listener).build();
    toClose.add(cache);
    return cache;
  }

  @Test
  void fiftyThousandChecksOverAThousandOriginsFromEightThreadsFetchEachOriginOnce()
      throws Exception {
    // Every origin answers 200 after a delay on a timer thread.
    FakeFetcher fetcher =
        new FakeFetcher()
            .otherwise(FetchResult.status(200).body(BODY).build(), Duration.ofMillis(20));
    RecordingListener events = new RecordingListener();
    RobotsCache cache = cache(fetcher, events);
    int checks = 50_000;
    int origins = 1_000;
    CountDownLatch answered = new CountDownLatch(checks);
    AtomicInteger wrong = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      for (int t = 0; t < 8; t++) {
        int thread = t;
        threads.execute(
            () -> {
              for (int i = thread; i < checks; i += 8) {
                boolean secret = i % 2 == 0;
                String url =
                    "https://site"
                        + (i % origins)
                        + ".example/"
                        + (secret ? "private/" : "public/")
                        + i;
                cache
                    .check(url, "bot")
                    .subscribe(
                        v -> {
                          if (v.allowed() == secret || v.originState().isEmpty()) {
                            wrong.incrementAndGet();
                          }
                          answered.countDown();
                        },
                        e -> {
                          errors.incrementAndGet();
                          answered.countDown();
                        });
              }
            });
      }
      assertThat(answered.await(60, TimeUnit.SECONDS)).as("every check answered in time").isTrue();
    } finally {
      threads.shutdownNow();
    }
    assertThat(errors.get()).isZero();
    assertThat(wrong.get()).isZero();
    assertThat(fetcher.calls()).isEqualTo(origins);
    assertThat(fetcher.callsByOrigin()).hasSize(origins);
    assertThat(fetcher.callsByOrigin().values()).allSatisfy(c -> assertThat(c).isEqualTo(1));
    assertThat(events.lookups(Lookup.MISS)).isEqualTo(origins);
    assertThat(
            events.lookups(Lookup.MISS)
                + events.lookups(Lookup.COALESCED)
                + events.lookups(Lookup.HIT))
        .isEqualTo(checks);
    assertThat(events.verdicts()).isEqualTo(checks);
    assertThat(cache.stats().origins()).isEqualTo(origins);
    assertThat(cache.stats().fetchesActive()).isZero();
  }

  @Test
  void tenThousandConcurrentChecksOnOneColdOriginCauseOneFetch() throws Exception {
    Sinks.One<FetchResult> response = Sinks.one();
    AtomicInteger calls = new AtomicInteger();
    RecordingListener events = new RecordingListener();
    RobotsCache cache =
        cache(
            (o, c) -> {
              calls.incrementAndGet();
              return response.asMono();
            },
            events);
    int checks = 10_000;
    CountDownLatch subscribed = new CountDownLatch(checks);
    CountDownLatch answered = new CountDownLatch(checks);
    AtomicInteger disallowed = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      for (int i = 0; i < checks; i++) {
        threads.execute(
            () -> {
              cache
                  .check("http://cold.example/private/x", "bot")
                  .subscribe(
                      v -> {
                        if (!v.allowed()) {
                          disallowed.incrementAndGet();
                        }
                        answered.countDown();
                      });
              subscribed.countDown();
            });
      }
      assertThat(subscribed.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(cache.stats().fetchesActive()).isEqualTo(1);
      assertThat(answered.getCount()).isEqualTo(checks);
      response.tryEmitValue(FetchResult.status(200).body(BODY).build());
      assertThat(answered.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      threads.shutdownNow();
    }
    assertThat(calls.get()).isEqualTo(1);
    assertThat(disallowed.get()).isEqualTo(checks);
    assertThat(events.lookups(Lookup.MISS)).isEqualTo(1);
    assertThat(events.lookups(Lookup.COALESCED)).isEqualTo(checks - 1);
  }

  @Test
  void aCallerThatCancelsDoesNotCancelTheFetchOthersWaitOn() {
    Sinks.One<FetchResult> response = Sinks.one();
    AtomicBoolean fetchCancelled = new AtomicBoolean();
    RobotsCache cache =
        cache(
            (o, c) -> response.asMono().doOnCancel(() -> fetchCancelled.set(true)),
            new RecordingListener());
    Disposable quitter = cache.check("http://a.example/private", "bot").subscribe();
    StepVerifier waiter =
        StepVerifier.create(cache.check("http://a.example/private", "bot"))
            .assertNext(v -> assertThat(v.allowed()).isFalse())
            .expectComplete()
            .verifyLater();
    quitter.dispose();
    assertThat(fetchCancelled).isFalse();
    response.tryEmitValue(FetchResult.status(200).body(BODY).build());
    waiter.verify(Duration.ofSeconds(10));
  }

  @Test
  void aFetchEveryoneAbandonedStillCompletesAndIsKept() {
    Sinks.One<FetchResult> response = Sinks.one();
    AtomicInteger calls = new AtomicInteger();
    RecordingListener events = new RecordingListener();
    RobotsCache cache =
        RobotsCache.builder()
            .fetcher(
                (o, c) -> {
                  calls.incrementAndGet();
                  return response.asMono();
                })
            .listener(events)
            .parseScheduler(Schedulers.immediate())
            .build();
    toClose.add(cache);
    cache.check("http://a.example/x", "bot").subscribe().dispose();
    response.tryEmitValue(FetchResult.status(200).body(BODY).build());
    StepVerifier.create(cache.check("http://a.example/private", "bot"))
        .assertNext(v -> assertThat(v.allowed()).isFalse())
        .verifyComplete();
    assertThat(calls.get()).isEqualTo(1);
    assertThat(events.lookups(Lookup.HIT)).isEqualTo(1);
  }

  @Test
  void aFailedFetchIsNotRetriedByEachWaiter() throws Exception {
    Sinks.One<FetchResult> response = Sinks.one();
    AtomicInteger calls = new AtomicInteger();
    RobotsCache cache =
        cache(
            (o, c) -> {
              calls.incrementAndGet();
              return response.asMono();
            },
            new RecordingListener());
    int waiters = 1_000;
    CountDownLatch answered = new CountDownLatch(waiters);
    AtomicInteger unreachable = new AtomicInteger();
    for (int i = 0; i < waiters; i++) {
      cache
          .check("http://down.example/page" + i, "bot")
          .subscribe(
              v -> {
                if (v.reason() == Reason.ROBOTS_UNREACHABLE) {
                  unreachable.incrementAndGet();
                }
                answered.countDown();
              });
    }
    response.tryEmitError(new IllegalStateException("connection reset by a bug"));
    assertThat(answered.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(unreachable.get()).isEqualTo(waiters);
    assertThat(calls.get()).isEqualTo(1);
  }

  @Test
  void parsingRunsOnTheParseSchedulerNotOnTheFetchersThread() {
    Scheduler fetcherLoop = Schedulers.newSingle("fetcher-loop");
    Scheduler parse = Schedulers.newParallel("robots-parse", 2);
    toClose.add(fetcherLoop::dispose);
    toClose.add(parse::dispose);
    AtomicReference<String> parsedOn = new AtomicReference<>();
    AtomicReference<String> answeredOn = new AtomicReference<>();
    // The response arrives only once the check waits for it: a flight that ended before the
    // caller subscribed would hand it the stored answer on the caller's own thread.
    Sinks.One<FetchResult> response = Sinks.one();
    RobotsCache cache =
        RobotsCache.builder()
            .fetcher((o, c) -> response.asMono().publishOn(fetcherLoop))
            .parseScheduler(parse)
            .listener(
                new RobotsCacheListener() {
                  @Override
                  public void onParsed(Origin origin, long bodyBytes, long durationNanos) {
                    parsedOn.set(Thread.currentThread().getName());
                  }
                })
            .build();
    toClose.add(cache);
    StepVerifier.create(
            cache
                .check("http://a.example/private", "bot")
                .doOnNext(v -> answeredOn.set(Thread.currentThread().getName())))
        .then(() -> response.tryEmitValue(FetchResult.status(200).body(BODY).build()))
        .assertNext(v -> assertThat(v.allowed()).isFalse())
        .verifyComplete();
    assertThat(parsedOn.get()).startsWith("robots-parse");
    // The parse threads are non-blocking, so the entry is stored, and the answer given, from a
    // bounded-elastic thread (Caffeine may make a writer wait).
    assertThat(answeredOn.get()).startsWith("boundedElastic");
  }
}
