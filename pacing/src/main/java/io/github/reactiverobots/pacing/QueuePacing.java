package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.url.Origin;
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
 * host. Made by {@link Pacer#queuePacing}, or with named settings ({@link #builder()}) so that no
 * two instants can be swapped by position. Immutable and thread-safe.
 */
public final class QueuePacing {
  private final Origin origin;
  private final Duration interval;
  private final RequestRate requestRate;
  private final VisitTime window;
  private final Instant retryAfterUntil;
  private final boolean disallowAll;
  private final Instant disallowedUntil;

  private QueuePacing(Builder b) {
    origin = Objects.requireNonNull(b.origin, "origin");
    interval = Objects.requireNonNull(b.interval, "interval");
    requestRate = b.requestRate;
    window = b.window;
    retryAfterUntil = b.retryAfterUntil;
    disallowAll = b.disallowAll;
    disallowedUntil = b.disallowedUntil;
  }

  /**
   * A builder with no origin and no interval set, and nothing else.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The origin.
   *
   * @return the origin
   */
  public Origin origin() {
    return origin;
  }

  /**
   * The interval between two requests, as the pacer applies it (the longest of the minimum delay,
   * the crawl-delay and {@code 1 / request-rate}, capped).
   *
   * @return the interval
   */
  public Duration interval() {
    return interval;
  }

  /**
   * The group's {@code request-rate}.
   *
   * @return the rate, or null
   */
  public RequestRate requestRate() {
    return requestRate;
  }

  /**
   * The group's {@code visit-time} window (UTC).
   *
   * @return the window, or null
   */
  public VisitTime window() {
    return window;
  }

  /**
   * Until when a {@code Retry-After} the crawler saw holds the origin (capped at the pacer's
   * maximum backoff).
   *
   * @return the instant, or null
   */
  public Instant retryAfterUntil() {
    return retryAfterUntil;
  }

  /**
   * Whether robots.txt is unreachable with no good copy, so that every URL of the origin is
   * disallowed for now.
   *
   * @return true when every URL is disallowed for now
   */
  public boolean disallowAll() {
    return disallowAll;
  }

  /**
   * Until when {@link #disallowAll()} holds (the cache's next attempt).
   *
   * @return the instant, or null
   */
  public Instant disallowedUntil() {
    return disallowedUntil;
  }

  /**
   * A builder holding this value's settings, to derive a changed copy.
   *
   * @return a new builder
   */
  public Builder toBuilder() {
    return new Builder()
        .origin(origin)
        .interval(interval)
        .requestRate(requestRate)
        .window(window)
        .retryAfterUntil(retryAfterUntil)
        .disallowAll(disallowAll)
        .disallowedUntil(disallowedUntil);
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

  @Override
  public boolean equals(Object o) {
    return o instanceof QueuePacing q
        && disallowAll == q.disallowAll
        && origin.equals(q.origin)
        && interval.equals(q.interval)
        && Objects.equals(requestRate, q.requestRate)
        && Objects.equals(window, q.window)
        && Objects.equals(retryAfterUntil, q.retryAfterUntil)
        && Objects.equals(disallowedUntil, q.disallowedUntil);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        origin, interval, requestRate, window, retryAfterUntil, disallowAll, disallowedUntil);
  }

  @Override
  public String toString() {
    return "QueuePacing[origin="
        + origin
        + ", interval="
        + interval
        + ", requestRate="
        + requestRate
        + ", window="
        + window
        + ", retryAfterUntil="
        + retryAfterUntil
        + ", disallowAll="
        + disallowAll
        + ", disallowedUntil="
        + disallowedUntil
        + "]";
  }

  /** Named settings for a {@link QueuePacing}. Not thread-safe. */
  public static final class Builder {
    private Origin origin;
    private Duration interval;
    private RequestRate requestRate;
    private VisitTime window;
    private Instant retryAfterUntil;
    private boolean disallowAll;
    private Instant disallowedUntil;

    private Builder() {}

    /**
     * The origin (required).
     *
     * @param origin the origin
     * @return this builder
     */
    public Builder origin(Origin origin) {
      this.origin = origin;
      return this;
    }

    /**
     * The interval between two requests (required).
     *
     * @param interval the interval
     * @return this builder
     */
    public Builder interval(Duration interval) {
      this.interval = interval;
      return this;
    }

    /**
     * The group's {@code request-rate}; default none.
     *
     * @param requestRate the rate, or null
     * @return this builder
     */
    public Builder requestRate(RequestRate requestRate) {
      this.requestRate = requestRate;
      return this;
    }

    /**
     * The group's {@code visit-time} window (UTC); default none.
     *
     * @param window the window, or null
     * @return this builder
     */
    public Builder window(VisitTime window) {
      this.window = window;
      return this;
    }

    /**
     * Until when a {@code Retry-After} holds the origin; default none.
     *
     * @param retryAfterUntil the instant, or null
     * @return this builder
     */
    public Builder retryAfterUntil(Instant retryAfterUntil) {
      this.retryAfterUntil = retryAfterUntil;
      return this;
    }

    /**
     * Whether every URL of the origin is disallowed for now; default false.
     *
     * @param disallowAll true when every URL is disallowed
     * @return this builder
     */
    public Builder disallowAll(boolean disallowAll) {
      this.disallowAll = disallowAll;
      return this;
    }

    /**
     * Until when the disallow-all holds; default none.
     *
     * @param disallowedUntil the instant, or null
     * @return this builder
     */
    public Builder disallowedUntil(Instant disallowedUntil) {
      this.disallowedUntil = disallowedUntil;
      return this;
    }

    /**
     * The value.
     *
     * @return a new value
     * @throws NullPointerException if the origin or the interval is null
     */
    public QueuePacing build() {
      return new QueuePacing(this);
    }
  }
}
