package io.github.reactiverobots.robotstxt.usage;

/**
 * A stated preference about one category of use (draft-ietf-aipref-vocab §3, §5): allowed,
 * disallowed, or unknown when nothing was stated (or what was stated could not be read).
 */
public enum Preference {
  /** The use is allowed. */
  ALLOW,
  /** The use is disallowed. */
  DISALLOW,
  /** Nothing was stated about the use. */
  UNKNOWN;

  /**
   * The most restrictive of this and {@code other} (draft-ietf-aipref-vocab §5.1): any {@link
   * #DISALLOW} wins, then any {@link #ALLOW}, else {@link #UNKNOWN}.
   *
   * @param other another statement about the same use
   * @return the combined preference
   */
  public Preference mostRestrictive(Preference other) {
    if (this == DISALLOW || other == DISALLOW) {
      return DISALLOW;
    }
    return this == ALLOW || other == ALLOW ? ALLOW : UNKNOWN;
  }
}
