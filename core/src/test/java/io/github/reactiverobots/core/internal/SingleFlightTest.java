package io.github.reactiverobots.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

class SingleFlightTest {
  private final SingleFlight<String, String> flights = new SingleFlight<>();
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicBoolean workCancelled = new AtomicBoolean();

  private Mono<String> pending(Sinks.One<String> sink) {
    started.incrementAndGet();
    return sink.asMono().doOnCancel(() -> workCancelled.set(true));
  }

  @Test
  void tenThousandConcurrentCallersShareOneRunOfTheWork() throws Exception {
    Sinks.One<String> sink = Sinks.one();
    int callers = 10_000;
    CountDownLatch answered = new CountDownLatch(callers);
    AtomicInteger right = new AtomicInteger();
    AtomicInteger startedHere = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      CountDownLatch joined = new CountDownLatch(callers);
      for (int i = 0; i < callers; i++) {
        pool.execute(
            () -> {
              SingleFlight.Joined<String> j = flights.join("k", k -> pending(sink));
              if (j.started()) {
                startedHere.incrementAndGet();
              }
              j.result()
                  .subscribe(
                      v -> {
                        if (v.equals("value")) {
                          right.incrementAndGet();
                        }
                        answered.countDown();
                      });
              joined.countDown();
            });
      }
      assertThat(joined.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(flights.size()).isEqualTo(1);
      sink.tryEmitValue("value");
      assertThat(answered.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      pool.shutdownNow();
    }
    assertThat(started.get()).isEqualTo(1);
    assertThat(startedHere.get()).isEqualTo(1);
    assertThat(right.get()).isEqualTo(callers);
    assertThat(flights.size()).isZero();
  }

  @Test
  void aCallerThatCancelsDoesNotCancelTheWorkOthersWaitOn() {
    Sinks.One<String> sink = Sinks.one();
    Mono<String> first = flights.join("k", k -> pending(sink)).result();
    Mono<String> second = flights.join("k", k -> pending(sink)).result();
    Disposable cancelled = first.subscribe();
    AtomicReference<String> got = new AtomicReference<>();
    second.subscribe(got::set);
    cancelled.dispose();
    assertThat(workCancelled).isFalse();
    sink.tryEmitValue("v");
    assertThat(got.get()).isEqualTo("v");
    assertThat(started.get()).isEqualTo(1);
  }

  @Test
  void theWorkRunsToTheEndWhenEveryCallerCancels() {
    Sinks.One<String> sink = Sinks.one();
    AtomicReference<String> stored = new AtomicReference<>();
    Mono<String> result = flights.join("k", k -> pending(sink).doOnNext(stored::set)).result();
    result.subscribe().dispose();
    assertThat(flights.size()).isEqualTo(1);
    sink.tryEmitValue("v");
    assertThat(workCancelled).isFalse();
    assertThat(stored.get()).isEqualTo("v");
    assertThat(flights.size()).isZero();
  }

  @Test
  void aFailureReachesEveryWaiterOnceAndIsNotRetriedByThem() {
    Sinks.One<String> sink = Sinks.one();
    List<Mono<String>> results = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      results.add(flights.join("k", k -> pending(sink)).result());
    }
    List<StepVerifier> verifiers = new ArrayList<>();
    for (Mono<String> r : results) {
      verifiers.add(StepVerifier.create(r).expectErrorMessage("boom").verifyLater());
    }
    sink.tryEmitError(new IllegalStateException("boom"));
    verifiers.forEach(v -> v.verify(Duration.ofSeconds(5)));
    assertThat(started.get()).isEqualTo(1);
    assertThat(flights.size()).isZero();
  }

  @Test
  void aCallerAfterTheResultStartsANewFlight() {
    StepVerifier.create(flights.join("k", k -> Mono.just("one")).result())
        .expectNext("one")
        .verifyComplete();
    SingleFlight.Joined<String> again = flights.join("k", k -> Mono.just("two"));
    assertThat(again.started()).isTrue();
    StepVerifier.create(again.result()).expectNext("two").verifyComplete();
  }

  @Test
  void workThatThrowsFailsItsCallersAndLeaves() {
    SingleFlight.Joined<String> j =
        flights.join(
            "k",
            k -> {
              throw new IllegalArgumentException("bad");
            });
    StepVerifier.create(j.result()).expectError(IllegalArgumentException.class).verify();
    assertThat(flights.size()).isZero();
  }

  @Test
  void cancelAllCancelsTheWorkAndFailsTheWaiters() {
    Sinks.One<String> sink = Sinks.one();
    Mono<String> r = flights.join("k", k -> pending(sink)).result();
    StepVerifier v = StepVerifier.create(r).expectErrorMessage("closed").verifyLater();
    flights.cancelAll(new IllegalStateException("closed"));
    v.verify(Duration.ofSeconds(5));
    assertThat(workCancelled).isTrue();
    assertThat(flights.size()).isZero();
  }

  @Test
  void keysFlyIndependently() {
    Sinks.One<String> a = Sinks.one();
    Sinks.One<String> b = Sinks.one();
    assertThat(flights.join("a", k -> pending(a)).started()).isTrue();
    assertThat(flights.join("b", k -> pending(b)).started()).isTrue();
    assertThat(flights.size()).isEqualTo(2);
  }
}
