package io.github.reactiverobots.core.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The completed entries: those just fetched for a caller, pinned apart for their minimum residency
 * ({@link PinnedEntries}), and the rest in a Caffeine cache bounded by weight (and optionally by
 * count) and expiring each entry at its own retention time on the injected ticker. Only completed
 * entries live here; fetches in flight are tracked elsewhere, so eviction never touches their
 * waiters.
 *
 * <p>What was just fetched stays, and a scan does not flush what is used again and again
 * (SEMANTICS.md §6). A site a crawler has just started has been used once: admitted by frequency at
 * once, it would be evicted before its next page and fetched again, 2 to 5 fetches per new site. So
 * an entry fetched for a caller is pinned, outside Caffeine, within a share of the weight bound
 * (Caffeine gets the rest), until its residency is over or the share is full and it is the least
 * recently read pin. Then it enters Caffeine as a new entry, and Caffeine's W-TinyLFU admits it
 * only if its frequency beats the entry it would evict; the checks it served while pinned count
 * (each is added to Caffeine's frequency sketch as a read on entry), so a site crawled several
 * pages stays and a one-shot origin goes, leaving the hot set in place. Entering as a new entry is
 * what makes this an admission test: before, pins lived in Caffeine weighing nothing and were
 * re-weighed in place, which Caffeine treats as a use of an entry it already holds: it promoted
 * every matured one-shot origin to its protected segment and evicted the least recent entries of
 * its probation segment, without comparing frequencies, to make room. A scan of one-shot origins
 * then flushed the hot set.
 *
 * <p>A pin that leaves when the main cache is full first passes an admission of its own, by its
 * origin's uses over the long memory of {@link UseHistory} plus the checks its entry served:
 * Caffeine's sketch forgets within ten times its size and saturates at 15, and a one-shot origin
 * that served a five-page visit looked to it as used as an origin asked on every other visit, and
 * displaced it. The pin displaces the entries least used per byte among the coldest, as many as its
 * weight needs, if it was asked more often per byte than each of them ({@link Displacement}); when
 * those cannot make the room, it enters only if asked more often than the entry Caffeine would
 * evict first.
 *
 * <p>An origin already held in Caffeine when it is fetched again (a refresh, a retry) is replaced
 * in place: it keeps its place and its frequency.
 *
 * <p>A pin read within a grace of two seconds does not leave early, even when the share turns over
 * faster (see {@link PinnedEntries}): the pins may then take up to twice their share, and
 * Caffeine's bound shrinks by what they take beyond it (in steps of an eighth of the share, since
 * each change of the bound restarts Caffeine's tuning of its window), so that the two together stay
 * within the weight bound.
 *
 * <p>Both bounds at once: Caffeine bounds either weight or count, so when a maximum number of
 * origins is set each entry is charged at least {@code maximumWeight / maximumOrigins}; then the
 * charged total stays within the weight bound, which keeps both the true weight and the count
 * within theirs (at the price of sometimes holding fewer entries than either bound alone would
 * allow).
 *
 * <p>Maintenance runs on the calling thread (no background executor): it is short, never blocks,
 * and keeps eviction deterministic under a fake ticker. Writes are serialised by one lock (one
 * write per fetch); reads take no lock. Thread-safe.
 */
public final class CachedEntries {
  /** Reads a matured pin may add to Caffeine's frequency sketch (its counters stop at 15). */
  private static final int MAX_READS_CARRIED = 15;

  /** How long a pin read (or arrived) is kept beyond the share, up to the cap (SEMANTICS.md §6). */
  public static final long GRACE_NANOS = 2_000_000_000L;

  /** Sizes the use history when no maximum number of origins is set. */
  private static final long TYPICAL_ENTRY_BYTES = 4096;

  /** The main cache's bound moves in steps of this part of the share, not with every pin. */
  private static final int STEPS_PER_SHARE = 8;

  private final Cache<Origin, Entry> cache;
  private final LongAdder weight = new LongAdder();
  private final TimeSource time;
  private final Events events;
  private final Object writes = new Object();

  /** Guarded by {@code writes}, but for its lock-free reads. */
  private final PinnedEntries pinned;

  private final UseHistory history;

  /** Guarded by {@code writes}. */
  private final Displacement displacement;

  /**
   * The origin this cache is evicting to admit a pin, reported as evicted for size; written and
   * read by the writer (the listener runs on the thread that removes).
   */
  private Origin displacing;

  private final int minimumCharge;
  private final long maximumWeight;

  CachedEntries(CacheSettings settings, TimeSource time, Events events) {
    this.time = time;
    this.events = events;
    this.maximumWeight = settings.maximumWeight();
    long pinnedBudget = (long) (maximumWeight * settings.residencyShare());
    // The grace may take the pins to twice their share, never past half the bound.
    long cap = Math.min(2 * pinnedBudget, Math.max(pinnedBudget, maximumWeight / 2));
    this.pinned =
        new PinnedEntries(
            pinnedBudget, cap, TimeSource.saturatedNanos(settings.minimumResidency()), GRACE_NANOS);
    long maximumOrigins = settings.maximumOrigins();
    this.history =
        new UseHistory(maximumOrigins > 0 ? maximumOrigins : maximumWeight / TYPICAL_ENTRY_BYTES);
    long floor = maximumOrigins > 0 ? ceilDiv(settings.maximumWeight(), maximumOrigins) : 0;
    this.minimumCharge = (int) Math.min(Integer.MAX_VALUE, floor);
    this.cache =
        Caffeine.newBuilder()
            .ticker(time::nanos)
            .executor(Runnable::run)
            .maximumWeight(mainBound())
            .<Origin, Entry>weigher((origin, entry) -> charge(entry.weight(origin)))
            .expireAfter(new Retention())
            .removalListener(
                (Origin origin, Entry entry, RemovalCause cause) -> {
                  if (entry != null) {
                    removed(origin, entry, cause(cause));
                  }
                })
            .build();
    this.displacement = new Displacement(cache.policy(), this::uses, GRACE_NANOS);
  }

  /** What an entry of {@code weight} is charged against the bound. */
  private int charge(int weight) {
    return Math.max(weight, minimumCharge);
  }

  private void removed(Origin origin, Entry entry, EvictionCause cause) {
    if (cause == EvictionCause.EXPLICIT && origin.equals(displacing)) {
      cause = EvictionCause.SIZE;
    }
    history.add(origin, entry.uses());
    int w = entry.weight(origin);
    weight.add(-w);
    events.eviction(origin, cause, w);
  }

  /** The entry held for {@code origin}, or null; the caller uses it. */
  Entry get(Origin origin) {
    return get(origin, time.nanos());
  }

  /**
   * The entry held for {@code origin} at {@code now}, the ticker's time, or null; the caller uses
   * it.
   */
  Entry get(Origin origin, long now) {
    // The pins first: a crawl checks the sites it is crawling, which are pinned, and the pinned
    // map is small enough to stay in the processor's cache; an origin is held in one place only.
    Entry e = pinned.get(origin, now);
    if (e == null) {
      e = cache.getIfPresent(origin);
    } else if (now - e.retainUntil() >= 0) {
      // Caffeine drops an entry past its retention on read; a pin does the same.
      return null;
    }
    if (e != null) {
      e.used(now);
    }
    return e;
  }

  /**
   * The entry held for {@code origin}, or null, read quietly: no use counted, no pin touched, no
   * access recorded by Caffeine. For a second look by the same check or by a background refresh.
   */
  Entry held(Origin origin) {
    Entry e = cache.policy().getIfPresentQuietly(origin);
    if (e != null) {
      return e;
    }
    PinnedEntries.Pin p = pinned.pinOf(origin);
    return p == null || time.nanos() - p.entry.retainUntil() >= 0 ? null : p.entry;
  }

  /**
   * Counts a use of the origin's entry by a check that did not read it here: one that waited for
   * its fetch and was handed the entry. A waiter may be handed it long after it was stored (the
   * callers before it run first), and its next page reads the entry again.
   */
  void used(Origin origin) {
    get(origin);
  }

  /** Stores {@code entry}, replacing any other; what is put (preloaded) is not pinned. */
  void put(Origin origin, Entry entry) {
    synchronized (writes) {
      weight.add(entry.weight(origin));
      PinnedEntries.Pin old = pinned.remove(origin);
      cache.put(origin, entry);
      if (old != null) {
        removed(origin, old.entry, EvictionCause.REPLACED);
      }
      matureDue(null);
    }
  }

  /**
   * Stores {@code entry}, just fetched for a caller, replacing any other: pinned for the minimum
   * residency unless the origin is already held in the main cache. Call off non-blocking threads:
   * Caffeine may make a writer wait.
   */
  void putFetched(Origin origin, Entry entry) {
    synchronized (writes) {
      entry.touched(time.nanos());
      int w = entry.weight(origin);
      weight.add(w);
      if (!pinned.accepts(charge(w)) || cache.asMap().containsKey(origin)) {
        PinnedEntries.Pin old = pinned.remove(origin);
        cache.put(origin, entry);
        if (old != null) {
          removed(origin, old.entry, EvictionCause.REPLACED);
        }
        matureDue(null);
      } else {
        PinnedEntries.Pin old = pinned.pinOf(origin);
        PinnedEntries.Pin pin = pinned.add(origin, entry, time.nanos(), charge(w));
        if (old != null) {
          removed(origin, old.entry, EvictionCause.REPLACED);
        }
        matureDue(pin);
      }
    }
  }

  /**
   * Moves the pins whose time has come into Caffeine as new entries, each followed by the reads it
   * served while pinned, so that W-TinyLFU weighs it by its use; never {@code arrived} (or null)
   * early. Holding {@code writes}.
   */
  private void matureDue(PinnedEntries.Pin arrived) {
    long now = time.nanos();
    List<PinnedEntries.Pin> leaving = pinned.leaving(now, arrived);
    fitMainToPins();
    for (PinnedEntries.Pin p : leaving) {
      if (!admitted(p, now)) {
        // Reported before the origin is found nowhere: a check that then fetches it again
        // follows the eviction.
        removed(p.origin, p.entry, EvictionCause.SIZE);
        pinned.release(p);
        continue;
      }
      cache.put(p.origin, p.entry);
      pinned.release(p);
      // The checks it served while pinned: its uses but its fetch.
      for (int i = Math.min(p.entry.uses() - 1, MAX_READS_CARRIED); i > 0; i--) {
        cache.getIfPresent(p.origin);
      }
    }
  }

  /**
   * Whether a pin that leaves enters the main cache, having made room for it if it does: when it
   * fits, or when it was asked more often than what it would displace ({@link Displacement}).
   * Caffeine then applies its own admission too.
   */
  private boolean admitted(PinnedEntries.Pin p, long now) {
    Policy.Eviction<Origin, Entry> eviction = cache.policy().eviction().orElseThrow();
    long need = eviction.weightedSize().orElse(0) + p.charge - eviction.getMaximum();
    if (need <= 0) {
      return true;
    }
    long pinUses = uses(p.origin, p.entry);
    Displacement.Choice choice = displacement.choose(need, pinUses, p.charge, now);
    for (Origin victim : choice.victims()) {
      displacing = victim;
      cache.invalidate(victim);
    }
    displacing = null;
    return choice.admit();
  }

  private long uses(Origin origin, Entry entry) {
    return (long) history.estimate(origin) + entry.uses();
  }

  void invalidate(Origin origin) {
    synchronized (writes) {
      PinnedEntries.Pin old = pinned.remove(origin);
      if (old != null) {
        removed(origin, old.entry, EvictionCause.EXPLICIT);
      }
      cache.invalidate(origin);
      fitMainToPins();
    }
  }

  void invalidateAll() {
    synchronized (writes) {
      for (PinnedEntries.Pin p : pinned.clear()) {
        removed(p.origin, p.entry, EvictionCause.EXPLICIT);
      }
      cache.invalidateAll();
      history.clear();
      displacement.clear();
      fitMainToPins();
    }
  }

  /**
   * What the pins leave of the weight bound for the main cache: the bound less the share, or less
   * the pinned weight (rounded up to a step) when the grace keeps pins beyond the share.
   */
  private long mainBound() {
    long share = pinned.budget();
    long over = pinned.weight() - share;
    if (over > 0) {
      long step = Math.max(1, share / STEPS_PER_SHARE);
      share += (over + step - 1) / step * step;
    }
    return Math.max(1, maximumWeight - share);
  }

  /**
   * Moves the main cache's bound so that pins and main cache together stay within the weight bound;
   * Caffeine evicts by its own policy when the bound shrinks. Holding {@code writes}.
   */
  private void fitMainToPins() {
    long bound = mainBound();
    Policy.Eviction<Origin, Entry> eviction = cache.policy().eviction().orElseThrow();
    if (bound != eviction.getMaximum()) {
      eviction.setMaximum(bound);
    }
  }

  /** Runs pending maintenance (evictions, expirations) now. */
  void cleanUp() {
    synchronized (writes) {
      matureDue(null);
    }
    cache.cleanUp();
  }

  /** The approximate number of entries. */
  long size() {
    return cache.estimatedSize() + pinned.size();
  }

  /** The summed weight of the entries held, in bytes (before any minimum charge). */
  long weightBytes() {
    return weight.sum();
  }

  private static EvictionCause cause(RemovalCause cause) {
    return switch (cause) {
      case EXPIRED -> EvictionCause.EXPIRED;
      case EXPLICIT -> EvictionCause.EXPLICIT;
      case REPLACED -> EvictionCause.REPLACED;
      case SIZE, COLLECTED -> EvictionCause.SIZE;
    };
  }

  private static long ceilDiv(long a, long b) {
    return a / b + (a % b == 0 ? 0 : 1);
  }

  private static final class Retention implements Expiry<Origin, Entry> {
    @Override
    public long expireAfterCreate(Origin origin, Entry entry, long currentTime) {
      return remaining(entry, currentTime);
    }

    @Override
    public long expireAfterUpdate(
        Origin origin, Entry entry, long currentTime, long currentDuration) {
      return remaining(entry, currentTime);
    }

    @Override
    public long expireAfterRead(
        Origin origin, Entry entry, long currentTime, long currentDuration) {
      return currentDuration;
    }

    private static long remaining(Entry entry, long currentTime) {
      return Math.max(0, TimeSource.saturatedAdd(entry.retainUntil(), -currentTime));
    }
  }
}
