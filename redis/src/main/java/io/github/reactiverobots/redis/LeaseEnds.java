package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.store.RobotsStore.Lease;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Ends a store's leases for good: the command that completes or releases a lease is sent again on
 * failure until it lands or the lease would have expired, and an end that needed a retry is then
 * confirmed. A lease whose end is lost holds the other workers off until it expires, and on a
 * cluster its key lives on in the replica promoted after the primary that failed the command.
 * Thread-safe; nothing blocks.
 */
final class LeaseEnds {
  /** Reads in a row that find a lease gone before its end is taken as confirmed. */
  static final int CONFIRMATIONS = 3;

  private final LeaseTokens tokens = new LeaseTokens();
  private final RedisRobotsStore.Sender sender;
  private final Function<String, Mono<byte[]>> read;
  private final BooleanSupplier closed;
  private final Duration backoffMin;
  private final Duration backoffMax;
  private final LongAdder retries = new LongAdder();

  /**
   * Ends leases through {@code sender}, reading a lease key with {@code read} (a plain {@code
   * GET}), until {@code closed}, retrying on {@code backoffMin} doubling to {@code backoffMax}.
   */
  LeaseEnds(
      RedisRobotsStore.Sender sender,
      Function<String, Mono<byte[]>> read,
      BooleanSupplier closed,
      Duration backoffMin,
      Duration backoffMax) {
    this.sender = sender;
    this.read = read;
    this.closed = closed;
    this.backoffMin = backoffMin;
    this.backoffMax = backoffMax;
  }

  /** A new token for a lease taken now for {@code duration}. */
  String token(Duration duration) {
    return tokens.next(System.nanoTime() + duration.toNanos());
  }

  /**
   * Sends {@code command}, which ends {@code lease} (its key {@code leaseKey}), again on failure
   * until it lands or the lease would have expired; an end that needed a retry is then {@linkplain
   * #confirm confirmed}.
   *
   * @return completes once an attempt landed; the last attempt's error once the lease is over
   */
  Mono<Void> end(Lease lease, String leaseKey, Supplier<Mono<Void>> command) {
    long end = tokens.end(lease.token());
    AtomicBoolean uncertain = new AtomicBoolean();
    return sender
        .send(command)
        .retryWhen(
            Retry.backoff(Long.MAX_VALUE, backoffMin)
                .maxBackoff(backoffMax)
                .filter(e -> !closed.getAsBoolean() && System.nanoTime() - end < 0)
                .doBeforeRetry(
                    s -> {
                      uncertain.set(true);
                      retries.increment();
                    }))
        .doOnSuccess(
            v -> {
              if (uncertain.get()) {
                confirm(lease, leaseKey, command, end);
              }
            });
  }

  /**
   * After an end that failed before it landed: an attempt that timed out may still have run on a
   * primary that was then demoted (a frozen primary, thawed after its replica's promotion, runs
   * what it had buffered and answers, then resyncs from the promoted replica and loses it). So the
   * lease is read again on the longest backoff, in the background, and ended again while it still
   * holds this store's token; until {@value #CONFIRMATIONS} reads in a row find it gone, or the
   * lease would have expired.
   */
  private void confirm(Lease lease, String leaseKey, Supplier<Mono<Void>> command, long end) {
    byte[] token = lease.token().getBytes(StandardCharsets.UTF_8);
    AtomicInteger gone = new AtomicInteger();
    Mono.delay(backoffMax)
        .then(sender.send(() -> read.apply(leaseKey)))
        .map(held -> Arrays.equals(held, token))
        .defaultIfEmpty(false)
        .flatMap(
            ours ->
                ours
                    ? sender.send(command).doOnSubscribe(s -> retries.increment()).thenReturn(true)
                    : Mono.just(false))
        .onErrorReturn(true)
        .doOnNext(ours -> gone.set(ours ? 0 : gone.get() + 1))
        .repeat(
            () ->
                gone.get() < CONFIRMATIONS && !closed.getAsBoolean() && System.nanoTime() - end < 0)
        .subscribe(null, e -> {});
  }

  /** Ends sent again after a failure, or after a confirmation found the lease still held. */
  long retries() {
    return retries.sum();
  }
}
