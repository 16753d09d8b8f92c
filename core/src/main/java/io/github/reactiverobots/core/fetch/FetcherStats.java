package io.github.reactiverobots.core.fetch;

/**
 * Optionally implemented by a {@link RobotsFetcher} that queues fetches behind a cap, so that the
 * cache (and its metrics) can report how many are running and how many wait. Implementations must
 * be thread-safe and answer without blocking.
 */
public interface FetcherStats {
  /**
   * Fetches running now.
   *
   * @return the number of fetches running
   */
  int activeFetches();

  /**
   * Fetches waiting for a slot under the in-flight cap.
   *
   * @return the number of fetches queued
   */
  int queuedFetches();
}
