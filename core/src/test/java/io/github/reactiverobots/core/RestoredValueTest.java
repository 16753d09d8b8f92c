package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.AGENT;
import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.T0;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.internal.SharedStore;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.core.testing.MemoryStore;
import io.github.reactiverobots.core.testing.RecordingListener;
import io.github.reactiverobots.core.testing.VirtualClock;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * Values another writer put in the shared store through the store's own API (so every format check
 * passes) are held to this worker's own policy (SEMANTICS.md §6): the forged values of issue 27
 * make no worker trust them beyond its own bounds, and a store call that is slow once in a burst
 * does not turn the store off.
 */
class RestoredValueTest {
  private static final Origin ORIGIN = Origin.of("https://forged.example");
  private static final String PRIVATE = "https://forged.example/private/x";
  private static final Duration THOUSAND_YEARS = Duration.ofDays(365_000);

  private final VirtualClock clock = new VirtualClock();
  private final MemoryStore store = new MemoryStore(this::now);
  private final List<RobotsCache> caches = new ArrayList<>();
  private final FakeFetcher fetcher = new FakeFetcher();
  private final RecordingListener events = new RecordingListener();

  @AfterEach
  void close() {
    caches.forEach(RobotsCache::close);
    clock.close();
  }

  private Instant now() {
    return T0.plus(clock.elapsed());
  }

  private RobotsCache worker() {
    RobotsCache cache =
        RobotsCache.builder()
            .fetcher(fetcher)
            .store(store)
            .ticker(clock.ticker())
            .clock(Clock.fixed(now(), ZoneOffset.UTC))
            .parseScheduler(clock.scheduler())
            .listener(events)
            .build();
    caches.add(cache);
    return cache;
  }

  private static Verdict check(RobotsCache cache, String url) {
    AtomicReference<Verdict> out = new AtomicReference<>();
    StepVerifier.create(cache.check(url, AGENT))
        .consumeNextWith(out::set)
        .expectComplete()
        .verify(Duration.ofSeconds(10));
    return out.get();
  }

  private void forge(StoredRobots value) {
    store.put(ORIGIN, value, THOUSAND_YEARS).block(Duration.ofSeconds(10));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aCopyPutByHandAsFetchedInTheYear3000IsKeptOnlyThisCachesMaximumTtlFromNow() {
    RobotsCache cache = worker();
    fetcher.otherwise(ok("User-agent: *\nAllow: /\n"));
    cache.put(ORIGIN, utf8(BODY), Instant.parse("3000-01-01T00:00:00Z"));

    Verdict v = check(cache, PRIVATE);
    assertThat(v.allowed()).isFalse();
    OriginState state = v.originState().orElseThrow();
    assertThat(state.fetchedAt()).isEqualTo(now());
    assertThat(state.expiresAt()).isEqualTo(now().plus(Duration.ofHours(24)));
    assertThat(fetcher.calls()).isZero();

    clock.advance(Duration.ofHours(24).plusSeconds(1));
    check(cache, PRIVATE);
    assertThat(fetcher.calls()).as("fetched once its own 24 h had passed").isEqualTo(1);
  }

  @Test
  void anUnavailableValueForAThousandYearsIsKeptOnlyThisCachesMaximumTtl() {
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.UNAVAILABLE)
                    .status(404)
                    .fetchedAt(now())
                    .expiresAt(now().plus(THOUSAND_YEARS))
                    .build())
            .build());
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));

    Verdict v = check(cache, PRIVATE);
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    assertThat(fetcher.calls()).isZero();
    OriginState state = v.originState().orElseThrow();
    assertThat(state.expiresAt()).isEqualTo(now().plus(Duration.ofHours(24)));

    clock.advance(Duration.ofHours(24).plusSeconds(1));
    Verdict later = check(cache, PRIVATE);
    assertThat(fetcher.calls()).as("fetched once its own 24 h had passed").isEqualTo(1);
    assertThat(later.allowed()).isFalse();
    assertThat(later.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
  }

  @Test
  void anAllowAllBodyForAThousandYearsIsKeptOnlyThisCachesMaximumTtl() {
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.OK)
                    .status(200)
                    .fetchedAt(now())
                    .expiresAt(now().plus(THOUSAND_YEARS))
                    .build())
            .body(utf8("User-agent: *\nAllow: /\n"))
            .confirmedAt(now())
            .build());
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));

    Verdict v = check(cache, PRIVATE);
    assertThat(v.allowed()).isTrue();
    assertThat(fetcher.calls()).isZero();
    assertThat(v.originState().orElseThrow().expiresAt())
        .isEqualTo(now().plus(Duration.ofHours(24)));

    clock.advance(Duration.ofHours(24).plusSeconds(1));
    check(cache, PRIVATE); // the expired copy may answer once while its refresh runs
    clock.advance(Duration.ofSeconds(1));
    assertThat(fetcher.calls()).isEqualTo(1);
    assertThat(check(cache, PRIVATE).allowed()).isFalse();
  }

  @Test
  void aSingleFailureDatedFortyDaysBackDoesNotGiveUp() {
    Instant fortyDaysAgo = now().minus(Duration.ofDays(40));
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.UNREACHABLE)
                    .status(503)
                    .fetchedAt(now())
                    .expiresAt(now().plus(THOUSAND_YEARS))
                    .build())
            .failingSince(fortyDaysAgo)
            .failures(1)
            .build());
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));

    Verdict v = check(cache, PRIVATE);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(v.originState().orElseThrow().expiresAt())
        .as("a failure is retried within this cache's longest backoff")
        .isEqualTo(now().plus(Duration.ofHours(1)));
    assertThat(fetcher.calls()).isZero();
  }

  @Test
  void aRunOfFailuresCountsAtMostOneStaleCopyWindowPerFailureAfterTheFirst() {
    // Two failures cannot span more than one 30-day window: counted from 30 days back, so
    // giving up (after 30 days of failures) applies, but a value claiming 40 days with one
    // failure does not.
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.UNREACHABLE)
                    .status(503)
                    .fetchedAt(now())
                    .expiresAt(now().plusSeconds(60))
                    .build())
            .failingSince(now().minus(Duration.ofDays(400)))
            .failures(2)
            .build());
    RobotsCache cache = worker();
    Verdict v = check(cache, PRIVATE);
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE_GAVE_UP);
    assertThat(cache.rules(ORIGIN.key()).block(Duration.ofSeconds(10)).state().fetchedAt())
        .isEqualTo(now());
  }

  @Test
  void timesInTheFutureReadAsNow() {
    Instant future = now().plus(Duration.ofDays(10));
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.OK)
                    .status(200)
                    .fetchedAt(future)
                    .expiresAt(future.plus(Duration.ofHours(1)))
                    .build())
            .body(utf8(BODY))
            .confirmedAt(future)
            .build());
    RobotsCache cache = worker();

    Verdict v = check(cache, PRIVATE);
    OriginState state = v.originState().orElseThrow();
    assertThat(state.fetchedAt()).isEqualTo(now());
    assertThat(state.expiresAt()).isEqualTo(now().plus(Duration.ofHours(24)));
    assertThat(v.allowed()).isFalse();
  }

  @Test
  void validatorsWithControlCharactersAreNotSent() {
    String lastModified = "Sun, 01 Mar 2026 00:00:00 GMT";
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.OK)
                    .status(200)
                    .fetchedAt(now())
                    .expiresAt(now().plusSeconds(600))
                    .build())
            .body(utf8(BODY))
            .confirmedAt(now())
            .validators(new Conditional("\"v1\"\r\nX-Injected: 1", lastModified))
            .build());
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));
    check(cache, PRIVATE);

    clock.advance(Duration.ofSeconds(601));
    check(cache, PRIVATE);
    clock.advance(Duration.ofSeconds(1));
    assertThat(fetcher.calls()).isEqualTo(1);
    assertThat(fetcher.validators()).containsExactly(new Conditional(null, lastModified));
  }

  @Test
  void validatorsWithoutControlCharactersAreSentAsStored() {
    Conditional stored = new Conditional("W/\"v\t1\"", "Sun, 01 Mar 2026 00:00:00 GMT");
    forge(
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(FetchOutcome.OK)
                    .status(200)
                    .fetchedAt(now())
                    .expiresAt(now().plusSeconds(600))
                    .build())
            .body(utf8(BODY))
            .confirmedAt(now())
            .validators(stored)
            .build());
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));
    check(cache, PRIVATE);
    clock.advance(Duration.ofSeconds(601));
    check(cache, PRIVATE);
    clock.advance(Duration.ofSeconds(1));
    assertThat(fetcher.validators()).containsExactly(stored);
  }

  @Test
  void oneSlowCallFollowedByAnswersDoesNotTurnTheStoreOff() {
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));
    store.mode(MemoryStore.Mode.SILENT);
    cache.check(PRIVATE, AGENT).subscribe();
    clock.advance(Duration.ofSeconds(2)); // the default store wait is 1 s
    assertThat(events.store(StoreEvent.TIMEOUT)).isEqualTo(2); // the read, then the write
    store.mode(MemoryStore.Mode.UP);

    check(cache, "https://b.example/private/");
    check(cache, "https://c.example/private/");
    assertThat(events.store(StoreEvent.BYPASSED)).isZero();
    assertThat(events.store(StoreEvent.WRITE)).isEqualTo(2);
  }

  @Test
  void failuresInARowTurnTheStoreOffForTheCooldown() {
    RobotsCache cache = worker();
    fetcher.otherwise(ok(BODY));
    store.mode(MemoryStore.Mode.FAILING);
    // The first check's read and write fail, then the second's read: three in a row.
    check(cache, "https://f1.example/private/");
    check(cache, "https://f2.example/private/");
    assertThat(SharedStore.FAILURES_TO_TRIP).isEqualTo(3);
    assertThat(events.store(StoreEvent.ERROR)).isEqualTo(3);
    long bypassed = events.store(StoreEvent.BYPASSED);
    check(cache, "https://g.example/private/");
    assertThat(events.store(StoreEvent.ERROR)).isEqualTo(3);
    assertThat(events.store(StoreEvent.BYPASSED)).isEqualTo(bypassed + 2);
    assertThat(fetcher.calls()).isEqualTo(3);
  }
}
