package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.redis.testing.RedisCluster;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.resource.ClientResources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * The store on a real Redis Cluster (three primaries, three replicas, on loopback): the workers of
 * a fleet share every origin's rules whichever slot it hashes to, sharded notifications wake
 * waiters, and a primary killed under load, its replica promoted, costs no caller error and no
 * wrong verdict. The failover test runs last: it leaves the cluster with one node down.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisClusterTest {
  private static final AtomicInteger PREFIXES = new AtomicInteger();

  @RegisterExtension static final RedisCluster.PerClass CLUSTER = RedisCluster.perClass();

  private static RedisRobotsStore.Builder store() {
    return RedisRobotsStore.builder()
        .uri(CLUSTER.cluster().uri())
        .clientResources(CLUSTER.clientResources());
  }

  @Test
  @Order(1)
  void twoCachesShareEveryOriginsRulesAcrossTheSlots() throws Exception {
    List<String> urls = Fleet.urls(0, 20);
    // What is measured is sharing, not latency: the store wait is one a loaded machine meets
    // (Lettuce's 5 s command timeout comes first), and no cool-down, so that one slow call in
    // the burst cannot make the rest of it skip the store and fetch.
    try (Fleet fleet =
        new Fleet(CLUSTER.cluster().uri(), CLUSTER.clientResources(), Duration.ZERO)) {
      // Both workers reach every shard before the measured origins are fetched: some of their
      // values (a 503 is retried after a minute) expire early, and a slow warm-up of the second
      // after the first's writes let them expire before it read them.
      Fleet.Worker first = fleet.worker(Duration.ofSeconds(10), Duration.ZERO);
      Fleet.Worker second = fleet.worker(Duration.ofSeconds(10), Duration.ZERO);
      warmUp(first);
      warmUp(second);
      int firstWarmUp = first.fetcher().calls();
      assertAllExpected(urls, first.checkAll(urls));
      assertThat(first.awaitWritten(urls))
          .as("every origin written; store events %s", first.events())
          .isTrue();

      Set<RedisServer> primaries = new HashSet<>();
      for (String url : urls) {
        primaries.add(CLUSTER.cluster().primaryOf("{" + Origin.of(url).key() + "}"));
      }
      assertThat(primaries).as("the origins' slots are on every primary").hasSize(3);

      int secondWarmUp = second.fetcher().calls();
      long warmHits = second.events(StoreEvent.HIT);
      assertAllExpected(urls, second.checkAll(urls));
      assertThat(second.fetcher().calls() - secondWarmUp)
          .as("second's store events %s", second.events())
          .isZero();
      assertThat(second.events(StoreEvent.HIT) - warmHits)
          .as("second's store events %s", second.events())
          .isEqualTo(60);
      assertThat(first.fetcher().calls() - firstWarmUp)
          .as("first's store events %s", first.events())
          .isEqualTo(60);
    }
  }

  @Test
  @Order(2)
  void shardedNotificationsWakeWaitersOnEveryShard() {
    String prefix = "n" + PREFIXES.incrementAndGet() + ":";
    // Fallback re-reads only every 60 s: a value within the 10 s below came by notification.
    try (RedisRobotsStore holder = store().keyPrefix(prefix).build();
        RedisRobotsStore waiter =
            store()
                .keyPrefix(prefix)
                .waitBackoff(Duration.ofSeconds(60), Duration.ofSeconds(60))
                .build()) {
      Set<RedisServer> shards = new HashSet<>();
      for (int i = 0; shards.size() < 3 && i < 100; i++) {
        Origin origin = Origin.of("https://wake" + i + ".example");
        if (!shards.add(CLUSTER.cluster().primaryOf(holder.valueKey(origin)))) {
          continue;
        }
        Lease lease = holder.acquire(origin, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
        assertThat(lease.granted()).isTrue();
        StoredRobots value = StoredValues.fresh("User-agent: *\nDisallow: /\n");
        StepVerifier.create(waiter.awaitValue(origin, Duration.ofSeconds(30)))
            .expectSubscription()
            .then(() -> holder.complete(lease, value, Duration.ofMinutes(10)).subscribe())
            .expectNext(value)
            .expectComplete()
            .verify(Duration.ofSeconds(10));
      }
      assertThat(shards).hasSize(3);
    }
  }

  /**
   * Each origin's shard is the primary that holds its keys: a lost primary then puts only its own
   * origins in a cache's cool-down.
   */
  @Test
  @Order(2)
  void anOriginsShardIsThePrimaryOfItsSlot() {
    try (RedisRobotsStore store =
        store().keyPrefix("s" + PREFIXES.incrementAndGet() + ":").build()) {
      Map<RedisServer, Set<String>> shardsByPrimary = new HashMap<>();
      for (String url : Fleet.urls(0, 20)) {
        Origin origin = Origin.of(url);
        RedisServer primary = CLUSTER.cluster().primaryOf("{" + origin.key() + "}");
        shardsByPrimary.computeIfAbsent(primary, p -> new HashSet<>()).add(store.shard(origin));
      }
      assertThat(shardsByPrimary).as("origins on every primary").hasSize(3);
      assertThat(shardsByPrimary.values())
          .as("one shard per primary")
          .allSatisfy(names -> assertThat(names).hasSize(1).doesNotContain(""));
      assertThat(shardsByPrimary.values().stream().flatMap(Set::stream).distinct())
          .as("a shard of its own for each primary")
          .hasSize(3);
    }
  }

  /**
   * Two workers check rounds of new and known origins without pause while the primary of one
   * origin's slot is killed; its replica takes over. Every check answers, as SEMANTICS.md says;
   * sharing resumes on that shard once the topology is refreshed.
   */
  @Test
  @Order(3)
  void aPrimaryKilledUnderLoadCostsNoErrorAndNoWrongVerdict() throws Exception {
    failover(CLUSTER.cluster(), CLUSTER.clientResources());
  }

  /** The failover of {@link #aPrimaryKilledUnderLoadCostsNoErrorAndNoWrongVerdict} on a cluster. */
  static void failover(RedisCluster cluster, ClientResources resources) throws Exception {
    try (Fleet fleet = new Fleet(cluster.uri(), resources, Duration.ofMillis(5))) {
      List<Fleet.Worker> workers =
          List.of(
              fleet.worker(Duration.ofMillis(500), Duration.ofMillis(500)),
              fleet.worker(Duration.ofMillis(500), Duration.ofMillis(500)));
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong checks = new AtomicLong();
      AtomicLong wrong = new AtomicLong();
      AtomicInteger round = new AtomicInteger();
      List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
      // Each worker: rounds of 80 URLs (10 new origins of each kind, and last round's again),
      // until stopped; bounded by time, not by a count of rounds: while the store is skipped the
      // checks answer locally, fast enough to use up any count the rest of the test relies on.
      long loadDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
      List<Thread> load = new ArrayList<>();
      for (Fleet.Worker w : workers) {
        Thread t =
            new Thread(
                () -> {
                  while (!stop.get() && System.nanoTime() - loadDeadline < 0) {
                    int n = round.incrementAndGet();
                    List<String> urls = new ArrayList<>(Fleet.urls(n * 10, 10));
                    urls.addAll(Fleet.urls(Math.max(0, n - 1) * 10, 10));
                    try {
                      List<Boolean> ok =
                          Flux.fromIterable(urls)
                              .flatMap(
                                  u -> w.cache().check(u, "TestBot").map(v -> Fleet.expected(u, v)),
                                  64)
                              .collectList()
                              .block(Duration.ofSeconds(60));
                      checks.addAndGet(ok.size());
                      wrong.addAndGet(ok.stream().filter(b -> !b).count());
                    } catch (RuntimeException e) {
                      errors.add(e);
                    }
                  }
                },
                "cluster-load");
        t.start();
        load.add(t);
      }
      try {
        awaitChecks(checks, 2_000);
        Origin victim = Origin.of("https://o1.example");
        String key = "robots:{" + victim.key() + "}";
        RedisServer primary = cluster.primaryOf(key);
        long killedAt = System.nanoTime();
        primary.kill();
        cluster.awaitFailover(primary, key);
        long promoted = System.nanoTime();
        // Sharing on the shard is back once a new origin on it is written by a worker.
        Fleet.Worker probeWorker = workers.get(0);
        RedisServer promotedPrimary = cluster.primaryOf(key);
        long shared = -1;
        long probeDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int i = 0; shared < 0 && System.nanoTime() - probeDeadline < 0; i++) {
          String probe = "https://probe" + i + ".example/private/x";
          if (cluster.primaryOf("robots:{" + Origin.of(probe).key() + "}") == promotedPrimary) {
            assertAllExpected(List.of(probe), probeWorker.checkAll(List.of(probe)));
            if (probeWorker.awaitWritten(List.of(probe), Duration.ofMillis(500))) {
              shared = System.nanoTime();
            }
          }
        }
        long before = checks.get();
        awaitChecks(checks, before + 2_000);
        stop.set(true);
        for (Thread t : load) {
          t.join(TimeUnit.SECONDS.toMillis(60));
        }

        System.out.printf(
            "cluster failover: %d checks, replica promoted %d ms after the kill,"
                + " sharing back on the shard %d ms after the kill%n",
            checks.get(),
            TimeUnit.NANOSECONDS.toMillis(promoted - killedAt),
            shared < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(shared - killedAt));
        for (Fleet.Worker w : workers) {
          System.out.printf("worker: %s%n", w.events());
        }
        assertThat(errors).isEmpty();
        assertThat(wrong.get()).isZero();
        assertThat(shared)
            .as(
                "sharing resumed on the failed-over shard; store events %s, %s",
                workers.get(0).events(), workers.get(1).events())
            .isPositive();
      } finally {
        stop.set(true);
      }
    }
  }

  /**
   * Checks new origins, one at a time, until the worker has written one to each shard: on a cluster
   * just created, a new client's first scripts can fail for a moment (the worker then fetches for
   * itself, as on any store fault); the sharing asserted after starts from there. Bounded: 30 s.
   */
  private static void warmUp(Fleet.Worker worker) throws InterruptedException {
    Set<RedisServer> shards = new HashSet<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (int i = 0; shards.size() < 3; i++) {
      assertThat(deadline - System.nanoTime())
          .as("a write to every shard within 30 s")
          .isPositive();
      String url = "https://warm" + PREFIXES.incrementAndGet() + ".example/private/x";
      assertAllExpected(List.of(url), worker.checkAll(List.of(url)));
      if (worker.awaitWritten(List.of(url), Duration.ofMillis(500))) {
        shards.add(CLUSTER.cluster().primaryOf("robots:{" + Origin.of(url).key() + "}"));
      }
    }
  }

  private static void awaitChecks(AtomicLong checks, long n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (checks.get() < n) {
      assertThat(deadline - System.nanoTime()).as("checks within 60 s").isPositive();
      TimeUnit.MILLISECONDS.sleep(20); // polling interval
    }
  }

  private static void assertAllExpected(List<String> urls, List<Verdict> verdicts) {
    assertThat(verdicts).hasSize(urls.size());
    for (int i = 0; i < urls.size(); i++) {
      assertThat(Fleet.expected(urls.get(i), verdicts.get(i))).as(urls.get(i)).isTrue();
    }
  }
}
