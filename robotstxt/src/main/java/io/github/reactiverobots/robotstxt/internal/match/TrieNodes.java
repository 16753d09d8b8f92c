package io.github.reactiverobots.robotstxt.internal.match;

import java.util.Arrays;

/**
 * The growing arrays a {@link Trie} is built in, and the scratch arrays of its build: per node four
 * ints (label start, label length and child count, first child, prefix terminal) and its first
 * byte; the anchored terminals as pairs. Each thread keeps one and reuses it from build to build
 * ({@link #acquire}, {@link #release}), so that a build writes to memory already in cache instead
 * of new arrays; the trie copies what it keeps. Arrays past {@link #KEPT_NODES} nodes are dropped
 * after the build, so that one large file does not pin them to a thread. Not thread-safe.
 */
final class TrieNodes {
  private static final long[] NO_PAIRS = new long[0];

  /** The most nodes (and patterns) whose arrays a thread keeps between builds. */
  static final int KEPT_NODES = 4096;

  private static final ThreadLocal<TrieNodes> SCRATCH = ThreadLocal.withInitial(TrieNodes::new);

  int[] node;
  byte[] firstByte;

  /** Per node where an anchored pattern ends, {@code node << 32 | terminal}. */
  long[] exactPairs = NO_PAIRS;

  int exactCount;
  private int[] counts;
  private int[] temp;
  private int[] keys;

  /** The build's stack of nodes still to fill. */
  int[] work = new int[64];

  int nodes;
  private boolean busy;

  private TrieNodes() {
    node = new int[0];
    firstByte = new byte[0];
  }

  /**
   * This thread's arrays, emptied, for a build of {@code patterns} patterns and about {@code
   * capacity} nodes; new ones when this thread is building already. Hand them back with {@link
   * #release}.
   */
  static TrieNodes acquire(int capacity, int patterns) {
    TrieNodes b = SCRATCH.get();
    if (b.busy) {
      b = new TrieNodes();
    }
    b.busy = true;
    b.nodes = 0;
    b.exactCount = 0;
    if (b.firstByte.length < capacity) {
      b.node = new int[capacity * Trie.STRIDE];
      b.firstByte = new byte[capacity];
    }
    if (b.keys == null || b.keys.length < patterns) {
      b.keys = new int[Math.max(16, patterns)];
    }
    return b;
  }

  /** Ends a build: the arrays stay with the thread unless they grew past {@link #KEPT_NODES}. */
  void release() {
    if (firstByte.length > KEPT_NODES) {
      node = new int[0];
      firstByte = new byte[0];
    }
    if (keys.length > KEPT_NODES) {
      keys = null;
      temp = null;
    }
    if (exactPairs.length > KEPT_NODES) {
      exactPairs = NO_PAIRS;
    }
    if (work.length > 1024) {
      work = new int[64];
    }
    busy = false;
  }

  int newNode(int labelStart, int length, byte first) {
    if (nodes == firstByte.length) {
      int capacity = Math.max(4, nodes + (nodes >> 1));
      node = Arrays.copyOf(node, capacity * Trie.STRIDE);
      firstByte = Arrays.copyOf(firstByte, capacity);
    }
    int at = nodes * Trie.STRIDE;
    node[at] = labelStart;
    node[at + 1] = length;
    node[at + 2] = 0;
    node[at + 3] = -1;
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

  /** The next byte of each pattern in the build's order, at least as long as the patterns. */
  int[] keys() {
    return keys;
  }

  /** A scratch array of at least {@code n} ints. */
  int[] temp(int n) {
    if (temp == null || temp.length < n) {
      temp = new int[n];
    }
    return temp;
  }
}
