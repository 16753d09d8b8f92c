package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.bytes.ByteWords;

/**
 * Finds a string of a {@link PackedStrings.Builder} by its bytes without making a {@code String}:
 * open addressing over the strings' hashes, each slot a string index + 1, 0 when empty. The caller
 * hashes the bytes as it likes, the same way for every string. For builders; not thread-safe.
 */
final class StringIndex {
  private static final int[] NO_SLOTS = new int[1];

  /** One empty slot until the first string, so that a lookup finds nothing. */
  private int[] slots = NO_SLOTS;

  private final Ints hashes = new Ints(0);

  /**
   * The index of the string of {@code strings} that is {@code d[from, to)} (its {@code A-Z}
   * lower-cased when {@code lowerCased}) and whose hash is {@code hash}, or -1.
   */
  int find(
      PackedStrings.Builder strings, byte[] d, int from, int to, int hash, boolean lowerCased) {
    int mask = slots.length - 1;
    for (int i = mix(hash) & mask; slots[i] != 0; i = (i + 1) & mask) {
      int s = slots[i] - 1;
      if (hashes.get(s) == hash && strings.matches(s, d, from, to, lowerCased)) {
        return s;
      }
    }
    return -1;
  }

  /** Indexes the next string, the one {@link #find} did not find, under {@code hash}. */
  void add(int hash) {
    int s = hashes.size();
    hashes.add(hash);
    if (2 * (s + 1) > slots.length) {
      slots = new int[Math.max(16, slots.length * 2)];
      for (int k = 0; k < s; k++) {
        place(k);
      }
    }
    place(s);
  }

  private void place(int s) {
    int mask = slots.length - 1;
    int i = mix(hashes.get(s)) & mask;
    while (slots[i] != 0) {
      i = (i + 1) & mask;
    }
    slots[i] = s + 1;
  }

  /**
   * A hash of {@code d[from, to)} read eight bytes at a time, for strings as long as URLs: one
   * multiply per word rather than per byte.
   */
  static int hash(byte[] d, int from, int to) {
    long h = to - from;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      h = (h + ByteWords.word(d, i)) * 0x9E3779B97F4A7C15L;
    }
    for (; i < to; i++) {
      h = (h + (d[i] & 0xFF)) * 0x9E3779B97F4A7C15L;
    }
    return (int) (h ^ (h >>> 32));
  }

  /** Spreads a hash's bits, since names often share a prefix. */
  private static int mix(int h) {
    return h ^ (h >>> 16);
  }
}
