package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The entries just fetched for a caller, held apart from the main cache during their minimum
 * residency (SEMANTICS.md §6), within a share of the weight bound. When the share is full, the
 * least recently touched pins (by arrival or by a check's read) leave early, never the pin whose
 * arrival caused the call: a crawl in progress reads its entry, so it loses its pin early only if
 * the share turned over (other pins arrived or were read) since it last read it, and a site whose
 * crawl has just begun is the most recent of all.
 *
 * <p>A pin touched within the last {@code graceNanos} does not leave early while the pinned weight
 * is within its {@code cap} (above the share): the share of a busy cache turns over in a fraction
 * of a second, less than a crawler's thread may wait for a core or for the callers queued before
 * it, and a crawl that has not read its entry for that long is not over. The main cache gives up
 * the room (see {@link CachedEntries}).
 *
 * <p>Before, a second-chance (CLOCK) hand chose: a new pin was passed over once, a pin read since
 * the hand last passed it went to the back, and when a pass freed too little pins left in arrival
 * order. With fetches of short crawls arriving fast the hand went round the share in a few
 * arrivals, far sooner than the share turned over, and took a crawl still reading its pages (on a
 * loaded machine, one whose thread was held back); the main cache, full of entries used more often,
 * evicted it at admission before its next page: a refetch while crawled.
 *
 * <p>Reads ({@link #get}) are lock-free; every other method must be called while holding the
 * store's write lock.
 */
public final class PinnedEntries {
  /**
   * An entry pinned at {@code since} (ticker nanos), its charged weight, when it was last touched.
   */
  static final class Pin {
    final Origin origin;
    final Entry entry;
    final long since;
    final int charge;

    /** The logical time of its arrival or latest read: the least recent leaves first. */
    private volatile long touched;

    /** The ticker's time of its arrival or latest read. */
    private volatile long touchedAt;

    /** Left the pinned set while still queued (replaced, invalidated, or matured out of turn). */
    private boolean gone;

    private Pin(Origin origin, Entry entry, long since, int charge) {
      this.origin = origin;
      this.entry = entry;
      this.since = since;
      this.charge = charge;
    }
  }

  private final ConcurrentHashMap<Origin, Pin> byOrigin = new ConcurrentHashMap<>();
  private final ArrayDeque<Pin> queue = new ArrayDeque<>();
  private final AtomicLong clock = new AtomicLong();
  private final long budget;
  private final long cap;
  private final long residencyNanos;
  private final long graceNanos;
  private long weight;

  /**
   * @param budget the share of the weight bound pins take
   * @param cap the weight pins touched within the grace may take beyond the share, at least it
   * @param residencyNanos the minimum residency
   * @param graceNanos how long a touched pin is kept beyond the share
   */
  PinnedEntries(long budget, long cap, long residencyNanos, long graceNanos) {
    this.budget = budget;
    this.cap = Math.max(budget, cap);
    this.residencyNanos = residencyNanos;
    this.graceNanos = graceNanos;
  }

  /** Whether an entry of {@code charge} may be pinned at all. */
  boolean accepts(int charge) {
    // An entry heavier than the whole share could not stay pinned, and would first push every
    // other pin out: it goes to the main cache at once.
    return residencyNanos > 0 && charge <= budget;
  }

  /** The pinned entry of {@code origin}, or null; a read at {@code now} that touches the pin. */
  Entry get(Origin origin, long now) {
    Pin p = byOrigin.get(origin);
    if (p == null) {
      return null;
    }
    p.touched = clock.incrementAndGet();
    p.touchedAt = now;
    return p.entry;
  }

  /** The pin of {@code origin}, or null. */
  Pin pinOf(Origin origin) {
    return byOrigin.get(origin);
  }

  /** Pins {@code entry}, replacing any pin of the origin (see {@link #remove}); returns it. */
  Pin add(Origin origin, Entry entry, long now, int charge) {
    Pin pin = new Pin(origin, entry, now, charge);
    pin.touched = clock.incrementAndGet();
    pin.touchedAt = now;
    Pin old = byOrigin.put(origin, pin);
    if (old != null) {
      forget(old);
    }
    weight += charge;
    queue.add(pin);
    return pin;
  }

  /** Unpins {@code origin}'s entry; returns its pin, or null. */
  Pin remove(Origin origin) {
    Pin old = byOrigin.remove(origin);
    if (old != null) {
      forget(old);
    }
    return old;
  }

  /** Unpins everything; returns what was pinned. */
  List<Pin> clear() {
    List<Pin> all = new ArrayList<>(byOrigin.values());
    byOrigin.clear();
    queue.clear();
    weight = 0;
    return all;
  }

  private void forget(Pin old) {
    if (!old.gone) {
      old.gone = true;
      weight -= old.charge;
    }
  }

  /**
   * The pins that leave now, taken off the queue (each still answers {@link #get} until {@link
   * #release}d, so that no read finds the origin nowhere while it moves): those whose residency is
   * over, and while the pinned weight is over the share, the least recently touched (see the class
   * comment) among those not touched within the grace, or among all while the weight is over the
   * cap; never {@code arrived}.
   *
   * @param arrived the pin whose arrival caused this call, or null
   */
  List<Pin> leaving(long now, Pin arrived) {
    List<Pin> out = new ArrayList<>(0);
    while (!queue.isEmpty()) {
      Pin p = queue.peek();
      if (!p.gone && now - p.since < residencyNanos) {
        break;
      }
      queue.poll();
      leave(p, out);
    }
    if (weight > budget) {
      // The least recently read (or arrived) leave first: a crawl in progress reads its entry,
      // so it leaves only once the share turned over since its last read (SEMANTICS.md §6).
      queue.removeIf(p -> p.gone);
      if (weight <= cap && !anyIdle(now, arrived)) {
        return out;
      }
      // Sorted on a snapshot: lock-free reads move {@code touched} meanwhile, which would break
      // the sort's contract (IllegalArgumentException) if it compared the live values.
      List<Touch> byTouch = new ArrayList<>(queue.size());
      for (Pin p : queue) {
        byTouch.add(new Touch(p.touched, p));
      }
      byTouch.sort(Comparator.comparingLong(Touch::at));
      for (Touch t : byTouch) {
        Pin p = t.pin();
        if (weight <= budget) {
          break;
        }
        if (p != arrived && (weight > cap || idle(p, now))) {
          leave(p, out);
        }
      }
    }
    return out;
  }

  private boolean idle(Pin p, long now) {
    return now - p.touchedAt >= graceNanos;
  }

  private boolean anyIdle(long now, Pin arrived) {
    for (Pin p : queue) {
      if (p != arrived && idle(p, now)) {
        return true;
      }
    }
    return false;
  }

  /** The charged weight of the pins. */
  long weight() {
    return weight;
  }

  /** The share of the weight bound the pins take when none is kept by the grace. */
  long budget() {
    return budget;
  }

  private record Touch(long at, Pin pin) {}

  /** A pin leaves out of its turn or at it; a queued one is skipped once it comes up. */
  private void leave(Pin p, List<Pin> out) {
    if (!p.gone) {
      p.gone = true;
      weight -= p.charge;
      out.add(p);
    }
  }

  /** Drops a pin that {@link #leaving} returned, once its entry is in the main cache. */
  void release(Pin p) {
    byOrigin.remove(p.origin, p);
  }

  /** The number of entries pinned. */
  int size() {
    return byOrigin.size();
  }
}
