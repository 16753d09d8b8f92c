package io.github.reactiverobots.pacing;

import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * What a group's pacing means for one origin: the interval between two releases (the longest of the
 * minimum delay, the crawl-delay and {@code 1 / request-rate}, each of the last two capped at the
 * maximum delay), what was capped, and the visit-time window. Immutable.
 *
 * @param intervalNanos the interval between two releases
 * @param crawlDelayAsked the crawl-delay when it was capped, else null
 * @param rateIntervalAsked the interval of the request-rate when it was capped, else null
 * @param window the visit-time window, or null (also for a window whose ends are equal, which would
 *     forbid every visit and whose intent is unclear)
 */
record Spacing(
    long intervalNanos, Duration crawlDelayAsked, Duration rateIntervalAsked, VisitTime window) {

  static Spacing of(Pacing pacing, long minimumNanos, long maximumNanos) {
    long interval = minimumNanos;
    Duration crawlDelayAsked = null;
    Duration rateAsked = null;
    Duration crawlDelay = pacing.crawlDelay().orElse(null);
    if (crawlDelay != null) {
      long asked = saturatedNanos(crawlDelay);
      crawlDelayAsked = asked > maximumNanos ? crawlDelay : null;
      interval = Math.max(interval, Math.min(asked, maximumNanos));
    }
    RequestRate rate = pacing.requestRate().orElse(null);
    if (rate != null) {
      // Rounded up: n requests per period never come closer than period / n.
      long period = saturatedNanos(rate.period());
      long asked = period / rate.requests() + (period % rate.requests() == 0 ? 0 : 1);
      rateAsked = asked > maximumNanos ? Duration.ofNanos(asked) : null;
      interval = Math.max(interval, Math.min(asked, maximumNanos));
    }
    VisitTime window = pacing.visitTime().filter(w -> !w.from().equals(w.to())).orElse(null);
    return new Spacing(interval, crawlDelayAsked, rateAsked, window);
  }

  /** Nanoseconds from {@code now} until the window opens; 0 when it is open or absent. */
  long untilWindowOpens(Instant now) {
    if (window == null) {
      return 0;
    }
    LocalTime time = LocalTime.ofInstant(now, ZoneOffset.UTC);
    if (window.contains(time)) {
      return 0;
    }
    Duration wait = Duration.between(time, window.from());
    return (wait.isNegative() ? wait.plusDays(1) : wait).toNanos();
  }

  /** Tells {@code events} what was capped, to the interval applied. */
  void reportCapped(Origin origin, PacerEvents events) {
    Duration applied = Duration.ofNanos(intervalNanos);
    if (crawlDelayAsked != null) {
      events.capped(origin, Capped.CRAWL_DELAY, crawlDelayAsked, applied);
    }
    if (rateIntervalAsked != null) {
      events.capped(origin, Capped.REQUEST_RATE, rateIntervalAsked, applied);
    }
  }

  /** Whether a value was capped. */
  boolean capped() {
    return crawlDelayAsked != null || rateIntervalAsked != null;
  }

  static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }
}
