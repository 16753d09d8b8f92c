package io.github.reactiverobots.core;

import io.github.reactiverobots.core.model.FetchOutcome;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.url.Origin;

/**
 * Receives a {@code RobotsCache}'s events, for metrics and tracing. All methods default to doing
 * nothing, so a listener overrides only what it needs.
 *
 * <p>Contract: methods are called synchronously on whatever thread produced the event (often a
 * Reactor or Netty thread), so they must be fast and must never block. An exception thrown by a
 * listener is caught and dropped by the cache; it never affects a verdict. Implementations must
 * be thread-safe. The origin is passed for tracing; metrics must not tag by it.
 */
public interface RobotsCacheListener {

  /** How a check found its origin's entry. */
  enum Lookup {
    /** A fresh entry was in the cache. */
    HIT,
    /** No entry: this check started the fetch. */
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

  /** A no-op listener. */
  RobotsCacheListener NONE = new RobotsCacheListener() {};

  /** A check looked its origin up. */
  default void onLookup(Origin origin, Lookup lookup) {}

  /** A fetch of {@code origin}'s robots.txt started. */
  default void onFetchStarted(Origin origin) {}

  /**
   * A fetch finished.
   *
   * @param status the HTTP status, or 0 when the fetch failed without a response
   * @param bodyBytes the body length received (after decompression)
   */
  default void onFetchFinished(
      Origin origin, FetchOutcome outcome, int status, long bodyBytes, long durationNanos) {}

  /** A body was parsed and compiled. */
  default void onParsed(Origin origin, long bodyBytes, long durationNanos) {}

  /** An entry left the cache. */
  default void onEviction(Origin origin, EvictionCause cause, long weightBytes) {}

  /** A verdict was given, {@code durationNanos} after the check started. */
  default void onVerdict(Verdict verdict, long durationNanos) {}
}
