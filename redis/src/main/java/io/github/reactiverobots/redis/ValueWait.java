package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import java.time.Clock;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A waiter's wait for another worker's value ({@link RedisRobotsStore#awaitValue}): one read at
 * once, then one on each notification and on a fallback backoff ({@code min} doubling to {@code
 * max}) in case a notification is lost, until a fresh value is read or the lease is seen gone
 * without one. Thread-safe.
 */
final class ValueWait {
  private final Clock clock;
  private final Duration min;
  private final Duration max;

  ValueWait(Clock clock, Duration min, Duration max) {
    this.clock = clock;
    this.min = min;
    this.max = max;
  }

  /**
   * Waits at most {@code maxWait}.
   *
   * @param notifications the origin's notifications
   * @param leases counts the origin's lease keys, on each subscription
   * @param value reads the origin's value, on each subscription
   * @return the fresh value; empty when the lease is gone without one, or after {@code maxWait}
   */
  Mono<StoredRobots> await(
      Flux<?> notifications, Mono<Long> leases, Mono<StoredRobots> value, Duration maxWait) {
    Flux<Boolean> fallback =
        Flux.<Duration, Duration>generate(
                () -> min,
                (d, sink) -> {
                  sink.next(d);
                  Duration next = d.multipliedBy(2);
                  return next.compareTo(max) > 0 ? max : next;
                })
            .concatMap(d -> Mono.delay(d).thenReturn(Boolean.TRUE), 1);
    Flux<Boolean> wakeUps = Flux.merge(notifications.map(m -> Boolean.TRUE), fallback);
    return wakeUps
        .onBackpressureLatest()
        .concatMap(w -> poll(leases, value), 1)
        .filter(p -> p.fresh || !p.leased)
        .next()
        .flatMap(p -> p.fresh ? Mono.just(p.value) : Mono.<StoredRobots>empty())
        .take(maxWait);
  }

  /** One read while waiting: the value (if readable and fresh) and whether a lease is held. */
  private record Poll(StoredRobots value, boolean fresh, boolean leased) {}

  /**
   * Whether a lease is held, then the value: in that order, since a lease ends in the same step as
   * its value is written, so that a lease seen gone means its value (if any) is visible.
   */
  private Mono<Poll> poll(Mono<Long> leases, Mono<StoredRobots> value) {
    return leases.flatMap(
        n ->
            value
                .map(v -> new Poll(v, v.state().expiresAt().isAfter(clock.instant()), n > 0))
                .onErrorResume(RejectedValueException.class, e -> Mono.empty())
                .defaultIfEmpty(new Poll(null, false, n > 0)));
  }
}
