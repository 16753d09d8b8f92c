package io.github.reactiverobots.core.internal;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * At most one piece of work per key at a time, its one result shared by every caller that asks
 * while it runs.
 *
 * <p>The work is subscribed once, by this class, independently of the callers: a caller that
 * cancels only stops listening; the work runs on and its result reaches everyone else. The flight
 * leaves the map before its result is emitted, so a caller that arrives after the result starts a
 * new flight (the work is expected to have stored its result first, so that such a caller finds
 * it). A failure is delivered once to each waiting caller and is not retried by them. Thread-safe
 * and non-blocking.
 *
 * @param <K> the key (an origin)
 * @param <V> the result
 */
public final class SingleFlight<K, V> {
  private final ConcurrentHashMap<K, Flight<V>> flights = new ConcurrentHashMap<>();

  /** The result of {@link #join}: the shared result and whether this call started the work. */
  record Joined<V>(Mono<V> result, boolean started) {}

  /**
   * Joins the flight for {@code key}, starting {@code work} for it if none is running.
   *
   * @param work called (and its Mono subscribed) only when this call starts the flight
   */
  Joined<V> join(K key, Function<? super K, ? extends Mono<? extends V>> work) {
    Objects.requireNonNull(key, "key");
    Flight<V> existing = flights.get(key);
    if (existing != null) {
      return new Joined<>(existing.result, false);
    }
    Flight<V> mine = new Flight<>();
    existing = flights.putIfAbsent(key, mine);
    if (existing != null) {
      return new Joined<>(existing.result, false);
    }
    Mono<? extends V> source;
    try {
      source = Objects.requireNonNull(work.apply(key), "work returned null");
    } catch (RuntimeException e) {
      source = Mono.error(e);
    }
    mine.start(source, () -> flights.remove(key, mine));
    return new Joined<>(mine.result, true);
  }

  /** Flights running now. */
  int size() {
    return flights.size();
  }

  /** Cancels every running flight; their callers receive {@code reason}. */
  void cancelAll(RuntimeException reason) {
    for (K key : flights.keySet()) {
      Flight<V> f = flights.remove(key);
      if (f != null) {
        f.cancel(reason);
      }
    }
  }

  private static final class Flight<V> {
    private final Sinks.One<V> sink = Sinks.one();
    private final Mono<V> result = sink.asMono();
    private volatile Disposable subscription;

    void start(Mono<? extends V> source, Runnable leave) {
      subscription =
          source.subscribe(
              value -> {
                leave.run();
                sink.tryEmitValue(value);
              },
              error -> {
                leave.run();
                sink.tryEmitError(error);
              },
              () -> {
                leave.run();
                sink.tryEmitEmpty();
              });
    }

    void cancel(RuntimeException reason) {
      Disposable d = subscription;
      if (d != null) {
        d.dispose();
      }
      sink.tryEmitError(reason);
    }
  }
}
