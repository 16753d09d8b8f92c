package io.github.reactiverobots.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.github.reactiverobots.core.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.url.Origin;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.LongAdder;

/**
 * The completed entries, in a Caffeine cache bounded by weight (and optionally by count) and
 * expiring each entry at its own retention time on the injected ticker. Only completed entries
 * live here; fetches in flight are tracked elsewhere, so eviction never touches their waiters.
 *
 * <p>What was just fetched stays (SEMANTICS.md §6). Caffeine's W-TinyLFU admits a new entry
 * only if it is used more often than the entry it would evict, and a site a crawler has just
 * started has been used once: at capacity it would be evicted at once and fetched again on its
 * next page, 2 to 5 fetches per new site. So an entry fetched for a caller is pinned: it weighs
 * nothing to Caffeine, which never evicts an entry that weighs nothing, for the minimum residency
 * after the fetch. Then it matures: re-weighed at its true weight, it competes like any other,
 * with the frequency its checks gave it while pinned (they went through Caffeine), so a site
 * crawled several times stays and a one-shot origin goes. The pinned entries may take a share of
 * the weight bound (Caffeine gets the rest); past that share some mature early, so a scan of new
 * origins flushes only other new origins, never the hot set. Which ones is a second-chance
 * (CLOCK) choice: the oldest pin matures unless it was used since it was queued, in which case
 * it goes to the back of the queue. A site still being crawled is used page after page and
 * keeps its pin; one whose crawl is over goes first. Plain oldest-first would let one large new
 * entry mature every younger pin at once, those of crawls still in progress included.
 *
 * <p>Both bounds at once: Caffeine bounds either weight or count, so when a maximum number of
 * origins is set each entry is charged at least {@code maximumWeight / maximumOrigins}; then the
 * charged total stays within the weight bound, which keeps both the true weight and the count
 * within theirs (at the price of sometimes holding fewer entries than either bound alone
 * would allow).
 *
 * <p>Maintenance runs on the calling thread (no background executor): it is short, never
 * blocks, and keeps eviction deterministic under a fake ticker. Thread-safe.
 */
final class EntryStore {
  private final Cache<Origin, Entry> cache;
  private final LongAdder weight = new LongAdder();
  private final TimeSource time;
  private final long residencyNanos;
  private final long pinnedBudget;
  /** The pins in queue order; guarded by itself (only fetch results are added). */
  private final ArrayDeque<Pin> pinned = new ArrayDeque<>();
  /** The summed charged weight of the pinned entries; guarded by {@code pinned}. */
  private long pinnedWeight;
  private final int minimumCharge;

  /**
   * An entry pinned at {@code since} (ticker nanos), the weight it is charged once mature, and
   * whether a check used it since it was queued (CLOCK's reference bit).
   */
  static final class Pin {
    private final Origin origin;
    private final Entry entry;
    private final long since;
    private final int charge;
    private volatile boolean used;

    private Pin(Origin origin, Entry entry, long since, int charge) {
      this.origin = origin;
      this.entry = entry;
      this.since = since;
      this.charge = charge;
    }
  }

  EntryStore(CacheSettings settings, TimeSource time, Events events) {
    this.time = time;
    this.residencyNanos = TimeSource.saturatedNanos(settings.minimumResidency());
    this.pinnedBudget = (long) (settings.maximumWeight() * settings.residencyShare());
    long maximumWeight = Math.max(1, settings.maximumWeight() - pinnedBudget);
    long maximumOrigins = settings.maximumOrigins();
    long floor = maximumOrigins > 0 ? ceilDiv(settings.maximumWeight(), maximumOrigins) : 0;
    this.minimumCharge = (int) Math.min(Integer.MAX_VALUE, floor);
    this.cache = Caffeine.newBuilder()
        .ticker(time.ticker())
        .executor(Runnable::run)
        .maximumWeight(maximumWeight)
        .<Origin, Entry>weigher((origin, entry) ->
            entry.isPinned() ? 0 : Math.max(entry.weight(), minimumCharge))
        .expireAfter(new Retention())
        .removalListener((Origin origin, Entry entry, RemovalCause cause) -> {
          if (entry != null) {
            weight.add(-entry.weight());
            events.eviction(origin, cause(cause), entry.weight());
          }
        })
        .build();
  }

  /** The entry held for {@code origin}, or null; the caller uses it. */
  Entry get(Origin origin) {
    Entry e = cache.getIfPresent(origin);
    if (e != null) {
      Pin pin = e.pin();
      if (pin != null && !pin.used) {
        pin.used = true;
      }
    }
    return e;
  }

  /** Stores {@code entry}, replacing any other; what is put (preloaded) is not pinned. */
  void put(Origin origin, Entry entry) {
    weight.add(entry.weight());
    cache.put(origin, entry);
    matureDue();
  }

  /**
   * Stores {@code entry}, just fetched for a caller, pinned for the minimum residency, replacing
   * any other. Call off non-blocking threads: Caffeine may make a writer wait.
   */
  void putFetched(Origin origin, Entry entry) {
    weight.add(entry.weight());
    int charge = Math.max(entry.weight(), minimumCharge);
    // An entry heavier than the whole share is not pinned: it could not stay pinned anyway, and
    // would first mature the other pins in its way. It competes in Caffeine at once, so a crawl
    // of it may fetch it again: size the weight bound so the share holds the largest file.
    if (residencyNanos > 0 && charge <= pinnedBudget) {
      Pin pin = new Pin(origin, entry, time.nanos(), charge);
      entry.pin(pin);
      synchronized (pinned) {
        pinnedWeight += pin.charge;
        pinned.add(pin);
      }
    }
    cache.put(origin, entry);
    matureDue();
  }

  /**
   * Matures the pinned entries whose residency is over, and while the pinned weight is over its
   * share, the first in queue order not used since queued (each gets one second chance per call).
   */
  private void matureDue() {
    long now = time.nanos();
    int secondChances;
    synchronized (pinned) {
      secondChances = pinned.size();
    }
    while (true) {
      Pin p;
      synchronized (pinned) {
        p = pinned.peek();
        if (p == null) {
          return;
        }
        boolean due = now - p.since >= residencyNanos;
        if (!due && pinnedWeight <= pinnedBudget) {
          return;
        }
        pinned.poll();
        if (!due && p.used && secondChances-- > 0) {
          p.used = false;
          pinned.add(p);
          continue;
        }
        pinnedWeight -= p.charge;
      }
      p.entry.unpin();
      // Re-weighed at its true weight; a no-op when the entry was replaced or removed.
      cache.asMap().replace(p.origin, p.entry, p.entry);
    }
  }

  void invalidate(Origin origin) {
    cache.invalidate(origin);
  }

  void invalidateAll() {
    cache.invalidateAll();
    synchronized (pinned) {
      pinned.clear();
      pinnedWeight = 0;
    }
  }

  /** Runs pending maintenance (evictions, expirations) now. */
  void cleanUp() {
    matureDue();
    cache.cleanUp();
  }

  /** The approximate number of entries. */
  long size() {
    return cache.estimatedSize();
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
      return Math.max(0, TimeSource.saturatedAdd(entry.lifetime().retainUntil(), -currentTime));
    }
  }
}
