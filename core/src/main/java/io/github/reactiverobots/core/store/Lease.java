package io.github.reactiverobots.core.store;

import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Objects;

/**
 * The answer to {@link RobotsStore#acquire}: an origin's fetch lease, granted to the caller (with
 * the token that proves it) or held by another worker (with the time it has left). Immutable.
 *
 * @param origin the origin the lease is for
 * @param token the holder's token when granted, or null when another worker holds the lease
 * @param remaining for a lease held elsewhere, how long it has left (zero when unknown)
 */
public record Lease(Origin origin, String token, Duration remaining) {
  /**
   * Checks the parts.
   *
   * @param origin the origin the lease is for
   * @param token the holder's token, or null
   * @param remaining the time left of a lease held elsewhere
   * @throws NullPointerException if {@code origin} or {@code remaining} is null
   * @throws IllegalArgumentException if {@code remaining} is negative
   */
  public Lease {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(remaining, "remaining");
    if (remaining.isNegative()) {
      throw new IllegalArgumentException("remaining must not be negative, was " + remaining);
    }
  }

  /**
   * A lease granted to the caller.
   *
   * @param origin the origin
   * @param token the token that proves the caller holds it
   * @return the lease
   */
  public static Lease granted(Origin origin, String token) {
    return new Lease(origin, Objects.requireNonNull(token, "token"), Duration.ZERO);
  }

  /**
   * A lease another worker holds.
   *
   * @param origin the origin
   * @param remaining how long it has left, zero when unknown
   * @return the lease
   */
  public static Lease heldElsewhere(Origin origin, Duration remaining) {
    return new Lease(origin, null, remaining);
  }

  /**
   * Whether the caller holds the lease (and so should fetch).
   *
   * @return true when granted to the caller
   */
  public boolean granted() {
    return token != null;
  }
}
