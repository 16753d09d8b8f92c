package io.github.reactiverobots.core.event;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;

/**
 * Receives a {@code RobotsCache}'s events, for metrics and tracing. All methods default to doing
 * nothing, so a listener overrides only what it needs.
 *
 * <p>Contract: methods are called synchronously on whatever thread produced the event (often a
 * Reactor or Netty thread), so they must be fast and must never block. An exception thrown by a
 * listener is caught and dropped by the cache; it never affects a verdict. Implementations must be
 * thread-safe. The origin is passed for tracing; metrics must not tag by it.
 */
public interface RobotsCacheListener {

  /** How a check found its origin's entry. */
  enum Lookup {
    /** A fresh entry was in the cache. */
    HIT,
    /**
     * No entry: this check started the fetch (with a shared store, the store is read first, and its
     * value may spare the fetch: see {@link StoreEvent}).
     */
    MISS,
    /** No entry: this check joined a fetch already in flight. */
    COALESCED,
    /** An entry past its freshness was served (a refresh is in flight, or an outage copy). */
    STALE
  }

  /** Why an entry left the cache. */
  enum EvictionCause {
    /** Removed to stay within the weight or size bound. */
    SIZE,
    /** Its retention ran out. */
    EXPIRED,
    /** {@code invalidate} or {@code close}. */
    EXPLICIT,
    /** Replaced by a newer entry for the same origin. */
    REPLACED
  }

  /**
   * What happened when a cache used its shared store (see {@code RobotsCacheBuilder.store}); one
   * event per store call or decision, from the origin's flight.
   */
  enum StoreEvent {
    /** The store held a fresh value: the entry was rebuilt from it, without a fetch. */
    HIT,
    /** The store answered without a fresh value: the flight goes on to the lease and a fetch. */
    MISS,
    /** A value was written after a fetch. */
    WRITE,
    /** Another worker held the origin's lease: the flight waited for its value. */
    LEASE_WAIT,
    /** A store call failed: this flight went on without the store. */
    ERROR,
    /** A store call did not answer within the store wait: this flight went on without it. */
    TIMEOUT,
    /** The store held bytes that are not a value it can read: ignored (and overwritten). */
    REJECTED,
    /** The store was skipped: it failed within the cool-down, so nothing was asked of it. */
    BYPASSED
  }

  /** A no-op listener. */
  RobotsCacheListener NONE = new RobotsCacheListener() {};

  /**
   * A check looked its origin up; called once per check (or {@code rules} call) that reaches the
   * cache ({@code checkIfCached} reports only what it finds, never a miss).
   *
   * @param origin the origin looked up
   * @param lookup how its entry was found
   */
  default void onLookup(Origin origin, Lookup lookup) {}

  /**
   * A fetch of {@code origin}'s robots.txt started (a check's or a background refresh).
   *
   * @param origin the origin fetched
   */
  default void onFetchStarted(Origin origin) {}

  /**
   * A fetch finished and its result was turned into an entry (after {@link #onParsed} for a body
   * that was parsed).
   *
   * @param origin the origin fetched
   * @param outcome how the fetch was classified
   * @param status the HTTP status, or 0 when the fetch failed without a response
   * @param failure why the fetch got no usable HTTP response (a bounded set: tag metrics by it), or
   *     null when it got one; {@code BOT_CHALLENGE} comes with the challenge's status
   * @param bodyBytes the body length received (after decompression), in bytes
   * @param durationNanos nanoseconds from the call to the fetcher until the entry was decided,
   *     parsing included
   */
  default void onFetchFinished(
      Origin origin,
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long bodyBytes,
      long durationNanos) {}

  /**
   * A body was parsed (a fetched or a preloaded one).
   *
   * @param origin the origin whose body it is
   * @param bodyBytes the body length, in bytes
   * @param durationNanos the time the parse took, in nanoseconds
   */
  default void onParsed(Origin origin, long bodyBytes, long durationNanos) {}

  /**
   * An entry left the cache.
   *
   * @param origin the origin whose entry it was
   * @param cause why it left
   * @param weightBytes the entry's estimated weight, in bytes
   */
  default void onEviction(Origin origin, EvictionCause cause, long weightBytes) {}

  /**
   * The cache used its shared store (only when one is configured). Called on the thread that
   * completed the store call (often the store client's I/O thread): never block.
   *
   * @param origin the origin whose flight used the store
   * @param event what happened
   */
  default void onStore(Origin origin, StoreEvent event) {}

  /**
   * A verdict was given, {@code durationNanos} after the check started.
   *
   * @param verdict the verdict
   * @param durationNanos nanoseconds from the start of the check (its subscription, for a {@code
   *     Mono}) to the verdict, any fetch included
   */
  default void onVerdict(Verdict verdict, long durationNanos) {}

  /**
   * A usage answer was given ({@code RobotsCache.usageAnswer}).
   *
   * @param answer the answer, each use with the source that decided it
   */
  default void onUsageAnswer(UsageAnswer answer) {}
}
