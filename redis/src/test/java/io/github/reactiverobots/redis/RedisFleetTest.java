package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.resource.ClientResources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Fleet-wide single flight against a real Redis: several workers (caches, each with its own fetcher
 * and connections) checking the same origins at once fetch each origin exactly once between them;
 * the others wait on the lease holder's result or read it.
 */
class RedisFleetTest {
  @RegisterExtension static final RedisServer.PerClass REDIS = RedisServer.perClass();
  private static ClientResources resources;

  @BeforeAll
  static void createResources() {
    resources = ClientResources.create();
  }

  @AfterAll
  static void shutdownResources() {
    if (resources != null) {
      resources.shutdown();
    }
  }

  @Test
  void manyWorkersManyConcurrentChecksOneFetchPerOrigin() throws Exception {
    int workerCount = 4;
    int originsPerKind = 30;
    List<String> urls = Fleet.urls(0, originsPerKind);
    try (Fleet fleet = new Fleet(REDIS.server().uri(), resources, Duration.ofMillis(150))) {
      List<Fleet.Worker> workers = new ArrayList<>();
      for (int i = 0; i < workerCount; i++) {
        workers.add(fleet.worker(Duration.ofSeconds(2), Duration.ofSeconds(1)));
      }
      // Every worker checks every URL three times, in its own shuffled order, all at once.
      List<Flux<Boolean>> runs = new ArrayList<>();
      for (int w = 0; w < workerCount; w++) {
        List<String> mine = new ArrayList<>(urls);
        mine.addAll(urls);
        mine.addAll(urls);
        Collections.shuffle(mine, new java.util.Random(new SplittableRandom(w).nextLong()));
        Fleet.Worker worker = workers.get(w);
        runs.add(
            Flux.fromIterable(mine)
                .flatMap(
                    url -> worker.cache().check(url, "TestBot").map(v -> Fleet.expected(url, v)),
                    256)
                .subscribeOn(Schedulers.parallel()));
      }
      List<Boolean> answers = Flux.merge(runs).collectList().block(Duration.ofSeconds(60));

      assertThat(answers).hasSize(workerCount * urls.size() * 3).containsOnly(true);
      Map<Origin, Integer> fetches = new HashMap<>();
      workers.forEach(
          w -> w.fetcher().callsByOrigin().forEach((o, n) -> fetches.merge(o, n, Integer::sum)));
      assertThat(fetches).hasSize(3 * originsPerKind);
      assertThat(fetches.values()).containsOnly(1);
      long writes = 0;
      for (Fleet.Worker w : workers) {
        writes += w.awaitEvents(StoreEvent.WRITE, w.fetcher().calls());
      }
      assertThat(writes).isEqualTo(3L * originsPerKind);
      long waited = workers.stream().mapToLong(w -> w.events(StoreEvent.LEASE_WAIT)).sum();
      long hits = workers.stream().mapToLong(w -> w.events(StoreEvent.HIT)).sum();
      assertThat(hits).isEqualTo((workerCount - 1) * 3L * originsPerKind);
      assertThat(waited).isPositive();
      assertThat(
              workers.stream()
                  .mapToLong(w -> w.events(StoreEvent.ERROR) + w.events(StoreEvent.TIMEOUT)))
          .containsOnly(0L);

      // A worker that starts now is warm at once: every origin from Redis, nothing fetched.
      Fleet.Worker late = fleet.worker(Duration.ofSeconds(2), Duration.ofSeconds(1));
      List<Verdict> verdicts = late.checkAll(urls);
      for (int i = 0; i < urls.size(); i++) {
        assertThat(Fleet.expected(urls.get(i), verdicts.get(i))).as(urls.get(i)).isTrue();
      }
      assertThat(late.fetcher().calls()).isZero();
    }
  }

  /**
   * A cold start at the defaults (issue 27): two fresh workers, each with 512 checks in flight,
   * meet a burst of origins neither has seen, all at once; the fleet still fetches each origin
   * once. At a 200 ms store wait with the cool-down tripped by one slow call, a fresh JVM fetched
   * every origin of the first wave twice.
   */
  @Test
  void aColdBurstAtTheDefaultsFetchesEachOriginOnce() throws Exception {
    int origins = 2_000;
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < origins; i++) {
      urls.add("https://cold" + i + ".example/private/" + i);
    }
    try (Fleet fleet = new Fleet(REDIS.server().uri(), resources, Duration.ofMillis(20))) {
      List<Fleet.Worker> workers = List.of(fleet.worker(), fleet.worker());
      List<Flux<Boolean>> runs = new ArrayList<>();
      for (Fleet.Worker worker : workers) {
        runs.add(
            Flux.fromIterable(urls)
                .flatMap(
                    url -> worker.cache().check(url, "TestBot").map(v -> Fleet.expected(url, v)),
                    512)
                .subscribeOn(Schedulers.parallel()));
      }
      List<Boolean> answers = Flux.merge(runs).collectList().block(Duration.ofSeconds(120));

      assertThat(answers).hasSize(2 * origins).containsOnly(true);
      int fetches = workers.stream().mapToInt(w -> w.fetcher().calls()).sum();
      long timeouts = workers.stream().mapToLong(w -> w.events(StoreEvent.TIMEOUT)).sum();
      long bypassed = workers.stream().mapToLong(w -> w.events(StoreEvent.BYPASSED)).sum();
      assertThat(fetches)
          .as("fetches (store timeouts %d, bypassed %d)", timeouts, bypassed)
          .isEqualTo(origins);
    }
  }
}
