package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.internal.OriginResolver.Fetched;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;

/**
 * The cache's side of a {@link RobotsStore} shared by a fleet, run inside an origin's local flight:
 * read the store; a fresh value becomes the entry without a fetch (rebuilt by the policy, parsed
 * here on the parse scheduler); otherwise take the origin's lease and fetch, writing the result for
 * the others, or, when another worker holds the lease, wait for its value and fetch only if none
 * comes before the lease ends.
 *
 * <p>Faults never fail a check: every store call is bounded by the store wait, and a call that
 * fails or times out lets the flight go on as if there were no store (a local fetch); a few such
 * calls in a row, with no answer between, make the next flights skip the store for the cool-down,
 * so that a store that is down costs a few waits per cool-down rather than one per origin, while
 * one slow call in a burst turns nothing off. The count and the cool-down are kept per {@linkplain
 * RobotsStore#shard shard}: a lost server turns off only the origins it holds. Writes run in the
 * background and never delay an answer; a write or release that ends this worker's lease is the
 * exception to the store wait and the cool-down (bounded by the lease time instead), so that the
 * others are not left waiting on a lease nobody will end. Everything is counted through the
 * listener ({@link StoreEvent}). Thread-safe and non-blocking; entries are emitted on the parse
 * scheduler.
 */
public final class SharedStore {
  /**
   * Store calls failing or timing out in a row, with no answer between, that start the cool-down: a
   * store that is down fails every call, while one slow call in a burst (a cold start, a redeploy)
   * is followed by answers and must not turn the store off for every origin.
   */
  public static final int FAILURES_TO_TRIP = 3;

  /** Ends a store call that failed, timed out or was skipped; already counted. */
  private static final Unavailable UNAVAILABLE = new Unavailable();

  private final RobotsStore store;
  private final CachePolicy policy;
  private final TimeSource time;
  private final Events events;
  private final Scheduler parseScheduler;
  private final Duration wait;
  private final Duration leaseTime;
  private final long cooldown;

  /** Per shard name, its failures in a row and cool-down. */
  private final Map<String, Breaker> breakers = new ConcurrentHashMap<>();

  /** The store and its three times as set on {@code settings}, by name. */
  SharedStore(
      CacheWiring settings,
      CachePolicy policy,
      TimeSource time,
      Events events,
      Scheduler parseScheduler) {
    this.store = Objects.requireNonNull(settings.store(), "store");
    this.policy = Objects.requireNonNull(policy, "policy");
    this.time = Objects.requireNonNull(time, "time");
    this.events = Objects.requireNonNull(events, "events");
    this.parseScheduler = Objects.requireNonNull(parseScheduler, "parseScheduler");
    this.wait = Objects.requireNonNull(settings.storeWait(), "storeWait");
    this.leaseTime = Objects.requireNonNull(settings.storeLease(), "storeLease");
    this.cooldown = TimeSource.saturatedNanos(settings.storeCooldown());
  }

  /** A value read from the store and the entry rebuilt from it (either may be null). */
  private record Found(StoredRobots value, Entry entry) {
    static final Found NOTHING = new Found(null, null);
  }

  /** Stands for a read that failed, timed out or was skipped (compared by identity). */
  private static final Found UNREACHABLE_FOUND = new Found(null, null);

  /**
   * The entry for {@code origin}, from the store or from {@code fetch}.
   *
   * @param local the entry held locally, or null
   * @param fetch fetches given the previous entry (which decides the validators sent and what a
   *     failure keeps); never signals an error
   */
  Mono<Entry> resolve(Origin origin, Entry local, Function<Entry, Mono<Fetched>> fetch) {
    return read(origin)
        .flatMap(
            found -> {
              if (found.entry() != null && found.entry().isFresh(time.nanos())) {
                events.store(origin, StoreEvent.HIT);
                return Mono.just(found.entry());
              }
              Found previous = newer(local, found);
              if (found == UNREACHABLE_FOUND) {
                return fetchAndWrite(origin, previous, fetch, null);
              }
              events.store(origin, StoreEvent.MISS);
              return call(origin, () -> acquire(origin), wait)
                  .onErrorResume(Unavailable.class, e -> Mono.empty())
                  .flatMap(
                      lease ->
                          lease.granted()
                              ? fetchUnderLease(origin, previous, fetch, lease)
                              : awaitOther(origin, lease))
                  .switchIfEmpty(Mono.defer(() -> fetchAndWrite(origin, previous, fetch, null)));
            });
  }

  /**
   * Asks for the origin's lease. The request runs to its end (within the lease time) even when the
   * flight stops waiting for it, at the store wait or on a cancel: a lease granted after that is
   * released, or it would hold the other workers off until it expires.
   */
  private Mono<Lease> acquire(Origin origin) {
    Sinks.One<Lease> answer = Sinks.one();
    store
        .acquire(origin, leaseTime)
        .timeout(leaseTime)
        .subscribe(answer::tryEmitValue, answer::tryEmitError, answer::tryEmitEmpty);
    return answer
        .asMono()
        .doOnCancel(
            () ->
                answer
                    .asMono()
                    .subscribe(
                        lease -> {
                          if (lease.granted()) {
                            endLease(origin, () -> store.release(lease), null);
                          }
                        },
                        e -> {}));
  }

  private Mono<Found> read(Origin origin) {
    return call(origin, () -> store.get(origin), wait)
        .publishOn(parseScheduler)
        .map(value -> new Found(value, restore(origin, value)))
        .defaultIfEmpty(Found.NOTHING)
        .onErrorResume(
            e -> Mono.just(e instanceof Unavailable ? UNREACHABLE_FOUND : Found.NOTHING));
  }

  /**
   * With the lease held: reads once more, since a worker may have completed its own lease between
   * this flight's read and its acquiring the lease; fetches only if there is still no fresh value.
   */
  private Mono<Entry> fetchUnderLease(
      Origin origin, Found previous, Function<Entry, Mono<Fetched>> fetch, Lease lease) {
    return read(origin)
        .flatMap(
            found -> {
              if (found.entry() != null && found.entry().isFresh(time.nanos())) {
                events.store(origin, StoreEvent.HIT);
                endLease(origin, () -> store.release(lease), null);
                return Mono.just(found.entry());
              }
              return fetchAndWrite(origin, previous, fetch, lease);
            });
  }

  /** The other worker's value once it comes and is fresh; empty to fetch here. */
  private Mono<Entry> awaitOther(Origin origin, Lease lease) {
    events.store(origin, StoreEvent.LEASE_WAIT);
    Duration left = lease.remaining();
    Duration maxWait = left.isZero() || left.compareTo(leaseTime) > 0 ? leaseTime : left;
    return call(origin, () -> store.awaitValue(origin, maxWait), maxWait.plus(wait))
        .publishOn(parseScheduler)
        .flatMap(
            value -> {
              Entry entry = restore(origin, value);
              if (entry == null || !entry.isFresh(time.nanos())) {
                return Mono.empty();
              }
              events.store(origin, StoreEvent.HIT);
              return Mono.just(entry);
            })
        .onErrorResume(e -> Mono.empty());
  }

  private Mono<Entry> fetchAndWrite(
      Origin origin, Found previous, Function<Entry, Mono<Fetched>> fetch, Lease lease) {
    Mono<Entry> fetched =
        fetch
            .apply(previous.entry())
            .map(
                f -> {
                  write(origin, f, previous, lease);
                  return f.entry();
                });
    return lease == null
        ? fetched
        : fetched.doOnCancel(() -> endLease(origin, () -> store.release(lease), null));
  }

  /**
   * Writes a fetch's entry in the background. A good copy needs its body: the response's, or, when
   * the entry keeps the copy read from the store (a 304, an outage), the stored one; a copy whose
   * body is known to neither (held only locally) is not written.
   */
  private void write(Origin origin, Fetched fetched, Found previous, Lease lease) {
    Entry next = fetched.entry();
    FetchResult result = fetched.result();
    if (next.outcome() == FetchOutcome.CRAWLER_FAULT) {
      if (lease != null) {
        endLease(origin, () -> store.release(lease), null);
      }
      return;
    }
    byte[] body = null;
    if (next.robots() != null) {
      if (result.hasStatus() && result.status() >= 200 && result.status() < 300) {
        body = result.bodyBytes();
      } else if (previous.value() != null
          && previous.entry() != null
          && next.robots() == previous.entry().robots()) {
        body = previous.value().body();
      } else {
        if (lease != null) {
          endLease(origin, () -> store.release(lease), null);
        }
        return;
      }
    }
    StoredRobots value = policy.stored(next, body);
    long left = TimeSource.saturatedAdd(next.retainUntil(), -time.nanos());
    Duration retention = Duration.ofNanos(Math.max(1_000_000L, left));
    if (lease != null) {
      endLease(origin, () -> store.complete(lease, value, retention), StoreEvent.WRITE);
    } else {
      background(
          call(origin, () -> store.put(origin, value, retention), wait), origin, StoreEvent.WRITE);
    }
  }

  /**
   * Ends a lease (completing or releasing it) in the background. Unlike other calls it is neither
   * skipped during a cool-down nor cut off at the store wait, but bounded by the lease time: a
   * lease left held makes the other workers wait until it expires and then fetch themselves.
   */
  private void endLease(Origin origin, Supplier<Mono<Void>> call, StoreEvent onSuccess) {
    background(bounded(origin, call, leaseTime), origin, onSuccess);
  }

  private void background(Mono<Void> call, Origin origin, StoreEvent onSuccess) {
    call.subscribe(
        null,
        e -> {},
        () -> {
          if (onSuccess != null) {
            events.store(origin, onSuccess);
          }
        });
  }

  /** The more recent of the local entry and the stored one; the stored one on a tie. */
  private static Found newer(Entry local, Found found) {
    Entry stored = found.entry();
    if (stored == null) {
      return new Found(null, local);
    }
    if (local == null || !stored.state().fetchedAt().isBefore(local.state().fetchedAt())) {
      return found;
    }
    return new Found(null, local);
  }

  private Entry restore(Origin origin, StoredRobots value) {
    try {
      return policy.restored(origin, value);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * One store call, bounded by {@code bound}: a failure or a timeout is counted, ends the call with
   * {@link Unavailable} and, the {@value #FAILURES_TO_TRIP}th in a row without an answer between,
   * starts the cool-down; a rejected value is counted and ends the call with the rejection (it is
   * an answer); during the cool-down nothing is asked of the store.
   */
  private <T> Mono<T> call(Origin origin, Supplier<Mono<T>> call, Duration bound) {
    Breaker breaker = breaker(origin);
    if (breaker.bypassed(time.nanos())) {
      events.store(origin, StoreEvent.BYPASSED);
      return Mono.error(UNAVAILABLE);
    }
    return bounded(origin, breaker, call, bound);
  }

  /** One store call bounded by {@code bound}, counted as {@link #call} says, cool-down or not. */
  private <T> Mono<T> bounded(Origin origin, Supplier<Mono<T>> call, Duration bound) {
    return bounded(origin, breaker(origin), call, bound);
  }

  private <T> Mono<T> bounded(
      Origin origin, Breaker breaker, Supplier<Mono<T>> call, Duration bound) {
    return Mono.defer(call)
        .timeout(bound)
        .doOnEach(
            signal -> {
              if (signal.isOnNext() || signal.isOnComplete()) {
                breaker.answered();
              }
            })
        .onErrorMap(
            e -> {
              if (e instanceof RejectedValueException) {
                breaker.answered();
                events.store(origin, StoreEvent.REJECTED);
                return e;
              }
              events.store(
                  origin, e instanceof TimeoutException ? StoreEvent.TIMEOUT : StoreEvent.ERROR);
              breaker.failed(time.nanos(), cooldown);
              return UNAVAILABLE;
            });
  }

  /** The breaker of {@code origin}'s shard; the whole store's when the store cannot name it. */
  private Breaker breaker(Origin origin) {
    String shard;
    try {
      shard = Objects.requireNonNullElse(store.shard(origin), "");
    } catch (RuntimeException e) {
      shard = "";
    }
    Breaker b = breakers.get(shard);
    return b != null ? b : breakers.computeIfAbsent(shard, s -> new Breaker());
  }

  /** One shard's store calls failed in a row since the last answer, and its cool-down. */
  private static final class Breaker {
    private final AtomicInteger failuresInARow = new AtomicInteger();
    private volatile long bypassUntil;
    private volatile boolean tripped;

    boolean bypassed(long now) {
      return tripped && now - bypassUntil < 0;
    }

    void answered() {
      failuresInARow.set(0);
    }

    void failed(long now, long cooldown) {
      if (cooldown > 0 && failuresInARow.incrementAndGet() >= FAILURES_TO_TRIP) {
        bypassUntil = TimeSource.saturatedAdd(now, cooldown);
        tripped = true;
      }
    }
  }

  /** A store call that did not answer; carries no stack trace (it is expected, and counted). */
  private static final class Unavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unavailable() {
      super("the shared store did not answer", null, false, false);
    }
  }
}
