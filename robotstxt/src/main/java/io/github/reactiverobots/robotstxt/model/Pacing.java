package io.github.reactiverobots.robotstxt.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A group's pacing records: {@code crawl-delay}, {@code request-rate} and {@code visit-time}
 * (SEMANTICS.md §5). They never change a verdict. Merged groups keep the most restrictive of each.
 * Immutable and thread-safe.
 */
public final class Pacing {
  /** No pacing record. */
  public static final Pacing NONE = new Pacing(null, null, null);

  private final Duration crawlDelay;
  private final RequestRate requestRate;
  private final VisitTime visitTime;

  private Pacing(Duration crawlDelay, RequestRate requestRate, VisitTime visitTime) {
    this.crawlDelay = crawlDelay;
    this.requestRate = requestRate;
    this.visitTime = visitTime;
  }

  /**
   * Pacing from its three records, each of which may be null (not given).
   *
   * @param crawlDelay the crawl-delay, or null
   * @param requestRate the request rate, or null
   * @param visitTime the visit-time window, or null
   * @return the pacing
   * @throws IllegalArgumentException if the crawl-delay is negative
   */
  public static Pacing of(Duration crawlDelay, RequestRate requestRate, VisitTime visitTime) {
    if (crawlDelay != null && crawlDelay.isNegative()) {
      throw new IllegalArgumentException("negative crawl-delay " + crawlDelay);
    }
    if (crawlDelay == null && requestRate == null && visitTime == null) {
      return NONE;
    }
    return new Pacing(crawlDelay, requestRate, visitTime);
  }

  /**
   * The longest {@code crawl-delay}.
   *
   * @return the crawl-delay, when given
   */
  public Optional<Duration> crawlDelay() {
    return Optional.ofNullable(crawlDelay);
  }

  /**
   * The {@code request-rate} allowing the fewest requests per second.
   *
   * @return the request rate, when given
   */
  public Optional<RequestRate> requestRate() {
    return Optional.ofNullable(requestRate);
  }

  /**
   * The shortest {@code visit-time} window.
   *
   * @return the window, when given
   */
  public Optional<VisitTime> visitTime() {
    return Optional.ofNullable(visitTime);
  }

  /**
   * The most restrictive of each record of this and {@code other}: the longer crawl-delay, the
   * slower request rate, the shorter visit-time window.
   *
   * @param other the pacing to combine with
   * @return the combination
   */
  public Pacing stricter(Pacing other) {
    if (other == NONE) {
      return this;
    }
    if (this == NONE) {
      return other;
    }
    return new Pacing(
        longer(crawlDelay, other.crawlDelay),
        RequestRate.stricter(requestRate, other.requestRate),
        VisitTime.stricter(visitTime, other.visitTime));
  }

  private static Duration longer(Duration a, Duration b) {
    if (a == null) {
      return b;
    }
    return b == null || a.compareTo(b) >= 0 ? a : b;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pacing p
        && Objects.equals(crawlDelay, p.crawlDelay)
        && Objects.equals(requestRate, p.requestRate)
        && Objects.equals(visitTime, p.visitTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(crawlDelay, requestRate, visitTime);
  }

  @Override
  public String toString() {
    return "Pacing{crawlDelay="
        + crawlDelay
        + ", requestRate="
        + requestRate
        + ", visitTime="
        + visitTime
        + '}';
  }
}
