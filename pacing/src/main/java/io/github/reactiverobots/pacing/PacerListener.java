package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;

/**
 * Receives a {@link Pacer}'s events, for metrics and tracing. All methods default to doing nothing,
 * so a listener overrides only what it needs.
 *
 * <p>Contract: methods are called synchronously on whatever thread drives the pacer at that moment
 * (a timer of its scheduler, the source's thread, a robots.txt lookup's or the thread that reports
 * a fetch), so they must be fast and must never block. An exception thrown by a listener is caught
 * and dropped; it never changes what is released. Implementations must be thread-safe. The origin
 * is passed for tracing; metrics must not tag by it.
 */
public interface PacerListener {

  /** A value that asked for more than the pacer's configured maximum, and was capped to it. */
  enum Capped {
    /** A group's {@code crawl-delay}, capped to the maximum delay. */
    CRAWL_DELAY,
    /** The interval a group's {@code request-rate} implies, capped to the maximum delay. */
    REQUEST_RATE,
    /** A page's {@code Retry-After}, capped to the maximum backoff. */
    RETRY_AFTER
  }

  /**
   * An item was released: its origin may be contacted now.
   *
   * @param origin the item's origin
   * @param waitedNanos time from the item's arrival to its release, in the scheduler's time
   */
  default void onReleased(Origin origin, long waitedNanos) {}

  /**
   * An item was not released because robots.txt disallows it (its rules, or a blanket disallow
   * while robots.txt is unreachable).
   *
   * @param origin the item's origin
   * @param verdict the verdict, with its reason
   */
  default void onDisallowed(Origin origin, Verdict verdict) {}

  /**
   * An item was handed back as {@link Paced.Kind#DEFERRED}: its origin's queue was full.
   *
   * @param origin the item's origin
   */
  default void onDeferred(Origin origin) {}

  /**
   * A value was capped: the origin is contacted more often than it asked, as configured. Reported
   * once each time an origin's robots.txt pacing changes (so once per origin while it stays the
   * same), and for every capped {@code Retry-After}.
   *
   * @param origin the origin that asked
   * @param what which value
   * @param asked what it asked for
   * @param applied what the pacer applies instead
   */
  default void onCapped(Origin origin, Capped what, Duration asked, Duration applied) {}

  /**
   * A fetch's outcome slowed its origin down: a 429 or 503, or a failure without a response.
   *
   * @param origin the origin
   * @param status the status reported, or 0 for a failure without a response
   * @param pause how long the origin now waits before its next release
   */
  default void onSlowedDown(Origin origin, int status, Duration pause) {}

  /**
   * A release went ahead under the pacer's local rules alone because its {@link SharedSpacing}
   * failed, answered nothing or answered too late.
   *
   * @param origin the origin released
   */
  default void onSharedSpacingFallback(Origin origin) {}

  /**
   * The pacer's {@link SharedSpacing} answered a reservation for {@code origin}: zero when it
   * granted the slot, otherwise how long the pacer waits before asking again (another worker holds
   * the origin, its next slot has not come, or its {@code visit-time} window is closed). A
   * reservation that got no answer in time is reported to {@link #onSharedSpacingFallback} instead.
   *
   * @param origin the origin
   * @param wait zero when granted, else the wait, positive
   */
  default void onSharedSpacingReserved(Origin origin, Duration wait) {}
}
