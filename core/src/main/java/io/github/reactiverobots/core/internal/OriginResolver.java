package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Objects;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Finds the entry to answer from for an origin: a fresh entry at once (HIT, or STALE for an outage
 * copy); an expired good copy or disallow-all at once while one background refresh runs (STALE);
 * otherwise the result of the origin's single fetch in flight (MISS for the caller that started it,
 * COALESCED for the others). A caller that found nothing because it looked just before a flight
 * stored its entry gets that entry, reported as what it is (HIT, or STALE for an outage copy), not
 * as a MISS: MISS means a fetch started.
 *
 * <p>A fetch: the fetcher's Mono (a synchronous throw, an error signal or an empty completion
 * counts as {@link FailureKind#OTHER}, no result within the fetch timeout as {@link
 * FailureKind#TIMEOUT}), then, on the parse scheduler and never on the fetcher's thread, the
 * policy's next entry, which is stored before any waiter hears of it. The cache write moves to the
 * write scheduler when it would otherwise run on a non-blocking thread, since Caffeine may make a
 * writer wait under a burst of writes.
 *
 * <p>With a shared store (see {@link SharedStore}), the flight reads the store before fetching and
 * may take its entry from there, or from another worker's fetch, instead. Thread-safe and
 * non-blocking.
 */
public final class OriginResolver {
  private final RobotsFetcher fetcher;
  private final CachedEntries entries;
  private final CachePolicy policy;
  private final TimeSource time;
  private final Events events;
  private final Scheduler parseScheduler;
  private final Scheduler writeScheduler;
  private final Duration fetchTimeout;
  private final SharedStore shared;
  private final SingleFlight<Origin, Entry> flights = new SingleFlight<>();

  /** A fetch's result and the entry the policy made of it. */
  record Fetched(Entry entry, FetchResult result) {}

  /**
   * Where bodies are parsed and completed entries written, named at each step ({@code
   * Threads.parseOn(a).writeOn(b)}) so that the two schedulers cannot be swapped unseen.
   */
  static final class Threads {
    final Scheduler parse;
    final Scheduler write;

    private Threads(Scheduler parse, Scheduler write) {
      this.parse = Objects.requireNonNull(parse, "parse");
      this.write = write;
    }

    static Threads parseOn(Scheduler parse) {
      return new Threads(parse, null);
    }

    Threads writeOn(Scheduler write) {
      return new Threads(parse, Objects.requireNonNull(write, "write"));
    }
  }

  /** {@code shared} is the fleet's store, or null for none. */
  OriginResolver(
      RobotsFetcher fetcher,
      CachedEntries entries,
      CachePolicy policy,
      TimeSource time,
      Events events,
      Threads threads,
      Duration fetchTimeout,
      SharedStore shared) {
    this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
    this.entries = Objects.requireNonNull(entries, "entries");
    this.policy = Objects.requireNonNull(policy, "policy");
    this.time = Objects.requireNonNull(time, "time");
    this.events = Objects.requireNonNull(events, "events");
    this.parseScheduler = threads.parse;
    this.writeScheduler = Objects.requireNonNull(threads.write, "threads.write");
    this.fetchTimeout = Objects.requireNonNull(fetchTimeout, "fetchTimeout");
    this.shared = shared;
  }

  /** The entry that can answer at {@code now} without any fetch, or null. No events. */
  public Entry peek(Origin origin, long now) {
    Entry e = entries.get(origin, now);
    if (e == null || !(e.isFresh(now) || e.servableWhileRefreshing(now))) {
      return null;
    }
    return e;
  }

  /** The entry to answer from, fetching if needed; lazy. */
  public Mono<Entry> resolve(Origin origin) {
    return Mono.defer(
        () -> {
          long now = time.nanos();
          return resolve(origin, entries.get(origin), now);
        });
  }

  /**
   * The entry to answer from, given {@code seen}, what the cache held at {@code now}. The cache may
   * have changed since: a flight can store its entry and leave in between, so that this call starts
   * a new flight; that flight then answers from the stored entry without fetching (see {@code
   * fetch}), and the lookup is reported from what it found.
   */
  public Mono<Entry> resolve(Origin origin, Entry seen, long now) {
    if (seen != null) {
      if (seen.isFresh(now)) {
        events.lookup(origin, seen.isHit(now) ? Lookup.HIT : Lookup.STALE);
        return Mono.just(seen);
      }
      if (seen.servableWhileRefreshing(now)) {
        events.lookup(origin, Lookup.STALE);
        flights.join(origin, o -> fetch(o, seen, false));
        return Mono.just(seen);
      }
    }
    SingleFlight.Joined<Entry> joined = flights.join(origin, o -> fetch(o, seen, true));
    if (joined.started()) {
      return joined.result();
    }
    events.lookup(origin, Lookup.COALESCED);
    return joined.result().doOnNext(e -> entries.used(origin));
  }

  /** Fetches running now. */
  int inFlight() {
    return flights.size();
  }

  /** Cancels every fetch in flight; their waiters receive {@code reason}. */
  void cancelAll(RuntimeException reason) {
    flights.cancelAll(reason);
  }

  /**
   * Runs as the origin's flight, so no other flight can store an entry meanwhile: the cache read
   * here is the one that decides whether to fetch.
   *
   * @param seen the entry the caller found, or null
   * @param caller whether a check waits on this flight (and so has its lookup reported here),
   *     rather than a background refresh
   */
  private Mono<Entry> fetch(Origin origin, Entry seen, boolean caller) {
    long now = time.nanos();
    // Quietly: the check that started this flight already counted its read.
    Entry current = entries.held(origin);
    if (current != null && current != seen && current.isFresh(now)) {
      if (caller) {
        events.lookup(origin, current.isHit(now) ? Lookup.HIT : Lookup.STALE);
      }
      return Mono.just(current);
    }
    if (caller) {
      events.lookup(origin, Lookup.MISS);
    }
    Entry previous = current != null ? current : seen;
    Mono<Entry> next =
        shared == null
            ? fetchNow(origin, previous).map(Fetched::entry)
            : shared.resolve(origin, previous, p -> fetchNow(origin, p));
    return next.flatMap(
        entry ->
            Schedulers.isInNonBlockingThread()
                ? Mono.defer(() -> HeapExhaustion.signal(() -> keep(origin, entry)))
                    .subscribeOn(writeScheduler)
                : HeapExhaustion.signal(() -> keep(origin, entry)));
  }

  /**
   * Fetches now: the fetcher's result, then (on the parse scheduler) the policy's entry for it.
   * Signals no error but an {@link OutOfMemoryError}.
   */
  private Mono<Fetched> fetchNow(Origin origin, Entry previous) {
    Conditional sent =
        previous != null && previous.robots() != null ? previous.validators() : Conditional.NONE;
    events.fetchStarted(origin);
    long start = System.nanoTime();
    Mono<FetchResult> call;
    try {
      call = Objects.requireNonNull(fetcher.fetch(origin, sent), "fetcher returned null");
    } catch (RuntimeException e) {
      call = Mono.error(e);
    }
    return call.timeout(
            fetchTimeout,
            Mono.fromSupplier(
                () ->
                    FetchResult.failure(FailureKind.TIMEOUT, "no result within " + fetchTimeout)
                        .build()))
        .switchIfEmpty(
            Mono.fromSupplier(
                () ->
                    FetchResult.failure(FailureKind.OTHER, "the fetcher completed without a result")
                        .build()))
        .onErrorResume(
            RuntimeException.class,
            e ->
                Mono.just(
                    FetchResult.failure(FailureKind.OTHER, "the fetcher signalled " + e).build()))
        .publishOn(parseScheduler)
        .flatMap(
            result ->
                HeapExhaustion.signal(
                    () -> new Fetched(decide(origin, result, previous, sent, start), result)));
  }

  /**
   * Keeps an entry in the local cache (never the fleet's store). Caffeine applies back-pressure to
   * writers when its write buffer is full (the writer waits for the maintenance lock), so a write
   * never runs on a non-blocking thread.
   */
  private Entry keep(Origin origin, Entry next) {
    if (next.outcome() == FetchOutcome.CRAWLER_FAULT) {
      return next; // the crawler's own fault is not the origin's state (SEMANTICS.md §6)
    }
    entries.putFetched(origin, next);
    return next;
  }

  private Entry decide(
      Origin origin, FetchResult result, Entry previous, Conditional sent, long start) {
    long now = time.nanos();
    Entry next;
    try {
      next = policy.next(origin, result, previous, sent, now);
    } catch (RuntimeException e) {
      FetchResult failed =
          FetchResult.failure(FailureKind.OTHER, "could not use the response: " + e).build();
      next = policy.next(origin, failed, previous, Conditional.NONE, now);
    }
    events.fetchFinished(
        origin,
        next.outcome(),
        result.status(),
        next.state().failure(),
        result.bodyLength(),
        System.nanoTime() - start);
    return next;
  }
}
