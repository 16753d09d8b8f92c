package io.github.reactiverobots.core.pacing;

import io.github.reactiverobots.core.model.VisitTime;
import io.github.reactiverobots.core.url.Origin;
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
   * What a pacer asks for when it reserves an origin's slot. Immutable.
   *
   * @param holder who will hold the slot: unique per released item across the fleet
   * @param interval the interval the pacer applies to the origin (its local rules), positive or
   *     zero
   * @param window the origin's {@code visit-time} window (UTC), or null for none
   * @param concurrency slots the origin may have held at once, at least 1
   * @param lease how long a slot is held at most without {@link #finish}, positive
   */
  record Request(
      String holder, Duration interval, VisitTime window, int concurrency, Duration lease) {
    /**
     * Validates the request.
     *
     * @param holder who will hold the slot
     * @param interval the interval the pacer applies to the origin
     * @param window the origin's {@code visit-time} window, or null
     * @param concurrency slots the origin may have held at once
     * @param lease how long a slot is held at most without {@link #finish}
     * @throws IllegalArgumentException if {@code concurrency} is below 1, the interval is negative
     *     or the lease is not positive
     */
    public Request {
      Objects.requireNonNull(holder, "holder");
      Objects.requireNonNull(interval, "interval");
      Objects.requireNonNull(lease, "lease");
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
