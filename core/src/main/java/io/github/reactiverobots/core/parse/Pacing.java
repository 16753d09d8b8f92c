package io.github.reactiverobots.core.parse;

import java.time.Duration;
import java.util.Optional;

/**
 * A group's pacing records: {@code crawl-delay}, {@code request-rate} and {@code visit-time}
 * (SEMANTICS.md §5). They never change a verdict. Merged groups keep the most restrictive of
 * each. Immutable.
 */
public final class Pacing {
  static final Pacing NONE = new Pacing(null, null, null);

  private final Duration crawlDelay;
  private final RequestRate requestRate;
  private final VisitTime visitTime;

  private Pacing(Duration crawlDelay, RequestRate requestRate, VisitTime visitTime) {
    this.crawlDelay = crawlDelay;
    this.requestRate = requestRate;
    this.visitTime = visitTime;
  }

  /** The longest {@code crawl-delay}. */
  public Optional<Duration> crawlDelay() {
    return Optional.ofNullable(crawlDelay);
  }

  /** The {@code request-rate} allowing the fewest requests per second. */
  public Optional<RequestRate> requestRate() {
    return Optional.ofNullable(requestRate);
  }

  /** The shortest {@code visit-time} window. */
  public Optional<VisitTime> visitTime() {
    return Optional.ofNullable(visitTime);
  }

  Duration crawlDelayOrNull() {
    return crawlDelay;
  }

  /** The most restrictive of each record of this and {@code other}. */
  Pacing stricter(Pacing other) {
    return new Pacing(CrawlDelays.longer(crawlDelay, other.crawlDelay),
        RequestRate.stricter(requestRate, other.requestRate),
        VisitTime.stricter(visitTime, other.visitTime));
  }

  Pacing withCrawlDelay(String value) {
    return stricter(new Pacing(CrawlDelays.parse(value), null, null));
  }

  Pacing withRequestRate(String value) {
    return stricter(new Pacing(null, RequestRate.parse(value).orElse(null), null));
  }

  Pacing withVisitTime(String value) {
    return stricter(new Pacing(null, null, VisitTime.parse(value).orElse(null)));
  }
}
