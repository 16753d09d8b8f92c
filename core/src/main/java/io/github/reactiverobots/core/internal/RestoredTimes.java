package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.store.StoredRobots;

/**
 * The times of a value restored from a shared store, held to this cache's policy whoever wrote them
 * (SEMANTICS.md §6): a time in the future reads as now; the answer is kept at most this cache's
 * longest time to keep after its attempt (its longest backoff for a failure); a copy was confirmed
 * no later than the attempt; and a run of {@code n} failures is counted as lasting at most {@code n
 * - 1} of this cache's stale-copy windows, since the cache forgets a run once a window passes
 * without an attempt (so a single failure began when it happened). Immutable.
 *
 * @param fetchedAt ticker nanos of the latest attempt
 * @param expiresAt ticker nanos until which its answer is kept
 * @param confirmedAt ticker nanos when the copy was last confirmed (meaningless without a copy)
 * @param failingSince ticker nanos when the run of failures began (meaningless without one)
 */
public record RestoredTimes(long fetchedAt, long expiresAt, long confirmedAt, long failingSince) {

  /**
   * The times of {@code value} as this cache counts them.
   *
   * @param value the value read
   * @param time this cache's time source
   * @param now ticker nanos now
   * @param longestKeep this cache's longest time to keep such an answer, in nanos
   * @param staleCopyWindow this cache's stale-copy window, in nanos
   */
  static RestoredTimes of(
      StoredRobots value, TimeSource time, long now, long longestKeep, long staleCopyWindow) {
    long fetchedAt = Math.min(time.nanosAt(value.state().fetchedAt()), now);
    long expiresAt =
        Math.min(
            time.nanosAt(value.state().expiresAt()),
            TimeSource.saturatedAdd(fetchedAt, longestKeep));
    long confirmedAt =
        value.confirmedAt() == null
            ? fetchedAt
            : Math.min(time.nanosAt(value.confirmedAt()), fetchedAt);
    long failingSince = fetchedAt;
    if (value.failingSince() != null) {
      long earliest =
          TimeSource.saturatedAdd(fetchedAt, -longestRun(value.failures(), staleCopyWindow));
      failingSince = Math.max(Math.min(time.nanosAt(value.failingSince()), fetchedAt), earliest);
    }
    return new RestoredTimes(fetchedAt, expiresAt, confirmedAt, failingSince);
  }

  private static long longestRun(int failures, long staleCopyWindow) {
    long gaps = Math.max(0, failures - 1L);
    return gaps == 0
        ? 0
        : gaps > Long.MAX_VALUE / Math.max(1, staleCopyWindow)
            ? Long.MAX_VALUE
            : gaps * staleCopyWindow;
  }

  /**
   * The validators to send on a refresh: each kept only if it could be an HTTP field value (no
   * control character but tab), since a forged one would otherwise go into a request.
   */
  static Conditional validators(Conditional restored) {
    String etag = fieldValue(restored.etag());
    String lastModified = fieldValue(restored.lastModified());
    return etag == restored.etag() && lastModified == restored.lastModified()
        ? restored
        : new Conditional(etag, lastModified);
  }

  private static String fieldValue(String s) {
    if (s == null) {
      return null;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 && c != '\t' || c == 0x7f) {
        return null;
      }
    }
    return s;
  }
}
