package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** The store against a real redis-server: format, TTL, keys, leases, notifications. */
class RedisRobotsStoreTest {
  private static final Origin ORIGIN = Origin.of("https://a.example");
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);
  private static final AtomicInteger PREFIXES = new AtomicInteger();

  @RegisterExtension static final RedisServer.PerClass REDIS = RedisServer.perClass();

  private final RedisRobotsStore store =
      RedisRobotsStore.builder()
          .uri(REDIS.server().uri())
          .keyPrefix("t" + PREFIXES.incrementAndGet() + ":")
          .build();

  @AfterEach
  void closeStore() {
    store.close();
  }

  private static RedisCommands<String, byte[]> redis() {
    return REDIS.server().commands();
  }

  static StoredRobots fullValue(Instant now) {
    return StoredRobots.builder()
        .state(
            OriginState.builder()
                .outcome(FetchOutcome.UNREACHABLE)
                .status(503)
                .fetchedAt(now)
                .expiresAt(now.plusSeconds(120))
                .build())
        .body(BODY)
        .confirmedAt(now.minusSeconds(3600))
        .validators(new Conditional("\"v1\"", "Sun, 01 Mar 2026 00:00:00 GMT"))
        .failingSince(now.minusSeconds(600))
        .failures(3)
        .build();
  }

  @Test
  void anotherResourceOfTheOriginIsKeptApartInTheOriginsSlotWithItsRetention() {
    String path = "/.well-known/tdmrep.json";
    StoredRobots file = StoredValues.fresh("[{\"location\": \"/\", \"tdm-reservation\": 1}]");
    StoredRobots robots = StoredValues.fresh(BODY);
    store.put(ORIGIN, robots, Duration.ofMinutes(10)).block(Duration.ofSeconds(5));
    store.putResource(ORIGIN, path, file, Duration.ofMinutes(5)).block(Duration.ofSeconds(5));

    assertThat(store.getResource(ORIGIN, path).block(Duration.ofSeconds(5))).isEqualTo(file);
    assertThat(store.get(ORIGIN).block(Duration.ofSeconds(5))).isEqualTo(robots);
    String key = store.resourceKey(ORIGIN, path);
    assertThat(key)
        .contains("{https://a.example}")
        .endsWith(path)
        .isNotEqualTo(store.valueKey(ORIGIN));
    assertThat(redis().pttl(key))
        .isBetween(Duration.ofMinutes(4).toMillis(), Duration.ofMinutes(5).toMillis());
    assertThat(store.getResource(ORIGIN, "/other").block(Duration.ofSeconds(5))).isNull();
  }

  @Test
  void aValueComesBackWholeUnderAHashTaggedKeyWithTheRetentionAsItsTtl() {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusNanos(123);
    StoredRobots value = fullValue(now);

    store.put(ORIGIN, value, Duration.ofMinutes(10)).block(Duration.ofSeconds(5));

    assertThat(store.get(ORIGIN).block(Duration.ofSeconds(5))).isEqualTo(value);
    String key = store.valueKey(ORIGIN);
    assertThat(key).endsWith("{https://a.example}");
    assertThat(redis().exists(key)).isEqualTo(1);
    assertThat(redis().pttl(key))
        .isBetween(Duration.ofMinutes(9).toMillis(), Duration.ofMinutes(10).toMillis());
    StoredRobots blanket =
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.UNAVAILABLE)
                    .status(404)
                    .fetchedAt(now)
                    .expiresAt(now.plusSeconds(60))
                    .build())
            .build();
    store.put(ORIGIN, blanket, Duration.ofSeconds(60)).block(Duration.ofSeconds(5));
    assertThat(store.get(ORIGIN).block(Duration.ofSeconds(5))).isEqualTo(blanket);
    assertThat(store.get(Origin.of("https://nothing.example")).block(Duration.ofSeconds(5)))
        .isNull();
  }

  @Test
  void foreignOrCorruptedBytesAreRejectedAndCounted() {
    Origin other = Origin.of("https://b.example");
    byte[] valid = ValueFormat.write(ORIGIN, fullValue(Instant.now()));
    byte[] flipped = valid.clone();
    flipped[valid.length / 2] ^= 0x40;
    byte[] nextVersion = valid.clone();
    nextVersion[3] = 2;
    byte[][] bad = {
      "garbage".getBytes(StandardCharsets.UTF_8),
      flipped,
      nextVersion,
      new byte[0],
      java.util.Arrays.copyOf(valid, valid.length - 9)
    };
    for (byte[] bytes : bad) {
      redis().set(store.valueKey(ORIGIN), bytes);
      assertThatThrownBy(() -> store.get(ORIGIN).block(Duration.ofSeconds(5)))
          .isInstanceOf(RejectedValueException.class);
    }
    redis().set(store.valueKey(other), valid);
    assertThatThrownBy(() -> store.get(other).block(Duration.ofSeconds(5)))
        .isInstanceOf(RejectedValueException.class)
        .hasMessageContaining("another origin");

    assertThat(store.rejectedValues()).isEqualTo(bad.length + 1);
  }

  @Test
  void aCacheIgnoresGarbageUnderItsKeyCountsItAndOverwritesIt() {
    redis().set(store.valueKey(ORIGIN), "not a robots value".getBytes(StandardCharsets.UTF_8));
    LongAdder rejected = new LongAdder();
    CompletableFuture<Void> written = new CompletableFuture<>();
    FakeFetcher fetcher =
        new FakeFetcher().answer(ORIGIN, FetchResult.status(200).body(BODY).build());
    try (RobotsCache cache =
        RobotsCache.builder()
            .fetcher(fetcher)
            .store(store)
            .listener(
                new RobotsCacheListener() {
                  @Override
                  public void onStore(Origin origin, StoreEvent event) {
                    if (event == StoreEvent.REJECTED) {
                      rejected.increment();
                    } else if (event == StoreEvent.WRITE) {
                      written.complete(null);
                    }
                  }
                })
            .build()) {
      Verdict v =
          cache.check("https://a.example/private/x", "TestBot").block(Duration.ofSeconds(10));

      assertThat(v.allowed()).isFalse();
      // The verdict does not wait for the write to the store, which runs in the background.
      assertThat(written).succeedsWithin(Duration.ofSeconds(10));
      assertThat(fetcher.calls()).isEqualTo(1);
      assertThat(rejected.sum()).isPositive();
      assertThat(store.rejectedValues()).isEqualTo(rejected.sum());
      StepVerifier.create(store.get(ORIGIN))
          .assertNext(stored -> assertThat(stored.body()).isEqualTo(BODY))
          .verifyComplete();
    }
  }

  @Test
  void oneLeaseAtATimeEndedOnlyByItsHolder() {
    Lease mine = store.acquire(ORIGIN, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
    Lease theirs = store.acquire(ORIGIN, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
    assertThat(mine.granted()).isTrue();
    assertThat(theirs.granted()).isFalse();
    assertThat(theirs.remaining()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(30));

    store.release(Lease.granted(ORIGIN, "an impostor")).block(Duration.ofSeconds(5));
    assertThat(redis().exists(store.leaseKey(ORIGIN))).isEqualTo(1);

    store
        .complete(mine, fullValue(Instant.now()), Duration.ofMinutes(1))
        .block(Duration.ofSeconds(5));
    assertThat(redis().exists(store.leaseKey(ORIGIN))).isZero();
    assertThat(store.get(ORIGIN).block(Duration.ofSeconds(5))).isNotNull();
    assertThat(store.acquire(ORIGIN, Duration.ofMillis(1)).block(Duration.ofSeconds(5)).granted())
        .isTrue();
  }

  @Test
  void aWaiterIsWokenByTheNotificationNotByPolling() {
    // Fallback re-reads only every 60 s: a value within the 10 s below came by notification.
    try (RedisRobotsStore waiter =
        RedisRobotsStore.builder()
            .uri(REDIS.server().uri())
            .keyPrefix(store.valueKey(ORIGIN).substring(0, store.valueKey(ORIGIN).indexOf('{')))
            .waitBackoff(Duration.ofSeconds(60), Duration.ofSeconds(60))
            .build()) {
      Lease lease = store.acquire(ORIGIN, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
      StoredRobots value = StoredValues.fresh(BODY);

      StepVerifier.create(waiter.awaitValue(ORIGIN, Duration.ofSeconds(30)))
          .expectSubscription()
          .then(() -> store.complete(lease, value, Duration.ofMinutes(10)).subscribe())
          .expectNext(value)
          .expectComplete()
          .verify(Duration.ofSeconds(10));

      Lease next =
          store
              .acquire(Origin.of("https://c.example"), Duration.ofSeconds(30))
              .block(Duration.ofSeconds(5));
      StepVerifier.create(waiter.awaitValue(Origin.of("https://c.example"), Duration.ofSeconds(30)))
          .expectSubscription()
          .then(() -> store.release(next).subscribe())
          .expectComplete()
          .verify(Duration.ofSeconds(10));
    }
  }

  @Test
  void aLeaseKeyWithoutExpiryIsGrantedToNobodyAndGivenAnExpiry() {
    Origin stuck = Origin.of("http://stuck.test");
    String leaseKey = store.leaseKey(stuck);
    redis().set(leaseKey, "x".getBytes(StandardCharsets.UTF_8));
    assertThat(redis().pttl(leaseKey)).isEqualTo(-1);

    try (RedisRobotsStore other =
        RedisRobotsStore.builder()
            .uri(REDIS.server().uri())
            .keyPrefix(leaseKey.substring(0, leaseKey.indexOf('{')))
            .build()) {
      Lease a = store.acquire(stuck, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));
      Lease b = other.acquire(stuck, Duration.ofSeconds(30)).block(Duration.ofSeconds(5));

      assertThat(a.granted()).isFalse();
      assertThat(b.granted()).isFalse();
      assertThat(a.remaining()).isEqualTo(Duration.ofSeconds(30));
      assertThat(b.remaining()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(30));
      assertThat(redis().pttl(leaseKey)).isPositive().isLessThanOrEqualTo(30_000L);
    }
  }

  @Test
  void aValueOfAnotherFormatVersionIsRefusedAndCountedAsSuch() {
    byte[] next = ValueFormat.write(ORIGIN, fullValue(Instant.now()));
    next[3] = (byte) (ValueFormat.VERSION + 1);
    redis().set(store.valueKey(ORIGIN), next);

    assertThatThrownBy(() -> store.get(ORIGIN).block(Duration.ofSeconds(5)))
        .isInstanceOf(RejectedValueException.class)
        .hasMessageContaining("format version");
    assertThat(store.rejectedValues()).isEqualTo(1);
    assertThat(store.otherVersionValues()).isEqualTo(1);

    redis().set(store.valueKey(ORIGIN), "junk".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> store.get(ORIGIN).block(Duration.ofSeconds(5)))
        .isInstanceOf(RejectedValueException.class);
    assertThat(store.rejectedValues()).isEqualTo(2);
    assertThat(store.otherVersionValues()).isEqualTo(1);
  }
}
