package io.github.reactiverobots.robotstxt.model;

/** Why a {@link Verdict} came out as it did. */
public enum Reason {
  /** The longest matching rule was an {@code allow}. */
  MATCHED_ALLOW(false),
  /** The longest matching rule was a {@code disallow}. */
  MATCHED_DISALLOW(false),
  /** The agent's group had no rule matching the path: allowed. */
  NO_MATCHING_RULE(false),
  /** No group applies to the agent (no named group and no {@code *} group): allowed. */
  NO_GROUP_FOR_AGENT(false),
  /** The path is {@code /robots.txt} itself, always allowed under RFC 9309. */
  ROBOTS_TXT_ITSELF(false),
  /** robots.txt was unavailable (4xx, or too many redirects): allow all. */
  ROBOTS_UNAVAILABLE(true),
  /** robots.txt was unreachable (429, 5xx, network failure) with no good copy: disallow all. */
  ROBOTS_UNREACHABLE(true),
  /** robots.txt has been unreachable for the whole give-up window with no good copy: allow all. */
  ROBOTS_UNREACHABLE_GAVE_UP(true),
  /**
   * robots.txt could not be fetched because of the crawler's own side (no descriptor, a full queue,
   * the fetcher closing), not the origin's: disallow for now; nothing is kept, so the next check
   * fetches again.
   */
  CRAWLER_FAULT(true);

  private final boolean blanket;

  Reason(boolean blanket) {
    this.blanket = blanket;
  }

  /**
   * Whether this reason answers every path alike because robots.txt could not be used.
   *
   * @return true for the {@code ROBOTS_*} reasons but {@link #ROBOTS_TXT_ITSELF}
   */
  public boolean isBlanket() {
    return blanket;
  }
}
