package io.github.reactiverobots.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.RecordingListener;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * The interleaving the concurrency tests hit only by chance, forced: a caller reads the store
 * before a flight stores its entry, and joins after that flight has left.
 */
class OriginResolverTest {
  private static final Origin ORIGIN = Origin.of("https://a.example");
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  private final TimeSource time =
      new TimeSource(
          nanos::get, Clock.fixed(Instant.parse("2026-03-01T00:00:00Z"), ZoneOffset.UTC));
  private final RecordingListener listener = new RecordingListener();
  private final Events events = new Events();

  /** TTL 5 minutes to 24 hours; an expired copy answers while it refreshes, for an hour. */
  private final CacheSettings settings =
      new CacheSettings(
          ParseOptions.defaults(),
          null,
          1 << 20,
          0,
          Duration.ofMinutes(5),
          Duration.ofHours(24),
          Duration.ofMinutes(1),
          Duration.ofHours(1),
          Duration.ofDays(30),
          Duration.ofHours(1),
          false,
          true,
          Duration.ofMinutes(5),
          256,
          Duration.ofMinutes(5),
          0.1);

  private final CachedEntries entries = new CachedEntries(settings, time, events);
  private final AtomicInteger fetches = new AtomicInteger();
  private final OriginResolver resolver;

  OriginResolverTest() {
    events.add(listener);
    resolver =
        new OriginResolver(
            (o, c) ->
                Mono.fromSupplier(
                    () -> {
                      fetches.incrementAndGet();
                      return FetchResult.status(200).body(BODY).build();
                    }),
            entries,
            policy(),
            time,
            events,
            OriginResolver.Threads.parseOn(Schedulers.immediate()).writeOn(Schedulers.immediate()),
            Duration.ofMinutes(5),
            null);
  }

  private CachePolicy policy() {
    return new CachePolicy(settings, time, events);
  }

  private Entry resolveNow() {
    return resolver.resolve(ORIGIN).block(Duration.ofSeconds(5));
  }

  @Test
  void aCallerThatLookedBeforeAFlightStoredItsEntryGetsThatEntryAsAHitWithoutFetching() {
    Entry stored = resolveNow();
    assertThat(entries.get(ORIGIN)).isSameAs(stored);
    assertThat(resolver.inFlight()).isZero();

    StepVerifier.create(resolver.resolve(ORIGIN, null, time.nanos()))
        .assertNext(e -> assertThat(e).isSameAs(stored))
        .verifyComplete();

    assertThat(fetches).hasValue(1);
    assertThat(listener.fetchesStarted()).isEqualTo(1);
    assertThat(listener.lookups(Lookup.MISS)).isEqualTo(1);
    assertThat(listener.lookups(Lookup.HIT)).isEqualTo(1);
    assertThat(resolver.inFlight()).isZero();
  }

  @Test
  void aCallerThatSawAnExpiredCopyAfterARefreshStoredANewOneStartsNoSecondRefresh() {
    Entry first = resolveNow();
    nanos.addAndGet(Duration.ofHours(24).toNanos());
    assertThat(first.isFresh(time.nanos())).isFalse();
    assertThat(first.servableWhileRefreshing(time.nanos())).isTrue();
    assertThat(resolveNow()).isSameAs(first);
    Entry refreshed = entries.get(ORIGIN);
    assertThat(refreshed).isNotSameAs(first);
    assertThat(fetches).hasValue(2);

    StepVerifier.create(resolver.resolve(ORIGIN, first, time.nanos()))
        .assertNext(e -> assertThat(e).isSameAs(first))
        .verifyComplete();

    assertThat(fetches).hasValue(2);
    assertThat(listener.fetchesStarted()).isEqualTo(2);
    assertThat(listener.lookups(Lookup.MISS)).isEqualTo(1);
    assertThat(listener.lookups(Lookup.STALE)).isEqualTo(2);
    assertThat(listener.lookups(Lookup.HIT)).isZero();
    assertThat(entries.get(ORIGIN)).isSameAs(refreshed);
    assertThat(resolver.inFlight()).isZero();
  }

  @Test
  void aFlightsSecondLookCountsNoUse() {
    Entry first = resolveNow();
    assertThat(first.uses()).isEqualTo(1);
    resolveNow();
    assertThat(first.uses()).as("a check that finds the entry counts one use").isEqualTo(2);

    // A check that sees the expired copy counts its read; the background refresh it starts
    // looks at the cache again before fetching, and that second look is not a use.
    nanos.addAndGet(Duration.ofHours(24).toNanos());
    assertThat(resolveNow()).isSameAs(first);
    assertThat(fetches).hasValue(2);
    assertThat(first.uses()).isEqualTo(3);

    // A flight started by a caller that looked before another flight stored its entry: the
    // flight's look finds that entry, and counts nothing either.
    Entry refreshed = entries.held(ORIGIN);
    assertThat(refreshed).isNotSameAs(first);
    int before = refreshed.uses();
    StepVerifier.create(resolver.resolve(ORIGIN, null, time.nanos()))
        .assertNext(e -> assertThat(e).isSameAs(refreshed))
        .verifyComplete();
    assertThat(refreshed.uses()).isEqualTo(before);
    assertThat(fetches).hasValue(2);
  }

  @Test
  void entriesAreNeverWrittenOnANonBlockingThread() {
    // The waiter may receive the entry on any thread (it can join after the flight finished),
    // so the test watches the write scheduler itself: the write must have been handed to it.
    ExecutorService storeThread =
        Executors.newSingleThreadExecutor(r -> new Thread(r, "entry-store"));
    AtomicInteger handedOver = new AtomicInteger();
    Scheduler writeThreads =
        Schedulers.fromExecutor(
            task -> {
              handedOver.incrementAndGet();
              storeThread.execute(task);
            });
    Scheduler parseThreads = Schedulers.newParallel("parse-test", 1);
    try {
      OriginResolver onParallel =
          new OriginResolver(
              (o, c) -> Mono.just(FetchResult.status(200).body(BODY).build()),
              entries,
              policy(),
              time,
              events,
              OriginResolver.Threads.parseOn(parseThreads).writeOn(writeThreads),
              Duration.ofMinutes(5),
              null);
      Entry entry =
          onParallel.resolve(Origin.of("https://other.example")).block(Duration.ofSeconds(5));
      assertThat(handedOver).hasValue(1);
      assertThat(entries.get(Origin.of("https://other.example"))).isSameAs(entry);
    } finally {
      writeThreads.dispose();
      parseThreads.dispose();
      storeThread.shutdownNow();
    }
  }
}
