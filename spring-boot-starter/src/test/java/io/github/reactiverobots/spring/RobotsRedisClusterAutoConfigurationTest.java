package io.github.reactiverobots.spring;

import static io.github.reactiverobots.spring.StarterTests.USER_AGENT;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.redis.RedisRobotsStore;
import io.github.reactiverobots.redis.testing.RedisCluster;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import reactor.core.publisher.Flux;

/**
 * The starter builds a store on a Redis Cluster from {@code reactive-robots.redis.uri=
 * redis+cluster://...}, against a real cluster of three primaries and three replicas on loopback
 * (skipped without redis-server, failed under {@code CI}): two workers share the rules of origins
 * spread over every shard.
 */
class RobotsRedisClusterAutoConfigurationTest {
  @RegisterExtension static final RedisCluster.PerClass CLUSTER = RedisCluster.perClass();

  private static ApplicationContextRunner worker() {
    return StarterTests.runner()
        .withUserConfiguration(RobotsRedisAutoConfigurationTest.Worker.class)
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT,
            "reactive-robots.redis.uri=" + CLUSTER.cluster().uri(),
            "reactive-robots.redis.key-prefix=starter-cluster:");
  }

  @Test
  void twoWorkersShareOriginsOnEveryShardThroughTheClusterFromTheirProperties() {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      urls.add("https://shard" + i + ".example/private/x");
    }
    worker()
        .run(
            first -> {
              assertThat(first).hasSingleBean(RedisRobotsStore.class);
              warmUp(
                  first.getBean(RobotsCache.class),
                  first.getBean(RobotsRedisAutoConfigurationTest.Worker.class));
              int warmUps = first.getBean(FakeFetcher.class).calls();
              long warmWrites =
                  writes(first.getBean(RobotsRedisAutoConfigurationTest.Worker.class));
              List<Verdict> verdicts = check(first.getBean(RobotsCache.class), urls);
              assertThat(verdicts).hasSize(30).allMatch(v -> !v.allowed());
              FakeFetcher fetcher = first.getBean(FakeFetcher.class);
              assertThat(fetcher.calls() - warmUps).isEqualTo(30);
              RobotsRedisAutoConfigurationTest.Worker events =
                  first.getBean(RobotsRedisAutoConfigurationTest.Worker.class);
              long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
              while (writes(events) - warmWrites < 30) {
                assertThat(deadline - System.nanoTime()).as("30 writes within 30 s").isPositive();
                TimeUnit.MILLISECONDS.sleep(20); // polling interval
              }

              worker()
                  .run(
                      second -> {
                        List<Verdict> w = check(second.getBean(RobotsCache.class), urls);
                        assertThat(w).hasSize(30).allMatch(v -> !v.allowed());
                        assertThat(second.getBean(FakeFetcher.class).calls())
                            .as("the second worker's fetches")
                            .isZero();
                      });
            });
  }

  private static long writes(RobotsRedisAutoConfigurationTest.Worker events) {
    return events.storeEvents.stream().filter(e -> e.name().equals("WRITE")).count();
  }

  /**
   * Checks new origins until the worker has written 6 of them: on a cluster just created, a new
   * client's first scripts can fail for a moment (the worker then fetches for itself, as on any
   * store fault). Bounded: 30 s.
   */
  private static void warmUp(RobotsCache cache, RobotsRedisAutoConfigurationTest.Worker events)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (int i = 0; writes(events) < 6; i++) {
      assertThat(deadline - System.nanoTime()).as("6 writes within 30 s").isPositive();
      cache.check("https://warm" + i + ".example/x").block(Duration.ofSeconds(10));
      TimeUnit.MILLISECONDS.sleep(50); // polling interval: the write runs in the background
    }
  }

  private static List<Verdict> check(RobotsCache cache, List<String> urls) {
    return Flux.fromIterable(urls)
        .concatMap(u -> cache.check(u))
        .collectList()
        .block(Duration.ofSeconds(60));
  }
}
