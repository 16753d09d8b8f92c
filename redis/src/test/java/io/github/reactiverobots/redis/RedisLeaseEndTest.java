package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.AclSetuserArgs;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.protocol.CommandType;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/**
 * A lease whose holder's completion or release fails is not left to hold the other workers off
 * until it expires: the store sends it again, on its wait backoff, until it lands or the lease's
 * time is over. On one redis-server, the holder's failure is its ACL user denied {@code EVAL}
 * (every attempt answered with an error) after it took the lease; {@link RedisClusterLeaseTest} is
 * the same on a cluster primary frozen mid-completion.
 */
class RedisLeaseEndTest {
  private static final AtomicInteger PREFIXES = new AtomicInteger();

  @RegisterExtension static final RedisServer.PerClass REDIS = RedisServer.perClass();

  private RedisRobotsStore holder;
  private RedisRobotsStore waiter;

  @BeforeEach
  void start() {
    REDIS.server().commands().aclSetuser("holder", holderAllowed());
    String prefix = "end" + PREFIXES.incrementAndGet() + ":";
    holder =
        RedisRobotsStore.builder()
            .uri("redis://holder:any@127.0.0.1:" + REDIS.server().port())
            .keyPrefix(prefix)
            .waitBackoff(Duration.ofMillis(10), Duration.ofMillis(100))
            .build();
    // Fallback re-reads only every 60 s: a value the waiter gets came by notification.
    waiter =
        RedisRobotsStore.builder()
            .uri(REDIS.server().uri())
            .keyPrefix(prefix)
            .waitBackoff(Duration.ofSeconds(60), Duration.ofSeconds(60))
            .build();
  }

  @AfterEach
  void stop() {
    holder.close();
    waiter.close();
    REDIS.server().commands().aclDeluser("holder");
  }

  private static AclSetuserArgs holderAllowed() {
    return AclSetuserArgs.Builder.on().nopass().allKeys().allChannels().allCommands();
  }

  private static void denyScripts() {
    REDIS
        .server()
        .commands()
        .aclSetuser("holder", AclSetuserArgs.Builder.removeCommand(CommandType.EVAL));
  }

  @Test
  void aCompletionThatFailsIsSentAgainUntilItLandsAndWakesTheWaiter() throws Exception {
    Origin origin = Origin.of("https://retried.example");
    Lease lease = holder.acquire(origin, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
    assertThat(lease.granted()).isTrue();
    denyScripts();
    StoredRobots value = RedisRobotsStoreTest.fullValue(Instant.now());

    CompletableFuture<Void> completed =
        holder.complete(lease, value, Duration.ofMinutes(10)).toFuture();
    awaitRetries(3);
    assertThat(completed).isNotDone();
    assertThat(REDIS.server().commands().exists(holder.leaseKey(origin))).isEqualTo(1);

    StepVerifier.create(waiter.awaitValue(origin, Duration.ofSeconds(30)))
        .expectSubscription()
        .then(() -> REDIS.server().commands().aclSetuser("holder", holderAllowed()))
        .expectNext(value)
        .expectComplete()
        .verify(Duration.ofSeconds(10));
    assertThat(completed).succeedsWithin(Duration.ofSeconds(5));
    assertThat(REDIS.server().commands().exists(holder.leaseKey(origin))).isZero();
  }

  @Test
  void aReleaseThatNeverLandsIsGivenUpWhenTheLeaseEnds() throws Exception {
    Origin origin = Origin.of("https://given-up.example");
    Lease lease = holder.acquire(origin, Duration.ofSeconds(1)).block(Duration.ofSeconds(5));
    long acquired = System.nanoTime();
    assertThat(lease.granted()).isTrue();
    denyScripts();

    CompletableFuture<Void> released = holder.release(lease).toFuture();
    assertThat(released)
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableThat()
        .havingRootCause()
        .isInstanceOf(RedisCommandExecutionException.class)
        .withMessageContaining("NOPERM");
    // Tried until the lease's time was over, not given up at the first failure.
    assertThat(Duration.ofNanos(System.nanoTime() - acquired))
        .isGreaterThanOrEqualTo(Duration.ofMillis(900));
    assertThat(holder.leaseEndRetries()).isGreaterThanOrEqualTo(3);
  }

  /**
   * An end that failed before it landed is confirmed: the lease is read again, and ended again
   * while it still holds the holder's token. Here the landed completion is undone by hand, as a
   * primary demoted after it ran the completion would lose it.
   */
  @Test
  void anEndThatNeededARetryIsConfirmedAndEndedAgainWhenItWasLost() throws Exception {
    Origin origin = Origin.of("https://lost.example");
    try (RedisRobotsStore slow =
        RedisRobotsStore.builder()
            .uri("redis://holder:any@127.0.0.1:" + REDIS.server().port())
            .keyPrefix("lost:")
            .waitBackoff(Duration.ofMillis(10), Duration.ofSeconds(1))
            .build()) {
      Lease lease = slow.acquire(origin, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
      assertThat(lease.granted()).isTrue();
      denyScripts();
      CompletableFuture<Void> completed =
          slow.complete(lease, RedisRobotsStoreTest.fullValue(Instant.now()), Duration.ofMinutes(1))
              .toFuture();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (slow.leaseEndRetries() < 1) {
        assertThat(deadline - System.nanoTime()).as("a retry within 10 s").isPositive();
        TimeUnit.MILLISECONDS.sleep(10); // polling interval
      }
      REDIS.server().commands().aclSetuser("holder", holderAllowed());
      assertThat(completed).succeedsWithin(Duration.ofSeconds(5));
      long retries = slow.leaseEndRetries();

      String key = slow.leaseKey(origin);
      REDIS
          .server()
          .commands()
          .psetex(key, 30_000, lease.token().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      while (REDIS.server().commands().exists(key) > 0) {
        assertThat(deadline - System.nanoTime()).as("the lost end sent again").isPositive();
        TimeUnit.MILLISECONDS.sleep(10); // polling interval
      }
      assertThat(slow.leaseEndRetries()).isGreaterThan(retries);
    }
  }

  private void awaitRetries(long n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (holder.leaseEndRetries() < n) {
      assertThat(deadline - System.nanoTime()).as(n + " retries within 10 s").isPositive();
      TimeUnit.MILLISECONDS.sleep(10); // polling interval
    }
  }
}
