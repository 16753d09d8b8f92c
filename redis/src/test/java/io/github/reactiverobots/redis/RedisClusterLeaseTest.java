package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.redis.testing.RedisCluster;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A lease on a Redis Cluster primary that is frozen ({@code SIGSTOP}) while the lease's holder
 * completes it: the lease, replicated before, lives on in the promoted replica; the holder's
 * completion, failed on the frozen primary, is sent again until it lands there, so another worker
 * waiting for the origin gets the value within the bound docs/fleet.md gives, long before the lease
 * would have expired.
 */
class RedisClusterLeaseTest {
  /** The lease's time, as the cache's default {@code storeLease}. */
  private static final Duration LEASE = Duration.ofSeconds(30);

  /** How long the primary is frozen, as in the run that found the lease outliving its end. */
  private static final Duration PARTITION = Duration.ofSeconds(6);

  /** Each store's command timeout: a call to the frozen primary fails after it. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

  /**
   * docs/fleet.md's bound, from the thaw: the holder's client reaches the shard again (the thawed
   * node answers, or redirects to the promoted replica), its end is confirmed after the longest
   * backoff (1 s) and sent again within a command timeout; the waiter's own call may wait out a
   * command timeout on the frozen node too; plus 3 s for a busy 2-core machine.
   */
  private static final Duration BOUND =
      COMMAND_TIMEOUT.multipliedBy(2).plus(Duration.ofSeconds(1 + 3));

  @RegisterExtension static final RedisCluster.PerClass CLUSTER = RedisCluster.perClass();

  private static RedisRobotsStore store() {
    return RedisRobotsStore.builder()
        .uri(CLUSTER.cluster().uri())
        .clientResources(CLUSTER.clientResources())
        .keyPrefix("frozen:")
        .commandTimeout(COMMAND_TIMEOUT)
        .build();
  }

  @Test
  void aLeaseWhoseHolderLostItsPrimaryEndsOnThePromotedReplica() throws Exception {
    RedisCluster cluster = CLUSTER.cluster();
    try (RedisRobotsStore holder = store();
        RedisRobotsStore waiter = store()) {
      Origin origin = Origin.of("https://frozen.example");
      Lease lease = holder.acquire(origin, LEASE).block(Duration.ofSeconds(10));
      assertThat(lease.granted()).isTrue();
      awaitTrue("the lease replicated", () -> cluster.replicaHas(holder.leaseKey(origin)), LEASE);

      RedisServer primary = cluster.primaryOf(holder.valueKey(origin));
      StoredRobots value = value();
      long frozenAt = System.nanoTime();
      cluster.pause(primary);
      try {
        CompletableFuture<Void> completed =
            holder.complete(lease, value, Duration.ofMinutes(10)).toFuture();
        cluster.awaitFailover(primary, holder.valueKey(origin));
        long promotedAt = System.nanoTime();

        // What the cache's flight does, from another worker: take the lease, or wait for its
        // holder's value. Its calls may hang on the frozen node until it is thawed.
        CompletableFuture<StoredRobots> check =
            CompletableFuture.supplyAsync(() -> check(waiter, origin, promotedAt));
        // The partition's length (the scenario, not a synchronisation): then the node is thawed.
        while (System.nanoTime() - (frozenAt + PARTITION.toNanos()) < 0) {
          TimeUnit.MILLISECONDS.sleep(20);
        }
        cluster.resume(primary);
        long thawedAt = System.nanoTime();
        StoredRobots answer = check.get(LEASE.toSeconds() + 10, TimeUnit.SECONDS);
        long answeredAt = System.nanoTime();

        System.out.printf(
            "frozen primary: replica promoted %d ms after the SIGSTOP, thawed after %d ms; the"
                + " waiter had the value %d ms after the thaw, %d ms after it began; %d lease-end"
                + " retries%n",
            TimeUnit.NANOSECONDS.toMillis(promotedAt - frozenAt),
            TimeUnit.NANOSECONDS.toMillis(thawedAt - frozenAt),
            TimeUnit.NANOSECONDS.toMillis(answeredAt - thawedAt),
            TimeUnit.NANOSECONDS.toMillis(answeredAt - promotedAt),
            holder.leaseEndRetries());
        assertThat(answer).isEqualTo(value);
        assertThat(Duration.ofNanos(answeredAt - thawedAt)).isLessThan(BOUND);
        assertThat(completed).succeedsWithin(Duration.ofSeconds(10));
        assertThat(holder.leaseEndRetries()).isPositive();
      } finally {
        cluster.resume(primary);
      }
      cluster.awaitWhole();
    }
  }

  /**
   * One worker's flight: takes the lease, or waits for its holder's value; a call that fails (on
   * the frozen node) is made again, until {@link #LEASE} after {@code from}.
   */
  private static StoredRobots check(RedisRobotsStore waiter, Origin origin, long from) {
    long deadline = from + LEASE.toNanos();
    while (System.nanoTime() - deadline < 0) {
      try {
        Lease seen = waiter.acquire(origin, LEASE).block(LEASE);
        if (seen.granted()) {
          StoredRobots found = waiter.get(origin).block(Duration.ofSeconds(10));
          waiter.release(seen).block(Duration.ofSeconds(10));
          return found;
        }
        return waiter.awaitValue(origin, seen.remaining()).block(seen.remaining().plusSeconds(5));
      } catch (IllegalStateException | io.lettuce.core.RedisException e) {
        // a call that failed on the frozen node; the next one is routed again
      }
    }
    return null;
  }

  private static StoredRobots value() {
    return StoredValues.fresh("User-agent: *\nDisallow: /\n");
  }

  private static void awaitTrue(
      String what, java.util.function.BooleanSupplier done, Duration bound)
      throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!done.getAsBoolean()) {
      assertThat(deadline - System.nanoTime()).as(what + " within " + bound).isPositive();
      TimeUnit.MILLISECONDS.sleep(20); // polling interval
    }
  }
}
