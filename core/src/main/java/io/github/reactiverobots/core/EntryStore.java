package io.github.reactiverobots.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.github.reactiverobots.core.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.url.Origin;
import java.util.concurrent.atomic.LongAdder;

/**
 * The completed entries, in a Caffeine cache bounded by weight (and optionally by count) and
 * expiring each entry at its own retention time on the injected ticker. Only completed entries
 * live here; fetches in flight are tracked elsewhere, so eviction never touches their waiters.
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

  EntryStore(CacheSettings settings, TimeSource time, Events events) {
    long maximumWeight = settings.maximumWeight();
    long maximumOrigins = settings.maximumOrigins();
    long floor = maximumOrigins > 0 ? ceilDiv(maximumWeight, maximumOrigins) : 0;
    int minimumCharge = (int) Math.min(Integer.MAX_VALUE, floor);
    this.cache = Caffeine.newBuilder()
        .ticker(time.ticker())
        .executor(Runnable::run)
        .maximumWeight(maximumWeight)
        .<Origin, Entry>weigher((origin, entry) -> Math.max(entry.weight(), minimumCharge))
        .expireAfter(new Retention())
        .removalListener((Origin origin, Entry entry, RemovalCause cause) -> {
          if (entry != null) {
            weight.add(-entry.weight());
            events.eviction(origin, cause(cause), entry.weight());
          }
        })
        .build();
  }

  /** The entry held for {@code origin}, or null. */
  Entry get(Origin origin) {
    return cache.getIfPresent(origin);
  }

  /** Stores {@code entry}, replacing any other. */
  void put(Origin origin, Entry entry) {
    weight.add(entry.weight());
    cache.put(origin, entry);
  }

  void invalidate(Origin origin) {
    cache.invalidate(origin);
  }

  void invalidateAll() {
    cache.invalidateAll();
  }

  /** Runs pending maintenance (evictions, expirations) now. */
  void cleanUp() {
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
