package io.github.reactiverobots.pacing;

import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.robotstxt.internal.http.RetryAfter;
import java.time.Duration;

/**
 * How long an origin pauses after one of its fetches ended: its interval, or after a slow-down (a
 * 429, a 503, or no response) the longer of that and the {@code Retry-After} asked for (capped at
 * the maximum backoff) or else a backoff doubling with each slow-down in a row. Used inside a run's
 * loop only.
 */
final class SlowDowns {
  private final PacerBuilder.Settings settings;
  private final PacerEvents events;

  SlowDowns(PacerBuilder.Settings settings, PacerEvents events) {
    this.settings = settings;
    this.events = events;
  }

  /**
   * The pause after {@code q}'s fetch ended with {@code status} (0 for a failure without a
   * response, -1 when its lease ran out without a report); counts the slow-downs in a row.
   */
  long pauseAfter(OriginQueue<?> q, int status, String retryAfter) {
    long interval = q.spacing.intervalNanos();
    long pause = interval;
    if (status == 0 || status == 429 || status == 503) {
      q.slowdowns++;
      pause = Math.max(interval, slowDownPause(q, status, retryAfter));
      events.slowedDown(q.origin, status, Duration.ofNanos(pause));
    } else if (status > 0) {
      q.slowdowns = 0;
    }
    return pause;
  }

  /** The pause after a slow-down: Retry-After when given (capped), else a doubling backoff. */
  private long slowDownPause(OriginQueue<?> q, int status, String retryAfter) {
    Duration asked =
        status == 0 ? null : RetryAfter.parse(retryAfter, settings.clock().instant()).orElse(null);
    long max = settings.maximumBackoffNanos();
    if (asked != null) {
      long nanos = Spacing.saturatedNanos(asked);
      if (nanos > max) {
        events.capped(q.origin, Capped.RETRY_AFTER, asked, Duration.ofNanos(max));
        return max;
      }
      return nanos;
    }
    return q.backoffNanos(settings.initialBackoffNanos(), max);
  }
}
