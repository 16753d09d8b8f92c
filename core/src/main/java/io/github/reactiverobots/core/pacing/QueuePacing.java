package io.github.reactiverobots.core.pacing;

import io.github.reactiverobots.core.model.RequestRate;
import io.github.reactiverobots.core.model.VisitTime;
import io.github.reactiverobots.core.url.Origin;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * The pacing a crawler must apply to one origin, for a frontier that owns the queue and spaces it
 * itself (url-frontier and the like): {@link #delaySeconds()} is what its {@code SetDelay(key,
 * delay_requestable)} takes, {@link #blockUntilEpochSeconds(Instant)} what its {@code
 * BlockQueueUntil(key, time)} takes, and {@link #queueKey()} the key both take when queues are per
 * host. Made by {@link Pacer#queuePacing}. Immutable.
 *
 * @param origin the origin
 * @param interval the interval between two requests, as the pacer applies it (the longest of the
 *     minimum delay, the crawl-delay and {@code 1 / request-rate}, capped)
 * @param requestRate the group's {@code request-rate}, or null
 * @param window the group's {@code visit-time} window (UTC), or null
 * @param retryAfterUntil until when a {@code Retry-After} the crawler saw holds the origin (capped
 *     at the pacer's maximum backoff), or null
 * @param disallowAll whether robots.txt is unreachable with no good copy, so that every URL of the
 *     origin is disallowed for now
 * @param disallowedUntil until when that holds (the cache's next attempt), or null
 */
public record QueuePacing(
    Origin origin,
    Duration interval,
    RequestRate requestRate,
    VisitTime window,
    Instant retryAfterUntil,
    boolean disallowAll,
    Instant disallowedUntil) {

  /**
   * Checks the required parts.
   *
   * @param origin the origin
   * @param interval the interval
   * @param requestRate the request-rate, or null
   * @param window the visit-time window, or null
   * @param retryAfterUntil the Retry-After deadline, or null
   * @param disallowAll whether every URL is disallowed for now
   * @param disallowedUntil until when, or null
   * @throws NullPointerException if the origin or interval is null
   */
  public QueuePacing {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(interval, "interval");
  }

  /**
   * The queue's key when a frontier keeps one queue per host (url-frontier's default).
   *
   * @return the origin's host
   */
  public String queueKey() {
    return origin.host();
  }

  /**
   * The interval in whole seconds, rounded up so that the frontier never comes sooner.
   *
   * @return seconds, at most {@link Integer#MAX_VALUE}
   */
  public int delaySeconds() {
    long s = interval.getSeconds() + (interval.getNano() > 0 ? 1 : 0);
    return (int) Math.min(Integer.MAX_VALUE, s);
  }

  /**
   * Until when the queue must not be served at {@code now}: the latest of the Retry-After deadline,
   * the end of a disallow-all, and the opening of a closed visit-time window.
   *
   * @param now the current time
   * @return seconds since the epoch (UTC), rounded up; 0 when nothing blocks the queue
   *     (url-frontier's "unblock")
   */
  public long blockUntilEpochSeconds(Instant now) {
    Instant until = null;
    if (retryAfterUntil != null && retryAfterUntil.isAfter(now)) {
      until = retryAfterUntil;
    }
    if (disallowAll && disallowedUntil != null && disallowedUntil.isAfter(now)) {
      until = later(until, disallowedUntil);
    }
    Optional<Instant> opens = opening(now);
    if (opens.isPresent()) {
      until = later(until, opens.get());
    }
    if (until == null) {
      return 0;
    }
    return until.getEpochSecond() + (until.getNano() > 0 ? 1 : 0);
  }

  /** When a closed window opens next, or empty when it is open or absent. */
  private Optional<Instant> opening(Instant now) {
    if (window == null || window.from().equals(window.to())) {
      return Optional.empty();
    }
    LocalTime time = LocalTime.ofInstant(now, ZoneOffset.UTC);
    if (window.contains(time)) {
      return Optional.empty();
    }
    Duration wait = Duration.between(time, window.from());
    return Optional.of(now.plus(wait.isNegative() ? wait.plusDays(1) : wait));
  }

  private static Instant later(Instant a, Instant b) {
    return a == null || b.isAfter(a) ? b : a;
  }
}
