package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.Arrays;

/**
 * How often each origin was asked in its past stays in the cache: a count-min sketch (four counters
 * per origin, the smallest read) of the checks its evicted entries served, halved every {@code 64 x
 * origins} checks added so that what was popular long ago fades. With the checks the entry now held
 * has served ({@link Entry#uses()}) it gives an origin's uses over a long memory, which Caffeine's
 * own sketch (4-bit counters, halved every 10 x its size) does not keep: an origin asked five times
 * a day for weeks is told from one asked five times once.
 *
 * <p>Fixed size: four ints per expected origin, rounded up to a power of two. Updated on eviction
 * and read at admission, not on a check. Racy by design: a lost update or a read during a halving
 * costs a slightly wrong estimate, never an error. Thread-safe in that sense.
 */
public final class UseHistory {
  private static final int SAMPLE_PER_ORIGIN = 64;

  private final int[] table;
  private final int mask;
  private final long sampleSize;
  private long added;

  /** {@code origins}: about how many origins the cache holds (at least 16). */
  UseHistory(long origins) {
    int slots = Integer.highestOneBit((int) Math.min(1 << 24, Math.max(16, origins)) - 1) << 1;
    table = new int[slots * 4];
    mask = table.length - 1;
    sampleSize = SAMPLE_PER_ORIGIN * (long) slots;
  }

  /** The uses recorded for {@code origin} (an overestimate when origins collide). */
  int estimate(Origin origin) {
    int h = spread(origin.hashCode());
    int min = Integer.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      min = Math.min(min, table[index(h, i)]);
    }
    return min;
  }

  /**
   * Records {@code uses} more checks of {@code origin}, only raising the counters at the minimum.
   */
  void add(Origin origin, int uses) {
    if (uses <= 0) {
      return;
    }
    int h = spread(origin.hashCode());
    int target = (int) Math.min(Integer.MAX_VALUE, (long) estimate(origin) + uses);
    for (int i = 0; i < 4; i++) {
      int at = index(h, i);
      if (table[at] < target) {
        table[at] = target;
      }
    }
    added += uses;
    if (added >= sampleSize) {
      added = 0;
      for (int i = 0; i < table.length; i++) {
        table[i] >>>= 1;
      }
    }
  }

  /** Forgets everything. */
  void clear() {
    Arrays.fill(table, 0);
    added = 0;
  }

  private int index(int h, int row) {
    int x = h * (0x9E3779B9 + 2 * row + 1);
    return (x ^ (x >>> 15)) & mask;
  }

  private static int spread(int h) {
    h ^= h >>> 16;
    h *= 0x85EBCA6B;
    return h ^ (h >>> 13);
  }
}
