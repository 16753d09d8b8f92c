package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.internal.url.CanonicalPaths;
import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.util.Arrays;

/**
 * The allocation-free part of a warm check of a canonical URL (one {@link SplitUrl#originKeyLength}
 * accepts, whose first {@code keyLength} characters are its origin's key): the origin found from
 * the URL's own characters in a small front index (a hash of the key span, then the remembered key
 * string compared with the URL's prefix), and the path matched from a per-thread byte buffer the
 * URL's path is copied into, instead of a new {@link Origin}, key string, path string and byte
 * array per check. The entry itself still comes from the local cache (Caffeine), so its frequency,
 * expiry and residency bookkeeping see every check.
 *
 * <p>The index is direct-mapped; a collision overwrites the slot and the next check of the evicted
 * origin asks the cache's {@link RecentOrigins} again, which gives the instance the fetch used when
 * it still remembers it: that instance is the local cache's key, so the cache finds the entry by
 * identity instead of comparing key strings it would have to load. Slots hold immutable values with
 * final fields, written and read racily, which is safe. A slot costs its key string besides the
 * origin the cache holds anyway, so the index is bounded by its 16,384 slots. Thread-safe.
 */
public final class WarmPath {
  private static final int SLOT_BITS = 14;

  private final Slot[] slots = new Slot[1 << SLOT_BITS];
  private final RecentOrigins recent;

  /** An origin remembered with its key string, which a URL's prefix is compared with in place. */
  private record Slot(String key, Origin origin) {}

  public WarmPath(RecentOrigins recent) {
    this.recent = recent;
  }

  /** Forgets every remembered origin, here and in {@link RecentOrigins}. */
  public void clear() {
    Arrays.fill(slots, null);
    recent.clear();
  }

  /**
   * The origin of {@code url}, whose key is {@code url[0, keyLength)} (see {@link
   * SplitUrl#originKeyLength}): the remembered one when the index holds it, else the one {@link
   * RecentOrigins} gives, then remembered.
   */
  public Origin origin(String url, int keyLength) {
    int h = keyHash(url, keyLength);
    int index = (h ^ h >>> SLOT_BITS ^ h >>> 2 * SLOT_BITS) & (slots.length - 1);
    Slot known = slots[index];
    // The key string caches its hash, the one computed here: a cheap first test.
    if (known != null
        && known.key.length() == keyLength
        && known.key.hashCode() == h
        && url.startsWith(known.key)) {
      return known.origin;
    }
    Origin origin = recent.locate(url).origin();
    slots[index] = new Slot(origin.key(), origin);
    return origin;
  }

  /**
   * The hash of {@code url[0, keyLength)} as a string, {@link String#hashCode}'s, which is an
   * origin's {@link Origin#hashCode}: four characters a step, whose products do not wait on each
   * other.
   */
  static int keyHash(String url, int keyLength) {
    int h = 0;
    int i = 0;
    for (; i + 4 <= keyLength; i += 4) {
      h =
          31 * 31 * 31 * 31 * h
              + 31 * 31 * 31 * url.charAt(i)
              + 31 * 31 * url.charAt(i + 1)
              + 31 * url.charAt(i + 2)
              + url.charAt(i + 3);
    }
    for (; i < keyLength; i++) {
      h = 31 * h + url.charAt(i);
    }
    return h;
  }

  /**
   * The verdict of {@code entry} for the path of the canonical {@code url} after its key ({@code
   * url[keyLength, ...)} up to any {@code #}) and {@code agent}, at {@code now}.
   */
  public static Verdict verdict(Entry entry, String url, int keyLength, String agent, long now) {
    int end = CanonicalPaths.end(url, keyLength);
    int length = CanonicalPaths.length(url, keyLength, end);
    byte[] buffer = CanonicalPaths.scratch(url, keyLength, end, length);
    return entry.matcherFor(agent).check(buffer, 0, length, entry.stateAt(now));
  }
}
