package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InFlightLimiterTest {

  @Test
  void tasksBeyondTheCapWaitInOrder() {
    InFlightLimiter limiter = new InFlightLimiter(2);
    List<Integer> started = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      int id = i;
      limiter.submit(() -> started.add(id));
    }
    assertThat(started).containsExactly(0, 1);
    assertThat(limiter.active()).isEqualTo(2);
    assertThat(limiter.queued()).isEqualTo(3);
    limiter.release();
    assertThat(started).containsExactly(0, 1, 2);
    limiter.release();
    limiter.release();
    assertThat(started).containsExactly(0, 1, 2, 3, 4);
    assertThat(limiter.queued()).isZero();
    limiter.release();
    limiter.release();
    assertThat(limiter.active()).isZero();
  }

  @Test
  void tasksThatFinishAtOnceDoNotRecurse() {
    InFlightLimiter limiter = new InFlightLimiter(1);
    AtomicInteger ran = new AtomicInteger();
    Runnable[] self = new Runnable[1];
    // Each task submits the next and finishes synchronously: 100,000 deep would overflow if it
    // recursed.
    self[0] =
        () -> {
          if (ran.incrementAndGet() < 100_000) {
            limiter.submit(self[0]);
          }
          limiter.release();
        };
    limiter.submit(self[0]);
    assertThat(ran.get()).isEqualTo(100_000);
    assertThat(limiter.active()).isZero();
  }

  @Test
  void theCapHoldsUnderConcurrentSubmitAndRelease() throws InterruptedException {
    InFlightLimiter limiter = new InFlightLimiter(4);
    AtomicInteger running = new AtomicInteger();
    AtomicInteger maxRunning = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    int tasks = 20_000;
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      CountDownLatch all = new CountDownLatch(tasks);
      for (int i = 0; i < tasks; i++) {
        limiter.submit(
            () -> {
              maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
              pool.execute(
                  () -> {
                    running.decrementAndGet();
                    done.incrementAndGet();
                    limiter.release();
                    all.countDown();
                  });
            });
      }
      assertThat(all.await(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      pool.shutdownNow();
    }
    assertThat(done.get()).isEqualTo(tasks);
    assertThat(maxRunning.get()).isLessThanOrEqualTo(4);
    assertThat(limiter.active()).isZero();
    assertThat(limiter.queued()).isZero();
  }
}
