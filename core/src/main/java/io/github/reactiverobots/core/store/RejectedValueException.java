package io.github.reactiverobots.core.store;

import io.github.reactiverobots.robotstxt.url.Origin;

/**
 * Signalled by {@link RobotsStore#get} when the bytes stored for an origin are not a value the
 * store can read: written by something else, by an unknown format version, or corrupted. The cache
 * ignores such a value (and counts it), fetches, and overwrites it.
 */
public final class RejectedValueException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A rejection of what is stored for {@code origin}.
   *
   * @param origin the origin whose value was rejected
   * @param why what is wrong with it
   */
  public RejectedValueException(Origin origin, String why) {
    super(
        "the stored robots.txt value for " + origin + " was rejected: " + why, null, false, false);
  }
}
