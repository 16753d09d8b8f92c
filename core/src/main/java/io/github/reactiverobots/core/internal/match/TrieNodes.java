package io.github.reactiverobots.core.internal.match;

import java.util.Arrays;

/**
 * The growing arrays a {@link Trie} is built in, and the scratch arrays of its build: per node four
 * ints (label start, label length and child count, first child, prefix terminal) and its first
 * byte; the anchored terminals as pairs. One per build; not thread-safe.
 */
final class TrieNodes {
  private static final long[] NO_PAIRS = new long[0];

  int[] node;
  byte[] firstByte;

  /** Per node where an anchored pattern ends, {@code node << 32 | terminal}. */
  long[] exactPairs = NO_PAIRS;

  int exactCount;
  private int[] counts;
  private int[] temp;
  int nodes;

  TrieNodes(int capacity) {
    node = new int[capacity * Trie.STRIDE];
    firstByte = new byte[capacity];
  }

  int newNode(int labelStart, int length, byte first) {
    if (nodes == firstByte.length) {
      int capacity = Math.max(4, nodes + (nodes >> 1));
      node = Arrays.copyOf(node, capacity * Trie.STRIDE);
      firstByte = Arrays.copyOf(firstByte, capacity);
    }
    node[nodes * Trie.STRIDE] = labelStart;
    node[nodes * Trie.STRIDE + 1] = length;
    node[nodes * Trie.STRIDE + 3] = -1;
    firstByte[nodes] = first;
    return nodes++;
  }

  void addExact(int node, int term) {
    if (exactCount == exactPairs.length) {
      exactPairs = Arrays.copyOf(exactPairs, Math.max(4, exactCount * 2));
    }
    exactPairs[exactCount++] = (long) node << 32 | term;
  }

  /** The first {@code n} bucket counts of a sort by next byte, zeroed ({@code n} at most 258). */
  int[] counts(int n) {
    if (counts == null) {
      counts = new int[258];
    } else {
      Arrays.fill(counts, 0, n, 0);
    }
    return counts;
  }

  /** A scratch array of at least {@code n} ints. */
  int[] temp(int n) {
    if (temp == null) {
      temp = new int[n];
    }
    return temp;
  }
}
