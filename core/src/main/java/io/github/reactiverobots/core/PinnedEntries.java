package io.github.reactiverobots.core;

import io.github.reactiverobots.core.url.Origin;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The entries just fetched for a caller, held apart from the main cache during their minimum
 * residency (SEMANTICS.md §6), within a share of the weight bound. Which ones leave early when
 * the share is full is a second-chance (CLOCK) choice in arrival order: a pin read since the hand
 * last passed it has its bit cleared and goes to the back; one not read since leaves. A new pin
 * is passed over the first time the hand meets it, read or not, since the check that caused its
 * fetch is about to read it: a site whose crawl has just begun is never taken for one whose
 * crawl is over. (Before, a new pin counted as not read, so when every older pin had been read
 * since the hand's last pass, the hand took the newest, the very site whose crawl had just begun,
 * and the main cache evicted it before its second page: about one simulator run in three.)
 *
 * <p>When one pass frees too little (a large entry arrived, or every pin was read since the hand
 * last passed it), the least recently read (or arrived) pins leave, never the pin whose arrival
 * caused the call. (Before, they left in arrival order: a crawl begun first and still reading its
 * pages lost its pin to crawls begun after it and already over, and the main cache's admission
 * evicted it before its next page.) So a crawl in progress loses its pin early only if the
 * share turned over, by arrivals and reads of other pins, since its entry was last read.
 *
 * <p>Reads ({@link #get}) are lock-free; every other method must be called while holding the
 * store's write lock.
 */
final class PinnedEntries {
  /**
   * An entry pinned at {@code since} (ticker nanos), its charged weight, whether a check read it
   * since the hand last passed it (CLOCK's reference bit), and how many checks read it.
   */
  static final class Pin {
    final Origin origin;
    final Entry entry;
    final long since;
    final int charge;
    private volatile boolean used;
    private volatile int reads;
    /** The pins' logical time of its arrival or latest read: least recent leaves first. */
    private volatile long touched;
    /** Whether the hand has met it; guarded by the lock. */
    private boolean passed;
    /** Left the pinned set while still queued (replaced, invalidated, or matured out of turn). */
    private boolean gone;

    private Pin(Origin origin, Entry entry, long since, int charge) {
      this.origin = origin;
      this.entry = entry;
      this.since = since;
      this.charge = charge;
    }

    /** Checks that read the entry while pinned (racy increments: a count, not an invariant). */
    int reads() {
      return reads;
    }
  }

  private final ConcurrentHashMap<Origin, Pin> byOrigin = new ConcurrentHashMap<>();
  private final ArrayDeque<Pin> queue = new ArrayDeque<>();
  private final AtomicLong clock = new AtomicLong();
  private final long budget;
  private final long residencyNanos;
  private long weight;

  PinnedEntries(long budget, long residencyNanos) {
    this.budget = budget;
    this.residencyNanos = residencyNanos;
  }

  /** Whether an entry of {@code charge} may be pinned at all. */
  boolean accepts(int charge) {
    // An entry heavier than the whole share could not stay pinned, and would first push every
    // other pin out: it goes to the main cache at once.
    return residencyNanos > 0 && charge <= budget;
  }

  /** The pinned entry of {@code origin}, or null; a read that sets the pin's reference bit. */
  Entry get(Origin origin) {
    Pin p = byOrigin.get(origin);
    if (p == null) {
      return null;
    }
    if (!p.used) {
      p.used = true;
    }
    p.reads++;
    p.touched = clock.incrementAndGet();
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
   * #release}d, so that no read finds the origin nowhere while it moves): those whose residency
   * is over, and while the pinned weight is over the share, those the hand chooses (see the class
   * comment), never {@code arrived}.
   *
   * @param arrived the pin whose arrival caused this call, or null
   */
  List<Pin> leaving(long now, Pin arrived) {
    List<Pin> out = new ArrayList<>(0);
    int turns = queue.size();
    while (!queue.isEmpty()) {
      Pin p = queue.peek();
      if (p.gone) {
        queue.poll();
        continue;
      }
      boolean due = now - p.since >= residencyNanos;
      if (!due && (weight <= budget || turns-- <= 0)) {
        break;
      }
      queue.poll();
      if (!due && (p.used || !p.passed || p == arrived)) {
        if (p != arrived) {
          p.used = false;
          p.passed = true;
        }
        queue.add(p);
        continue;
      }
      leave(p, out);
    }
    // One pass freed too little: every pin was read since the hand last passed it, or is new.
    // The least recently read leave first, not the oldest: the oldest may be a crawl still
    // reading its pages while the pins read since are of crawls already over.
    if (weight > budget) {
      List<Pin> byTouch = new ArrayList<>(queue);
      byTouch.sort(Comparator.comparingLong(p -> p.touched));
      for (Pin p : byTouch) {
        if (weight <= budget) {
          break;
        }
        if (p != arrived) {
          leave(p, out);
        }
      }
    }
    return out;
  }

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
