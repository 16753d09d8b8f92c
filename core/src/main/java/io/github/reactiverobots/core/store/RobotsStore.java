package io.github.reactiverobots.core.store;

import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * A second-level robots.txt store shared by the caches of a fleet of crawler workers (Redis, for
 * instance): what one worker fetched, the others read instead of fetching again, and a worker that
 * restarts comes back warm. It holds {@link StoredRobots} values, never compiled rules: each worker
 * parses and compiles locally.
 *
 * <p>The fleet's single flight is a lease per origin: the worker that takes it fetches and then
 * {@linkplain #complete completes} it with the value; the others {@linkplain #awaitValue wait} for
 * that value (by notification, with a bounded fallback re-read) and fetch themselves only when the
 * lease ends without one (its holder died, or gave up).
 *
 * <p>Contract: every method is lazy (nothing happens before subscription), never blocks the
 * subscribing thread, and may emit on any thread (the cache moves parsing off it). A store that is
 * down or slow signals an error or simply does not answer: the cache bounds every call with its own
 * wait and then answers from a local fetch, so a store never fails a check. Values are kept at most
 * for the retention the cache asks for. Implementations must be thread-safe; one store may serve
 * several caches.
 */
public interface RobotsStore {

  /**
   * The value stored for {@code origin}.
   *
   * @param origin the origin
   * @return the value, or empty when none is stored; a {@link RejectedValueException} when the
   *     stored bytes are not a value this store can read (foreign, corrupted)
   */
  Mono<StoredRobots> get(Origin origin);

  /**
   * Stores {@code value} for {@code origin}, replacing any other, for {@code retention}; wakes the
   * workers waiting for the origin.
   *
   * @param origin the origin
   * @param value the value
   * @param retention how long to keep it, positive
   * @return completes once stored
   */
  Mono<Void> put(Origin origin, StoredRobots value, Duration retention);

  /**
   * The value stored for another of {@code origin}'s resources, such as its {@code
   * /.well-known/tdmrep.json}: its response as a {@code StoredRobots} (state and body). Default:
   * none, for a store that holds robots.txt only.
   *
   * @param origin the origin
   * @param path the resource's path, starting with {@code /}
   * @return the value, or empty when none is stored; a {@link RejectedValueException} when the
   *     stored bytes are not a value this store can read
   */
  default Mono<StoredRobots> getResource(Origin origin, String path) {
    return Mono.empty();
  }

  /**
   * Stores {@code value} for another of {@code origin}'s resources, replacing any other, for {@code
   * retention}. Default: does nothing, for a store that holds robots.txt only.
   *
   * @param origin the origin
   * @param path the resource's path, starting with {@code /}
   * @param value the value
   * @param retention how long to keep it, positive
   * @return completes once stored
   */
  default Mono<Void> putResource(
      Origin origin, String path, StoredRobots value, Duration retention) {
    return Mono.empty();
  }

  /**
   * Tries to take {@code origin}'s fetch lease for {@code duration}.
   *
   * @param origin the origin
   * @param duration how long the lease lasts unless completed or released first, positive
   * @return a lease that is {@linkplain Lease#granted() granted} to this caller, or one held by
   *     another worker with the time it has left
   */
  Mono<Lease> acquire(Origin origin, Duration duration);

  /**
   * Stores {@code value} for the lease's origin as {@link #put} does and ends the lease if this
   * caller still holds it, as one step: a waiter woken by it reads the value.
   *
   * @param lease a granted lease
   * @param value the value
   * @param retention how long to keep the value, positive
   * @return completes once stored
   */
  Mono<Void> complete(Lease lease, StoredRobots value, Duration retention);

  /**
   * Ends a lease without a value (its fetch was abandoned), if this caller still holds it, and
   * wakes the waiters so that they fetch themselves.
   *
   * @param lease a granted lease
   * @return completes once released
   */
  Mono<Void> release(Lease lease);

  /**
   * Waits for a value of {@code origin} that is fresh (its {@code expiresAt} in the future): one
   * read at once, then one on each notification that the origin's value or lease changed, and a
   * fallback read on a bounded backoff in case a notification is lost. Never polls hot.
   *
   * @param origin the origin
   * @param maxWait the longest wait, positive
   * @return the first fresh value read; empty when the origin's lease is gone with no fresh value,
   *     or after {@code maxWait}
   */
  Mono<StoredRobots> awaitValue(Origin origin, Duration maxWait);

  /**
   * The part of the store that holds {@code origin}'s value and lease, by a name: calls that fail
   * in a row put only their shard in the cache's cool-down, so that a store spread over several
   * servers (a Redis Cluster's primaries) keeps sharing the origins of the servers that answer
   * while one is lost. The default is one shard, the whole store.
   *
   * <p>Called before every store call, so it must be cheap and must not block; the names must be
   * few (a server, not a key), since the cache keeps a failure count per name it has seen.
   *
   * @param origin the origin
   * @return the shard's name; equal names are one shard
   */
  default String shard(Origin origin) {
    return "";
  }

  /**
   * The answer to {@link RobotsStore#acquire}: an origin's fetch lease, granted to the caller (with
   * the token that proves it) or held by another worker (with the time it has left). Immutable.
   *
   * @param origin the origin the lease is for
   * @param token the holder's token when granted, or null when another worker holds the lease
   * @param remaining for a lease held elsewhere, how long it has left (zero when unknown)
   */
  public record Lease(Origin origin, String token, Duration remaining) {
    /**
     * Checks the parts.
     *
     * @param origin the origin the lease is for
     * @param token the holder's token, or null
     * @param remaining the time left of a lease held elsewhere
     * @throws NullPointerException if {@code origin} or {@code remaining} is null
     * @throws IllegalArgumentException if {@code remaining} is negative
     */
    public Lease {
      Objects.requireNonNull(origin, "origin");
      Objects.requireNonNull(remaining, "remaining");
      if (remaining.isNegative()) {
        throw new IllegalArgumentException("remaining must not be negative, was " + remaining);
      }
    }

    /**
     * A lease granted to the caller.
     *
     * @param origin the origin
     * @param token the token that proves the caller holds it
     * @return the lease
     */
    public static Lease granted(Origin origin, String token) {
      return new Lease(origin, Objects.requireNonNull(token, "token"), Duration.ZERO);
    }

    /**
     * A lease another worker holds.
     *
     * @param origin the origin
     * @param remaining how long it has left, zero when unknown
     * @return the lease
     */
    public static Lease heldElsewhere(Origin origin, Duration remaining) {
      return new Lease(origin, null, remaining);
    }

    /**
     * Whether the caller holds the lease (and so should fetch).
     *
     * @return true when granted to the caller
     */
    public boolean granted() {
      return token != null;
    }
  }

  /**
   * Signalled by {@link RobotsStore#get} when the bytes stored for an origin are not a value the
   * store can read: written by something else, by an unknown format version, or corrupted. The
   * cache ignores such a value (and counts it), fetches, and overwrites it.
   */
  public static final class RejectedValueException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A rejection of what is stored for {@code origin}.
     *
     * @param origin the origin whose value was rejected
     * @param why what is wrong with it
     */
    public RejectedValueException(Origin origin, String why) {
      super(
          "the stored robots.txt value for " + origin + " was rejected: " + why,
          null,
          false,
          false);
    }
  }
}
