package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * Spacing shared by the pacers of a fleet (SEMANTICS.md §10): one ledger per origin, somewhere
 * every worker reaches (Redis: {@code RedisSharedSpacing} in the redis module), that grants the
 * origin's next slot to one worker at a time. A {@link Pacer} built with {@link
 * PacerBuilder#sharedSpacing} asks for a slot before each release, after its own local rules let
 * the origin go, and tells the ledger when the fetch ended; so the fleet as a whole spaces an
 * origin's requests as one pacer would.
 *
 * <p>The ledger's contract, per origin:
 *
 * <ul>
 *   <li>{@link #reserve} grants (answers zero) only when the origin's {@code visit-time} window is
 *       open by the ledger's clock, fewer than {@link Request#concurrency} grants are held, and its
 *       clock has reached the origin's next slot; a grant holds one slot for {@link Request#holder}
 *       until {@link #finish} or until {@link Request#lease} runs out, and moves the next slot to
 *       at least now plus {@link Request#interval}. Otherwise it answers how long to wait before
 *       asking again (positive).
 *   <li>{@link #finish} gives the holder's slot back and moves the next slot to at least now plus
 *       the pause: the latest and longest of the intervals and {@code Retry-After}s the workers
 *       reported wins.
 *   <li>A ledger forgets an origin once nothing it recorded constrains it any more.
 * </ul>
 *
 * <p>Calls must not block; a call that fails, answers nothing or answers late (after the pacer's
 * {@linkplain PacerBuilder#sharedSpacingWait wait}) makes the pacer fall back to its local rules
 * for that release and report it ({@link PacerListener#onSharedSpacingFallback}). Implementations
 * must be thread-safe.
 */
public interface SharedSpacing {

  /**
   * What a pacer asks for when it reserves an origin's slot, built with named settings ({@link
   * #builder()}) so that the interval and the lease cannot be swapped by position. Immutable and
   * thread-safe.
   */
  final class Request {
    private final String holder;
    private final Duration interval;
    private final VisitTime window;
    private final int concurrency;
    private final Duration lease;

    private Request(Builder b) {
      holder = Objects.requireNonNull(b.holder, "holder");
      interval = Objects.requireNonNull(b.interval, "interval");
      lease = Objects.requireNonNull(b.lease, "lease");
      window = b.window;
      concurrency = b.concurrency;
      if (concurrency < 1 || interval.isNegative() || lease.isZero() || lease.isNegative()) {
        throw new IllegalArgumentException(
            "invalid shared spacing request "
                + holder
                + ", "
                + interval
                + ", "
                + concurrency
                + ", "
                + lease);
      }
    }

    /**
     * A builder with no holder, interval or lease set, no window and a concurrency of 1.
     *
     * @return a new builder
     */
    public static Builder builder() {
      return new Builder();
    }

    /**
     * Who will hold the slot: unique per released item across the fleet.
     *
     * @return the holder
     */
    public String holder() {
      return holder;
    }

    /**
     * The interval the pacer applies to the origin (its local rules).
     *
     * @return the interval, positive or zero
     */
    public Duration interval() {
      return interval;
    }

    /**
     * The origin's {@code visit-time} window (UTC).
     *
     * @return the window, or null for none
     */
    public VisitTime window() {
      return window;
    }

    /**
     * Slots the origin may have held at once.
     *
     * @return at least 1
     */
    public int concurrency() {
      return concurrency;
    }

    /**
     * How long a slot is held at most without {@link SharedSpacing#finish}.
     *
     * @return the lease, positive
     */
    public Duration lease() {
      return lease;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Request r
          && concurrency == r.concurrency
          && holder.equals(r.holder)
          && interval.equals(r.interval)
          && Objects.equals(window, r.window)
          && lease.equals(r.lease);
    }

    @Override
    public int hashCode() {
      return Objects.hash(holder, interval, window, concurrency, lease);
    }

    @Override
    public String toString() {
      return "Request[holder="
          + holder
          + ", interval="
          + interval
          + ", window="
          + window
          + ", concurrency="
          + concurrency
          + ", lease="
          + lease
          + "]";
    }

    /** Named settings for a {@link Request}; {@link #build()} validates them. Not thread-safe. */
    public static final class Builder {
      private String holder;
      private Duration interval;
      private VisitTime window;
      private int concurrency = 1;
      private Duration lease;

      private Builder() {}

      /**
       * Who will hold the slot (required): unique per released item across the fleet.
       *
       * @param holder the holder
       * @return this builder
       */
      public Builder holder(String holder) {
        this.holder = holder;
        return this;
      }

      /**
       * The interval the pacer applies to the origin (required).
       *
       * @param interval positive or zero
       * @return this builder
       */
      public Builder interval(Duration interval) {
        this.interval = interval;
        return this;
      }

      /**
       * The origin's {@code visit-time} window (UTC); default none.
       *
       * @param window the window, or null
       * @return this builder
       */
      public Builder window(VisitTime window) {
        this.window = window;
        return this;
      }

      /**
       * Slots the origin may have held at once; default 1.
       *
       * @param concurrency at least 1
       * @return this builder
       */
      public Builder concurrency(int concurrency) {
        this.concurrency = concurrency;
        return this;
      }

      /**
       * How long a slot is held at most without {@link SharedSpacing#finish} (required).
       *
       * @param lease positive
       * @return this builder
       */
      public Builder lease(Duration lease) {
        this.lease = lease;
        return this;
      }

      /**
       * The request.
       *
       * @return a new request
       * @throws NullPointerException if the holder, interval or lease is null
       * @throws IllegalArgumentException if {@code concurrency} is below 1, the interval is
       *     negative or the lease is not positive
       */
      public Request build() {
        return new Request(this);
      }
    }
  }

  /**
   * Asks for {@code origin}'s next slot.
   *
   * @param origin the origin
   * @param request who asks, and the origin's rules as the asking pacer applies them
   * @return zero when the slot is granted to {@code request.holder()}; otherwise how long to wait
   *     before asking again, positive
   */
  Mono<Duration> reserve(Origin origin, Request request);

  /**
   * The fetch made under {@code holder}'s slot ended: gives the slot back (if still held) and keeps
   * the origin's next slot at least {@code pause} from now.
   *
   * @param origin the origin
   * @param holder the holder the slot was granted to (or asked for, when the pacer fell back)
   * @param pause the interval, or the {@code Retry-After} or backoff pause after a slow-down
   * @return completes when recorded
   */
  Mono<Void> finish(Origin origin, String holder, Duration pause);
}
