package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import reactor.core.Disposable;

/**
 * One origin's state in a pacing run: its items waiting for a robots.txt lookup, its allowed items
 * waiting for release, its releases in flight, and the timers ("gates") that keep it from
 * releasing. Not thread-safe: only its run's drain loop touches it.
 */
final class OriginQueue<T> {
  /** An item as it arrived, with its URL split. */
  record Arrival<T>(T item, String url, SplitUrl split, long arrivedNanos) {}

  /** An allowed item waiting for release. */
  record Waiting<T>(Arrival<T> arrival, Verdict verdict) {}

  final Origin origin;
  final ArrayDeque<Arrival<T>> unchecked = new ArrayDeque<>(4);
  final ArrayDeque<Waiting<T>> allowed = new ArrayDeque<>(4);

  /** Items of this origin waiting in the run's parked list because this queue was full. */
  int parked;

  /** The robots.txt lookup in flight, or null. */
  Disposable lookup;

  final List<Paced<T>> inFlight = new ArrayList<>(1);

  /** Timers running that keep the origin from releasing: spacing, backoff, visit-time. */
  final List<Disposable> gates = new ArrayList<>(2);

  boolean inReadyQueue;

  /** The shared-spacing reservation in flight, or null. */
  Disposable reservation;

  /** The pacing records last seen, and what they mean; null before the first lookup. */
  Pacing pacing;

  Spacing spacing;

  /** 429s, 503s and failures reported in a row. */
  int slowdowns;

  OriginQueue(Origin origin) {
    this.origin = origin;
  }

  /** Items held for this origin: waiting for a lookup or for release. */
  int size() {
    return unchecked.size() + allowed.size();
  }

  /** Whether the origin could release now but for its visit-time window and demand. */
  boolean releasable(int concurrency) {
    return gates.isEmpty()
        && reservation == null
        && inFlight.size() < concurrency
        && !allowed.isEmpty();
  }

  /** Whether nothing refers to this origin's state any more, so it can be forgotten. */
  boolean idle() {
    return unchecked.isEmpty()
        && allowed.isEmpty()
        && parked == 0
        && lookup == null
        && inFlight.isEmpty()
        && gates.isEmpty()
        && !inReadyQueue
        && reservation == null;
  }

  /**
   * The pause after the latest of {@link #slowdowns} in a row: {@code initial} (or the interval, if
   * longer) doubled per slow-down before it, at most {@code max}.
   */
  long backoffNanos(long initial, long max) {
    long base = Math.max(initial, spacing.intervalNanos());
    int doublings = Math.min(slowdowns - 1, 62);
    return base > (max >> doublings) ? max : Math.min(max, base << doublings);
  }

  /** Cancels the lookup and every timer of this origin. */
  void dispose() {
    if (lookup != null) {
      lookup.dispose();
    }
    gates.forEach(Disposable::dispose);
    if (reservation != null) {
      reservation.dispose();
    }
    inFlight.forEach(p -> p.lease.dispose());
  }
}
