package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redis killed, frozen and restarted empty under a running worker: every check still answers what
 * SEMANTICS.md says, no error reaches a caller, the store's faults are counted, and the store is
 * used again once Redis is back, without any action from the test.
 */
class RedisFaultTest {
  private static final Duration WAIT = Duration.ofMillis(200);

  private RedisServer server;
  private ClientResources resources;
  private Fleet fleet;

  @BeforeEach
  void start() throws Exception {
    server = RedisServer.start();
    resources =
        ClientResources.builder()
            .reconnectDelay(
                Delay.exponential(
                    Duration.ofMillis(10), Duration.ofMillis(200), 2, TimeUnit.MILLISECONDS))
            .build();
    fleet = new Fleet(server.uri(), resources, Duration.ZERO);
  }

  @AfterEach
  void stop() throws Exception {
    if (fleet != null) {
      fleet.close();
      resources.shutdown();
    }
    server.close();
  }

  private static void assertAnswered(List<String> urls, List<Verdict> verdicts) {
    assertThat(verdicts).hasSize(urls.size());
    for (int i = 0; i < urls.size(); i++) {
      assertThat(Fleet.expected(urls.get(i), verdicts.get(i))).as(urls.get(i)).isTrue();
    }
  }

  /**
   * Checks one new origin at a time until its value reaches Redis: the worker's connections are
   * back. Bounded: 60 probes of at most the store wait plus 500 ms each.
   */
  private static int probesUntilRecovered(Fleet.Worker worker) throws InterruptedException {
    for (int i = 0; i < 60; i++) {
      List<String> probe = List.of("https://probe" + i + ".example/private/x");
      assertAnswered(probe, worker.checkAll(probe));
      if (worker.awaitWritten(probe, Duration.ofMillis(500))) {
        return i + 1;
      }
    }
    throw new AssertionError("the worker did not write to Redis again within 60 probes");
  }

  /**
   * The worker's values for {@code urls} reach Redis, and a new worker answers them from there
   * without fetching.
   */
  private Fleet.Worker assertAnotherWorkerAnswersFromRedis(Fleet.Worker worker, List<String> urls)
      throws InterruptedException {
    assertThat(worker.awaitWritten(urls)).isTrue();
    Fleet.Worker other = fleet.worker(WAIT, Duration.ZERO);
    assertAnswered(urls, other.checkAll(urls));
    assertThat(other.fetcher().calls()).isZero();
    return other;
  }

  @Test
  void redisKilledMidRunThenBackEmpty() throws Exception {
    Fleet.Worker worker = fleet.worker(WAIT, Duration.ZERO);
    List<String> before = Fleet.urls(0, 5);
    assertAnswered(before, worker.checkAll(before));
    assertThat(worker.awaitEvents(StoreEvent.WRITE, 15)).isEqualTo(15);

    server.kill();
    List<String> during = Fleet.urls(100, 5);
    assertAnswered(during, worker.checkAll(during));
    assertAnswered(before, worker.checkAll(before));
    assertThat(worker.fetcher().calls()).isEqualTo(30);
    assertThat(worker.events(StoreEvent.ERROR) + worker.events(StoreEvent.TIMEOUT)).isPositive();

    server.restart();
    assertThat(probesUntilRecovered(worker)).isPositive();
    List<String> after = Fleet.urls(200, 5);
    assertAnswered(after, worker.checkAll(after));
    assertAnotherWorkerAnswersFromRedis(worker, after);
  }

  @Test
  void redisFrozenBeyondTheWaitBoundThenThawed() throws Exception {
    Fleet.Worker worker = fleet.worker(WAIT, Duration.ZERO);
    server.pause();
    try {
      List<String> frozen = Fleet.urls(0, 5);
      long start = System.nanoTime();
      assertAnswered(frozen, worker.checkAll(frozen));
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
      assertThat(worker.events(StoreEvent.TIMEOUT)).isGreaterThanOrEqualTo(15);
      assertThat(worker.events(StoreEvent.WRITE)).isZero();
    } finally {
      server.resume();
    }
    List<String> thawed = Fleet.urls(100, 5);
    assertAnswered(thawed, worker.checkAll(thawed));
    // Writes begun while frozen may also complete now; wait for the thawed origins' own.
    Fleet.Worker other = assertAnotherWorkerAnswersFromRedis(worker, thawed);
    assertThat(other.events(StoreEvent.HIT)).isEqualTo(15);
  }

  @Test
  void redisRestartedEmptyCostsOneFetchPerOriginAgain() throws Exception {
    Fleet.Worker first = fleet.worker(WAIT, Duration.ZERO);
    List<String> urls = Fleet.urls(0, 5);
    assertAnswered(urls, first.checkAll(urls));

    server.restart();
    assertAnswered(urls, first.checkAll(urls));
    assertThat(first.fetcher().calls()).isEqualTo(15);

    Fleet.Worker cold = fleet.worker(WAIT, Duration.ZERO);
    assertAnswered(urls, cold.checkAll(urls));
    assertThat(cold.fetcher().calls()).isEqualTo(15);
    assertThat(cold.events(StoreEvent.MISS)).isEqualTo(15);
    assertThat(cold.awaitEvents(StoreEvent.WRITE, 15)).isEqualTo(15);
    Fleet.Worker warm = fleet.worker(WAIT, Duration.ZERO);
    assertAnswered(urls, warm.checkAll(urls));
    assertThat(warm.fetcher().calls()).isZero();
  }

  /**
   * While Redis is down, every reconnect attempt is counted and none is logged by the store: one
   * line when the connection is lost, one when it is back.
   */
  @Test
  void reconnectAttemptsAreCountedWithOneLinePerChangeOfState() throws Exception {
    List<System.Logger.Level> lines = Collections.synchronizedList(new ArrayList<>());
    List<String> texts = Collections.synchronizedList(new ArrayList<>());
    try (ConnectionWatch watch =
            new ConnectionWatch(
                resources,
                (level, line) -> {
                  lines.add(level);
                  texts.add(line);
                });
        RedisRobotsStore store =
            RedisRobotsStore.builder().uri(server.uri()).clientResources(resources).build()) {
      server.kill();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      // The store's watch and this one hear each event in turn: wait for both.
      while (store.failedReconnects() < 5 || watch.failedReconnects() < 5) {
        assertThat(deadline - System.nanoTime()).as("5 failed reconnects within 30 s").isPositive();
        TimeUnit.MILLISECONDS.sleep(20); // polling interval
      }
      assertThat(store.connectionLosses()).isPositive();
      assertThat(watch.failedReconnects()).isGreaterThanOrEqualTo(5);
      assertThat(lines).containsExactly(System.Logger.Level.WARNING);

      server.restart();
      while (lines.size() < 2) {
        assertThat(deadline - System.nanoTime()).as("back within 30 s").isPositive();
        TimeUnit.MILLISECONDS.sleep(20); // polling interval
      }
      assertThat(lines).containsExactly(System.Logger.Level.WARNING, System.Logger.Level.INFO);
      assertThat(texts.get(0)).contains("lost").doesNotContain("Exception");
    }
  }
}
