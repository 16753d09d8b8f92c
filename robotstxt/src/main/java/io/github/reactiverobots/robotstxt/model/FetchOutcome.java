package io.github.reactiverobots.robotstxt.model;

/**
 * How the rules for an origin were obtained, as SEMANTICS.md §6 classifies a fetch of {@code
 * /robots.txt}.
 */
public enum FetchOutcome {
  /** A 2xx response: its body is the rules. */
  OK(false),
  /** A 304 on a conditional refresh: the copy held is kept. */
  NOT_MODIFIED(false),
  /** A 4xx other than 429, or a final 3xx (a 304 to an unconditional request too): allow all. */
  UNAVAILABLE(false),
  /** 429, 5xx, a status below 200 or a network failure: disallow all, or the last good copy. */
  UNREACHABLE(true),
  /** More than the allowed redirects, or a loop: allow all. */
  TOO_MANY_REDIRECTS(false),
  /** The fetcher's address policy refused the origin's address: treated as unreachable. */
  REFUSED(true),
  /** Put into the cache by {@code RobotsCache.put}, not fetched. */
  PRELOADED(false),
  /**
   * The crawler's own side failed ({@code FailureKind.CRAWLER_FAULT}): not an outcome of the
   * origin, never kept; the check is disallowed with {@code Reason.CRAWLER_FAULT}.
   */
  CRAWLER_FAULT(false);

  private final boolean failure;

  FetchOutcome(boolean failure) {
    this.failure = failure;
  }

  /**
   * Whether this outcome means robots.txt could not be obtained (retry with backoff).
   *
   * @return true for {@link #UNREACHABLE} and {@link #REFUSED}
   */
  public boolean isFailure() {
    return failure;
  }
}
