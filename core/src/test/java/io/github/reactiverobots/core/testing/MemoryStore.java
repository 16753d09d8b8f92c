package io.github.reactiverobots.core.testing;

import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * A {@link RobotsStore} in memory, for tests of the cache's side of a shared store: values and
 * leases expire on the given clock, waiters are woken through a sink per origin (with a fallback
 * re-read every 500 ms on Reactor's parallel scheduler, which is virtual in tests on virtual time),
 * and faults can be switched on: every call failing, every call never answering, every call
 * answering late, the calls of one shard failing, or an origin's value unreadable. Counts its
 * calls. Thread-safe.
 */
public final class MemoryStore implements RobotsStore {
  /** How the store answers. */
  public enum Mode {
    /** Normally. */
    UP,
    /** Every call signals an error. */
    FAILING,
    /** No call ever answers. */
    SILENT
  }

  private record Held<T>(T value, Instant until) {}

  private final Supplier<Instant> clock;
  private final Map<Origin, Held<StoredRobots>> values = new ConcurrentHashMap<>();
  private final Map<String, StoredRobots> resources = new ConcurrentHashMap<>();
  private final Map<Origin, Held<String>> leases = new ConcurrentHashMap<>();
  private final Map<Origin, Boolean> unreadable = new ConcurrentHashMap<>();
  private final Sinks.Many<Origin> changes = Sinks.many().multicast().directBestEffort();
  private final AtomicInteger tokens = new AtomicInteger();
  private final AtomicInteger gets = new AtomicInteger();
  private final AtomicInteger writes = new AtomicInteger();
  private volatile Mode mode = Mode.UP;
  private volatile Function<Origin, String> shards = o -> "";
  private volatile String lostShard;
  private volatile Duration latency = Duration.ZERO;
  private volatile Duration acquireLatency = Duration.ZERO;

  /** A store whose values and leases expire by {@code clock}. */
  public MemoryStore(Supplier<Instant> clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Names each origin's shard ({@link #shard}) by {@code shards}. */
  public MemoryStore shardedBy(Function<Origin, String> shards) {
    this.shards = Objects.requireNonNull(shards, "shards");
    return this;
  }

  /** Makes every call for an origin of {@code shard} fail from now on; null: none. */
  public MemoryStore lose(String shard) {
    this.lostShard = shard;
    return this;
  }

  @Override
  public String shard(Origin origin) {
    return shards.apply(origin);
  }

  /** Switches how the store answers from now on. */
  public MemoryStore mode(Mode mode) {
    this.mode = Objects.requireNonNull(mode, "mode");
    return this;
  }

  /**
   * Makes every call from now on answer (when the mode lets it) after {@code latency}, on Reactor's
   * parallel scheduler; a call cancelled before then has no effect.
   */
  public MemoryStore latency(Duration latency) {
    this.latency = Objects.requireNonNull(latency, "latency");
    return this;
  }

  /**
   * Makes the answer to {@link #acquire} from now on come {@code latency} late: the lease is taken
   * at once, as a command that reached the server is carried out whoever still waits for it.
   */
  public MemoryStore acquireLatency(Duration latency) {
    this.acquireLatency = Objects.requireNonNull(latency, "latency");
    return this;
  }

  /** Makes the value of {@code origin} unreadable (as foreign or corrupted bytes would be). */
  public void corrupt(Origin origin) {
    unreadable.put(origin, Boolean.TRUE);
  }

  /** The value held for {@code origin} now, or null. */
  public StoredRobots value(Origin origin) {
    Held<StoredRobots> h = live(values, origin);
    return h == null ? null : h.value();
  }

  /** How long the value of {@code origin} is kept from now, or null. */
  public Duration retention(Origin origin) {
    Held<StoredRobots> h = live(values, origin);
    return h == null ? null : Duration.between(clock.get(), h.until());
  }

  /** Whether a lease on {@code origin} is held now. */
  public boolean leased(Origin origin) {
    return live(leases, origin) != null;
  }

  /** Calls to {@link #get} so far (fallback re-reads of a waiter included). */
  public int gets() {
    return gets.get();
  }

  /** Values written so far. */
  public int writes() {
    return writes.get();
  }

  /** Forgets every value and lease, as a store restarted empty does. */
  public void clear() {
    values.clear();
    leases.clear();
    unreadable.clear();
  }

  @Override
  public Mono<StoredRobots> get(Origin origin) {
    return guarded(
        origin,
        Mono.defer(
            () -> {
              gets.incrementAndGet();
              Held<StoredRobots> h = live(values, origin);
              if (h != null && unreadable.containsKey(origin)) {
                return Mono.error(new RejectedValueException(origin, "scripted"));
              }
              return Mono.justOrEmpty(h == null ? null : h.value());
            }));
  }

  @Override
  public Mono<Void> put(Origin origin, StoredRobots value, Duration retention) {
    return guarded(origin, Mono.fromRunnable(() -> store(origin, value, retention)));
  }

  @Override
  public Mono<StoredRobots> getResource(Origin origin, String path) {
    return guarded(origin, Mono.fromSupplier(() -> resources.get(origin.key() + path)));
  }

  @Override
  public Mono<Void> putResource(
      Origin origin, String path, StoredRobots value, Duration retention) {
    return guarded(origin, Mono.fromRunnable(() -> resources.put(origin.key() + path, value)));
  }

  @Override
  public Mono<Lease> acquire(Origin origin, Duration duration) {
    Mono<Lease> acquire =
        Mono.fromSupplier(
            () -> {
              String token = "t" + tokens.incrementAndGet();
              Instant now = clock.get();
              Held<String> mine = new Held<>(token, now.plus(duration));
              Held<String> held =
                  leases.compute(origin, (o, h) -> h == null || !h.until().isAfter(now) ? mine : h);
              return held == mine
                  ? Lease.granted(origin, token)
                  : Lease.heldElsewhere(origin, Duration.between(now, held.until()));
            });
    Duration late = acquireLatency;
    return guarded(origin, late.isZero() ? acquire : acquire.delayElement(late));
  }

  @Override
  public Mono<Void> complete(Lease lease, StoredRobots value, Duration retention) {
    return guarded(
        lease.origin(),
        Mono.fromRunnable(
            () -> {
              store(lease.origin(), value, retention);
              end(lease);
            }));
  }

  @Override
  public Mono<Void> release(Lease lease) {
    return guarded(lease.origin(), Mono.fromRunnable(() -> end(lease)));
  }

  @Override
  public Mono<StoredRobots> awaitValue(Origin origin, Duration maxWait) {
    Flux<Origin> wakeUps =
        Flux.merge(
            Flux.just(origin),
            changes.asFlux().filter(origin::equals),
            Flux.interval(Duration.ofMillis(500)).map(i -> origin));
    return guarded(
        origin,
        wakeUps
            .concatMap(
                o ->
                    get(o)
                        .map(v -> new Held<>(v, clock.get()))
                        .defaultIfEmpty(new Held<>(null, clock.get()))
                        .onErrorResume(
                            RejectedValueException.class, e -> Mono.just(new Held<>(null, null))))
            .filter(h -> fresh(h.value()) || !leased(origin))
            .next()
            .flatMap(h -> fresh(h.value()) ? Mono.just(h.value()) : Mono.empty())
            .take(maxWait));
  }

  private boolean fresh(StoredRobots value) {
    return value != null && value.state().expiresAt().isAfter(clock.get());
  }

  private <T> Mono<T> guarded(Origin origin, Mono<T> call) {
    return Mono.defer(
        () ->
            lostShard != null && lostShard.equals(shard(origin))
                ? Mono.error(new IllegalStateException("scripted loss of shard " + lostShard))
                : switch (mode) {
                  case UP -> latency.isZero() ? call : Mono.delay(latency).then(call);
                  case FAILING -> Mono.error(new IllegalStateException("scripted store failure"));
                  case SILENT -> Mono.never();
                });
  }

  private void store(Origin origin, StoredRobots value, Duration retention) {
    values.put(origin, new Held<>(value, clock.get().plus(retention)));
    unreadable.remove(origin);
    writes.incrementAndGet();
    changes.tryEmitNext(origin);
  }

  private void end(Lease lease) {
    leases.computeIfPresent(lease.origin(), (o, h) -> h.value().equals(lease.token()) ? null : h);
    changes.tryEmitNext(lease.origin());
  }

  private <T> Held<T> live(Map<Origin, Held<T>> map, Origin origin) {
    Held<T> h = map.get(origin);
    return h != null && h.until().isAfter(clock.get()) ? h : null;
  }
}
