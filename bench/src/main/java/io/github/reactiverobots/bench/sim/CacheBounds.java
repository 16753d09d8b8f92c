package io.github.reactiverobots.bench.sim;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * What other caches of the same capacity would fetch on a run's trace of origin requests (one
 * request per visit, in visit order: a visit's later pages are hits for any cache that keeps what
 * it just fetched): yardsticks for the cache's own fetch count. Capacity is counted in entries,
 * which approximates a weight bound by {@code maximum weight / the run's mean weight per cached
 * entry}; the heavier and lighter entries a real weighted cache mixes are not modelled.
 *
 * <ul>
 *   <li>{@link #belady}: the offline optimum (Belady's MIN): on a miss with the cache full, the
 *       entry asked again furthest in the future (or the newcomer, if that is it) goes. No cache
 *       can fetch less; it knows the future.
 *   <li>{@link #popularity}: a cache that always holds the {@code capacity} most popular origins
 *       (the Zipf ranks 0 to capacity - 1) and nothing else: one fetch for each of those asked, and
 *       one per visit to any other. With requests drawn independently, as the simulator's are, no
 *       online policy does better once warm (it can only use the room the popular origins do not
 *       yet fill while the run warms up).
 *   <li>{@link #popularityByWeight} and {@link #popularityPerByte}: the same with a weight bound
 *       and each origin at its own weight, holding the most popular origins, or the most expected
 *       requests per byte, that fit.
 *   <li>{@link #lru}: plain least-recently-used, for scale.
 * </ul>
 *
 * <p>Stateless; each method is O(n log n) or better in the trace length.
 */
public final class CacheBounds {
  private CacheBounds() {}

  /** The misses (fetches) of Belady's MIN with room for {@code capacity} origins. */
  public static long belady(int[] trace, int capacity) {
    int n = trace.length;
    int max = Arrays.stream(trace).max().orElse(0);
    int[] nextUse = new int[n];
    int[] seen = new int[max + 1];
    Arrays.fill(seen, Integer.MAX_VALUE);
    for (int i = n - 1; i >= 0; i--) {
      nextUse[i] = seen[trace[i]];
      seen[trace[i]] = i;
    }
    // Entries ordered by next use; the key packs (next use, origin) into a long.
    TreeSet<Long> held = new TreeSet<>();
    long[] keyOf = new long[max + 1];
    boolean[] in = new boolean[max + 1];
    long misses = 0;
    for (int i = 0; i < n; i++) {
      int o = trace[i];
      long key = ((long) nextUse[i] << 32) | o;
      if (in[o]) {
        held.remove(keyOf[o]);
      } else {
        misses++;
        if (held.size() >= capacity) {
          if (capacity == 0 || held.last() < key) {
            continue;
          }
          in[(int) (held.pollLast() & 0xFFFFFFFFL)] = false;
        }
        in[o] = true;
      }
      keyOf[o] = key;
      held.add(key);
    }
    return misses;
  }

  /** The misses of a cache that holds exactly the origins ranked below {@code capacity}. */
  public static long popularity(int[] trace, int capacity) {
    int max = Arrays.stream(trace).max().orElse(0);
    boolean[] held = new boolean[Math.max(0, Math.min(capacity, max + 1))];
    Arrays.fill(held, true);
    return heldMisses(trace, held);
  }

  /**
   * The misses of a cache of {@code maximumWeight} bytes that holds the most popular origins (the
   * lowest ranks) whose own weights ({@code weights}, by rank) fit, and nothing else.
   */
  public static long popularityByWeight(int[] trace, long[] weights, long maximumWeight) {
    Integer[] byRank = new Integer[weights.length];
    for (int r = 0; r < weights.length; r++) {
      byRank[r] = r;
    }
    return heldMisses(trace, fill(byRank, weights, maximumWeight));
  }

  /**
   * The misses of a cache of {@code maximumWeight} bytes that holds the origins of most expected
   * requests per byte (Zipf with exponent {@code zipf} by rank, over their own {@code weights})
   * that fit, and nothing else: a weighted cache that knows the popularity law but not the trace.
   */
  public static long popularityPerByte(
      int[] trace, long[] weights, long maximumWeight, double zipf) {
    Integer[] byDensity = new Integer[weights.length];
    double[] density = new double[weights.length];
    for (int r = 0; r < weights.length; r++) {
      byDensity[r] = r;
      density[r] = Math.pow(r + 1, -zipf) / Math.max(1, weights[r]);
    }
    Arrays.sort(byDensity, (a, b) -> Double.compare(density[b], density[a]));
    return heldMisses(trace, fill(byDensity, weights, maximumWeight));
  }

  private static boolean[] fill(Integer[] order, long[] weights, long maximumWeight) {
    boolean[] held = new boolean[weights.length];
    long used = 0;
    for (int o : order) {
      if (used + weights[o] <= maximumWeight) {
        used += weights[o];
        held[o] = true;
      }
    }
    return held;
  }

  /**
   * The misses of a cache that holds exactly the origins {@code held} marks (ranks past its end are
   * not held): one fetch for each held origin asked, one per request for any other.
   */
  private static long heldMisses(int[] trace, boolean[] held) {
    boolean[] fetched = new boolean[held.length];
    long misses = 0;
    for (int o : trace) {
      if (o >= held.length || !held[o]) {
        misses++;
      } else if (!fetched[o]) {
        fetched[o] = true;
        misses++;
      }
    }
    return misses;
  }

  /** The misses of plain LRU with room for {@code capacity} origins. */
  public static long lru(int[] trace, int capacity) {
    Map<Integer, Boolean> held =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
            return size() > capacity;
          }
        };
    long misses = 0;
    for (int o : trace) {
      if (held.get(o) == null) {
        misses++;
        held.put(o, Boolean.TRUE);
      }
    }
    return misses;
  }
}
