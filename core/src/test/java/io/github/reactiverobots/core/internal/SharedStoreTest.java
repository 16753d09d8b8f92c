package io.github.reactiverobots.core.internal;

import static io.github.reactiverobots.core.testing.CacheFixture.AGENT;
import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.T0;
import static io.github.reactiverobots.core.testing.CacheFixture.failure;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static io.github.reactiverobots.core.testing.CacheFixture.okBuilder;
import static io.github.reactiverobots.core.testing.CacheFixture.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.core.testing.MemoryStore;
import io.github.reactiverobots.core.testing.RecordingListener;
import io.github.reactiverobots.core.testing.VirtualClock;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * Caches sharing a store, as the workers of a fleet do, on one virtual time: what one fetched the
 * others answer from without fetching; one lease per origin makes the fleet fetch once; a store
 * that fails, hangs or holds garbage never fails a check.
 */
class SharedStoreTest {
  private static final Origin ORIGIN = Origin.of("https://a.example");
  private static final String PRIVATE = "https://a.example/private/x";

  private final VirtualClock clock = new VirtualClock();
  private final MemoryStore store = new MemoryStore(this::now);
  private final List<RobotsCache> caches = new ArrayList<>();

  /** One worker: its own cache, fetcher and events. */
  private record Worker(RobotsCache cache, FakeFetcher fetcher, RecordingListener events) {
    Verdict check(String url) {
      AtomicReference<Verdict> out = new AtomicReference<>();
      StepVerifier.create(cache.check(url, AGENT))
          .consumeNextWith(out::set)
          .expectComplete()
          .verify(Duration.ofSeconds(10));
      return out.get();
    }

    /** Starts a check; the reference holds its verdict once it comes. */
    AtomicReference<Verdict> startCheck(String url) {
      AtomicReference<Verdict> out = new AtomicReference<>();
      cache.check(url, AGENT).subscribe(out::set);
      return out;
    }

    OriginState state() {
      return cache.rules(ORIGIN.key()).block(Duration.ofSeconds(10)).state();
    }
  }

  @AfterEach
  void close() {
    caches.forEach(RobotsCache::close);
    clock.close();
  }

  private Instant now() {
    return T0.plus(clock.elapsed());
  }

  private Worker worker() {
    return worker(b -> b);
  }

  private Worker worker(UnaryOperator<RobotsCacheBuilder> config) {
    FakeFetcher fetcher = new FakeFetcher();
    RecordingListener events = new RecordingListener();
    RobotsCache cache =
        config
            .apply(
                RobotsCache.builder()
                    .fetcher(fetcher)
                    .store(store)
                    .ticker(clock.ticker())
                    // Anchored to the wall time at which this worker starts, as a real clock would
                    // be.
                    .clock(Clock.fixed(now(), ZoneOffset.UTC))
                    .parseScheduler(clock.scheduler())
                    .listener(events))
            .build();
    caches.add(cache);
    return new Worker(cache, fetcher, events);
  }

  @Test
  void aFetchIsWrittenAndAnotherWorkerAnswersFromItWithoutFetching() {
    Worker first = worker();
    first.fetcher().answer(ORIGIN, okBuilder(BODY).header("ETag", "\"v1\"").build());
    assertThat(first.check(PRIVATE).allowed()).isFalse();

    StoredRobots value = store.value(ORIGIN);
    assertThat(value.state().outcome()).isEqualTo(FetchOutcome.OK);
    assertThat(new String(value.body(), StandardCharsets.UTF_8)).isEqualTo(BODY);
    assertThat(value.validators().etag()).isEqualTo("\"v1\"");
    // Kept as long as the entry is retained: a good copy serves outages for 30 days.
    assertThat(store.retention(ORIGIN)).isEqualTo(Duration.ofDays(30));
    assertThat(first.events().store(StoreEvent.MISS)).isEqualTo(1);
    assertThat(first.events().store(StoreEvent.WRITE)).isEqualTo(1);

    Worker second = worker();
    Verdict v = second.check(PRIVATE);

    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(second.fetcher().calls()).isZero();
    assertThat(second.events().store(StoreEvent.HIT)).isEqualTo(1);
    assertThat(second.events().parses()).isEqualTo(1);
    assertThat(second.state()).isEqualTo(first.state());
  }

  @Test
  void everyKindOfEntryIsRebuiltAsTheWorkerThatFetchedBuiltIt() {
    List<FetchResult> results =
        List.of(
            ok(BODY),
            status(404),
            status(503),
            failure(FailureKind.TOO_MANY_REDIRECTS),
            failure(FailureKind.ADDRESS_REFUSED),
            okBuilder(BODY)
                .header("Cache-Control", "max-age=900")
                .header("Last-Modified", "Sun, 01 Mar 2026 00:00:00 GMT")
                .build());
    for (int i = 0; i < results.size(); i++) {
      Origin origin = Origin.of("https://o" + i + ".example");
      Worker first = worker();
      first.fetcher().answer(origin, results.get(i));
      Verdict fetched = first.check(origin.key() + "/private/x");
      Worker second = worker();
      Verdict rebuilt = second.check(origin.key() + "/private/x");

      assertThat(second.fetcher().calls()).as("result %s", results.get(i)).isZero();
      assertThat(rebuilt).as("result %s", results.get(i)).isEqualTo(fetched);
    }
  }

  @Test
  void anOutageCopyIsSharedWithItsFailureStreak() {
    Worker first = worker();
    first.fetcher().then(ok(BODY)).then(status(503)).then(status(503));
    first.check(PRIVATE);
    clock.advance(Duration.ofHours(26));
    first.check(PRIVATE);
    clock.advance(Duration.ofMinutes(2));
    first.check(PRIVATE); // the expired outage copy answers while its refresh fails again
    Verdict latest = first.check(PRIVATE);
    assertThat(first.fetcher().calls()).isEqualTo(3);
    assertThat(latest.originState().orElseThrow().staleCopy()).isTrue();

    StoredRobots value = store.value(ORIGIN);
    assertThat(value.state().outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    assertThat(value.failures()).isEqualTo(2);
    assertThat(value.hasCopy()).isTrue();

    Worker other = worker();
    assertThat(other.check(PRIVATE)).isEqualTo(latest);
    assertThat(other.fetcher().calls()).isZero();
    // The streak came along: the next failure, the third in a row, backs off 4 minutes.
    clock.advance(Duration.ofMinutes(2));
    other.fetcher().then(status(503));
    other.check(PRIVATE);
    OriginState third = other.state();
    assertThat(other.fetcher().calls()).isEqualTo(1);
    assertThat(Duration.between(third.fetchedAt(), third.expiresAt()))
        .isEqualTo(Duration.ofMinutes(4));
  }

  @Test
  void workersWaitForTheLeaseHolderInsteadOfFetching() {
    Worker holder = worker();
    holder.fetcher().then(ok(BODY), Duration.ofSeconds(5));
    Worker second = worker();
    Worker third = worker();

    AtomicReference<Verdict> a = holder.startCheck(PRIVATE);
    AtomicReference<Verdict> b = second.startCheck(PRIVATE);
    AtomicReference<Verdict> c = third.startCheck(PRIVATE + "2");
    clock.advance(Duration.ofMillis(4_999));
    assertThat(List.of(a, b, c)).allMatch(r -> r.get() == null);
    clock.advance(Duration.ofMillis(1));

    assertThat(List.of(a, b, c)).allMatch(r -> r.get() != null && !r.get().allowed());
    assertThat(holder.fetcher().calls()).isEqualTo(1);
    assertThat(second.fetcher().calls() + third.fetcher().calls()).isZero();
    assertThat(second.events().store(StoreEvent.LEASE_WAIT)).isEqualTo(1);
    assertThat(second.events().store(StoreEvent.HIT)).isEqualTo(1);
    assertThat(third.events().store(StoreEvent.LEASE_WAIT)).isEqualTo(1);
    assertThat(store.leased(ORIGIN)).isFalse();
  }

  @Test
  void theHoldersWriteEndsItsLeaseEvenWhileItSkipsTheStoreAfterAFault() {
    Worker holder = worker(b -> b.storeCooldown(Duration.ofMinutes(1)));
    holder.fetcher().then(ok(BODY), Duration.ofSeconds(5)).otherwise(ok(BODY));
    Worker waiter = worker();

    AtomicReference<Verdict> held = holder.startCheck(PRIVATE);
    AtomicReference<Verdict> waited = waiter.startCheck(PRIVATE);
    store.mode(MemoryStore.Mode.FAILING);
    holder.check("https://b.example/private/");
    holder.check("https://c.example/private/");
    store.mode(MemoryStore.Mode.UP);
    // b's read and write, c's read: three in a row, and the holder skips the store.
    assertThat(holder.events().store(StoreEvent.ERROR)).isEqualTo(3);
    assertThat(holder.events().store(StoreEvent.BYPASSED)).isEqualTo(1);
    clock.advance(Duration.ofSeconds(5));

    // Skipped like the flights that follow, the write would leave the lease held for its 30 s
    // and the waiter would then fetch itself.
    assertThat(held.get().allowed()).isFalse();
    assertThat(store.leased(ORIGIN)).isFalse();
    assertThat(store.value(ORIGIN)).isNotNull();
    assertThat(waited.get()).isNotNull();
    assertThat(waited.get().allowed()).isFalse();
    assertThat(waiter.fetcher().calls()).isZero();
    assertThat(waiter.events().store(StoreEvent.HIT)).isEqualTo(1);
  }

  @Test
  void aLeaseEndingWriteIsNotCutOffByTheStoreWait() {
    Worker holder = worker(b -> b.storeWait(Duration.ofMillis(200)));
    holder.fetcher().then(ok(BODY), Duration.ofSeconds(1));

    AtomicReference<Verdict> held = holder.startCheck(PRIVATE);
    store.latency(Duration.ofMillis(500));
    clock.advance(Duration.ofSeconds(1));
    assertThat(held.get().allowed()).isFalse();
    clock.advance(Duration.ofMillis(499));
    assertThat(store.leased(ORIGIN)).isTrue();
    clock.advance(Duration.ofMillis(1));

    // Cut off at 200 ms, the write would never reach the store and the lease would stay held.
    assertThat(store.leased(ORIGIN)).isFalse();
    assertThat(store.value(ORIGIN)).isNotNull();
    assertThat(holder.events().store(StoreEvent.WRITE)).isEqualTo(1);
    assertThat(holder.events().store(StoreEvent.TIMEOUT)).isZero();
  }

  @Test
  void aLeaseGrantedAfterTheFlightStoppedWaitingForItIsReleased() {
    Worker late = worker(b -> b.storeWait(Duration.ofMillis(200)));
    late.fetcher().otherwise(ok(BODY));
    store.acquireLatency(Duration.ofMillis(500));

    AtomicReference<Verdict> v = late.startCheck(PRIVATE);
    clock.advance(Duration.ofMillis(200));
    assertThat(v.get().allowed()).isFalse();
    assertThat(late.events().store(StoreEvent.TIMEOUT)).isEqualTo(1);
    clock.advance(Duration.ofMillis(300));

    // Kept, the lease would make every other worker wait 30 s for a value nobody writes.
    assertThat(store.leased(ORIGIN)).isFalse();
    store.acquireLatency(Duration.ZERO);
    Worker next = worker();
    next.fetcher().otherwise(ok(BODY));
    assertThat(next.check(PRIVATE).allowed()).isFalse();
    assertThat(next.events().store(StoreEvent.LEASE_WAIT)).isZero();
    // One timeout does not start the cool-down: the late worker's fetch was written.
    assertThat(next.events().store(StoreEvent.HIT)).isEqualTo(1);
    assertThat(next.fetcher().calls()).isZero();
  }

  @Test
  void aLeaseWhoseHolderDiedEndsAndTheWaiterFetchesItself() {
    assertThat(store.acquire(ORIGIN, Duration.ofSeconds(30)).block().granted()).isTrue();
    Worker worker = worker();
    worker.fetcher().then(ok(BODY));

    AtomicReference<Verdict> v = worker.startCheck(PRIVATE);
    clock.advance(Duration.ofSeconds(29));
    assertThat(v.get()).isNull();
    assertThat(worker.fetcher().calls()).isZero();
    clock.advance(Duration.ofSeconds(2));

    assertThat(v.get().allowed()).isFalse();
    assertThat(worker.fetcher().calls()).isEqualTo(1);
    assertThat(worker.events().store(StoreEvent.LEASE_WAIT)).isEqualTo(1);
    assertThat(store.value(ORIGIN)).isNotNull();
  }

  @Test
  void aFailingStoreNeverFailsACheckAndIsSkippedForTheCooldown() {
    Worker worker = worker();
    worker.fetcher().otherwise(ok(BODY));
    store.mode(MemoryStore.Mode.FAILING);

    assertThat(worker.check(PRIVATE).allowed()).isFalse();
    assertThat(worker.check("https://b.example/private/").allowed()).isFalse();
    assertThat(worker.check("https://c.example/private/").allowed()).isFalse();

    assertThat(worker.fetcher().calls()).isEqualTo(3);
    // The first check's read and write, the second's read: three in a row start the cool-down.
    assertThat(worker.events().store(StoreEvent.ERROR)).isEqualTo(3);
    // The second check's write, the third check's read and its write.
    assertThat(worker.events().store(StoreEvent.BYPASSED)).isEqualTo(3);

    store.mode(MemoryStore.Mode.UP);
    clock.advance(Duration.ofSeconds(1));
    worker.check("https://d.example/private/");
    assertThat(worker.events().store(StoreEvent.WRITE)).isEqualTo(1);
    assertThat(store.value(Origin.of("https://d.example"))).isNotNull();
  }

  @Test
  void aLostShardIsSkippedForTheCooldownWhileTheOthersStillShare() {
    store.shardedBy(o -> o.key().startsWith("https://lost") ? "lost" : "kept").lose("lost");
    Worker first = worker();
    first.fetcher().otherwise(ok(BODY));

    first.check("https://lost-1.example/private/");
    first.check("https://lost-2.example/private/");
    first.check("https://lost-3.example/private/");
    assertThat(first.events().store(StoreEvent.ERROR)).isEqualTo(3);
    assertThat(first.events().store(StoreEvent.BYPASSED)).isEqualTo(3);

    // Within the lost shard's cool-down, an origin of the other shard is still read and written.
    assertThat(first.check("https://kept-1.example/private/x").allowed()).isFalse();
    assertThat(first.events().store(StoreEvent.BYPASSED)).isEqualTo(3);
    assertThat(store.value(Origin.of("https://kept-1.example"))).isNotNull();
    Worker second = worker();
    assertThat(second.check("https://kept-1.example/private/x").allowed()).isFalse();
    assertThat(second.fetcher().calls()).as("answered from the store").isZero();

    first.check("https://lost-4.example/private/");
    assertThat(first.events().store(StoreEvent.ERROR))
        .as("the lost shard is not asked")
        .isEqualTo(3);
    assertThat(first.events().store(StoreEvent.BYPASSED)).isEqualTo(5);
  }

  @Test
  void aStoreThatCannotNameAShardIsOneShard() {
    store.shardedBy(
        o -> {
          throw new IllegalStateException("no topology");
        });
    Worker first = worker();
    first.fetcher().otherwise(ok(BODY));
    assertThat(first.check(PRIVATE).allowed()).isFalse();
    assertThat(store.value(ORIGIN)).isNotNull();
    Worker second = worker();
    assertThat(second.check(PRIVATE).allowed()).isFalse();
    assertThat(second.fetcher().calls()).as("answered from the store").isZero();
  }

  @Test
  void aSilentStoreCostsAFewBoundedWaitsThenIsSkipped() {
    Worker worker = worker(b -> b.storeWait(Duration.ofMillis(200)));
    worker.fetcher().otherwise(ok(BODY));
    store.mode(MemoryStore.Mode.SILENT);

    AtomicReference<Verdict> v = worker.startCheck(PRIVATE);
    clock.advance(Duration.ofMillis(199));
    assertThat(v.get()).isNull();
    clock.advance(Duration.ofMillis(1));
    assertThat(v.get().allowed()).isFalse();
    assertThat(worker.events().store(StoreEvent.TIMEOUT)).isEqualTo(1);

    // The first check's write and the second's read time out: the third in a row.
    AtomicReference<Verdict> w = worker.startCheck("https://b.example/private/");
    clock.advance(Duration.ofMillis(200));
    assertThat(w.get().allowed()).isFalse();
    assertThat(worker.events().store(StoreEvent.TIMEOUT)).isEqualTo(3);

    assertThat(worker.check("https://c.example/private/").allowed()).isFalse();
    assertThat(worker.events().store(StoreEvent.BYPASSED)).isGreaterThanOrEqualTo(2);
    assertThat(worker.fetcher().calls()).isEqualTo(3);
  }

  @Test
  void anUnreadableValueIsIgnoredCountedAndOverwritten() {
    Worker first = worker();
    first.fetcher().answer(ORIGIN, ok(BODY));
    first.check(PRIVATE);
    store.corrupt(ORIGIN);

    Worker second = worker();
    second.fetcher().answer(ORIGIN, ok(BODY));
    assertThat(second.check(PRIVATE).allowed()).isFalse();

    // Read twice: before taking the lease, and once more under it.
    assertThat(second.events().store(StoreEvent.REJECTED)).isEqualTo(2);
    assertThat(second.fetcher().calls()).isEqualTo(1);
    assertThat(second.events().store(StoreEvent.WRITE)).isEqualTo(1);
    Worker third = worker();
    third.check(PRIVATE);
    assertThat(third.fetcher().calls()).isZero();
    assertThat(third.events().store(StoreEvent.HIT)).isEqualTo(1);
  }

  @Test
  void aRefreshIsConditionalOnTheStoredCopyAndA304KeepsItsBodyForTheFleet() {
    Worker first = worker();
    first
        .fetcher()
        .then(
            okBuilder(BODY)
                .header("ETag", "\"v1\"")
                .header("Cache-Control", "max-age=600")
                .build());
    first.check(PRIVATE);
    clock.advance(Duration.ofHours(2));

    Worker second = worker();
    second.fetcher().then(FetchResult.status(304).build());
    Verdict refreshed = second.check(PRIVATE);

    assertThat(second.fetcher().validators().get(0).etag()).isEqualTo("\"v1\"");
    assertThat(refreshed.allowed()).isFalse();
    assertThat(refreshed.originState().orElseThrow().outcome())
        .isEqualTo(FetchOutcome.NOT_MODIFIED);
    StoredRobots value = store.value(ORIGIN);
    assertThat(value.state().outcome()).isEqualTo(FetchOutcome.NOT_MODIFIED);
    assertThat(new String(value.body(), StandardCharsets.UTF_8)).isEqualTo(BODY);
    Worker third = worker();
    assertThat(third.check(PRIVATE)).isEqualTo(refreshed);
    assertThat(third.fetcher().calls()).isZero();
  }

  @Test
  void aCopyWhoseBodyOnlyThisWorkerHeldIsNotWrittenAndItsLeaseIsReleased() {
    Worker worker = worker();
    worker
        .fetcher()
        .then(
            okBuilder(BODY).header("ETag", "\"v1\"").header("Cache-Control", "max-age=600").build())
        .then(FetchResult.status(304).build());
    worker.check(PRIVATE);
    store.clear();
    clock.advance(Duration.ofHours(2));

    Verdict v = worker.check(PRIVATE);

    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.NOT_MODIFIED);
    assertThat(worker.fetcher().validators().get(1).etag()).isEqualTo("\"v1\"");
    assertThat(store.value(ORIGIN)).isNull();
    assertThat(store.leased(ORIGIN)).isFalse();
    assertThat(worker.events().store(StoreEvent.WRITE)).isEqualTo(1);
  }

  @Test
  void theStoreSettingsAreValidated() {
    RobotsCacheBuilder b = RobotsCache.builder();
    assertThatThrownBy(() -> b.store(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> b.storeWait(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.storeLease(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.storeCooldown(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    b.storeCooldown(Duration.ZERO);
  }
}
