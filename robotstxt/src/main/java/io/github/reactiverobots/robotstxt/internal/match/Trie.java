package io.github.reactiverobots.robotstxt.internal.match;

import io.github.reactiverobots.robotstxt.internal.bytes.ByteWords;
import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import java.util.Arrays;

/**
 * A frozen radix trie over some patterns of a {@link PatternTable}, in flat arrays: single-child
 * chains collapse into one edge, whose label is a range of the table's bytes (never a copy). A
 * node's children are contiguous and sorted by their first byte. Built from sorted patterns without
 * recursion (a pattern may be 16 KiB long). With {@code splitAtStars} (wildcard patterns), no edge
 * holds a {@code *} except a one-byte edge labelled {@code *}, which leads to a star node. A
 * terminal is a pattern index. Immutable after construction.
 */
final class Trie {
  static final byte STAR = '*';

  /** Ints per node: label start, label length and child count, first child, prefix terminal. */
  static final int STRIDE = 4;

  private static final int COUNT_SHIFT = 23;

  /** Set in a node's second int when one of its children is a {@code *} edge. */
  private static final int STAR_CHILD = 1 << (COUNT_SHIFT - 1);

  /** The longest edge label; a longer edge is a chain of nodes with one child each. */
  private static final int MAX_LABEL = STAR_CHILD - 1;

  final PatternTable table;
  final byte[] text;
  private final int[] nodes;

  /** Per node, the first byte of its label (the root's is unused). */
  private final byte[] firstByte;

  /**
   * The nodes where an anchored ({@code $}) pattern ends, ascending, and each one's terminal, in
   * one array: the nodes, then the terminals. Few patterns are anchored.
   */
  private final int[] exact;

  private static final int[] NO_EXACT = new int[0];
  final int nodeCount;

  private Trie(PatternTable table, TrieNodes b) {
    this.table = table;
    this.text = table.text;
    this.nodeCount = b.nodes;
    this.nodes = Arrays.copyOf(b.node, nodeCount * STRIDE);
    this.firstByte = Arrays.copyOf(b.firstByte, nodeCount);
    int exact = b.exactCount;
    this.exact = exact == 0 ? NO_EXACT : new int[2 * exact];
    if (exact > 0) {
      long[] pairs = b.exactPairs;
      Arrays.sort(pairs, 0, exact);
      for (int k = 0; k < exact; k++) {
        this.exact[k] = (int) (pairs[k] >>> 32);
        this.exact[exact + k] = (int) pairs[k];
      }
    }
  }

  int labelStart(int node) {
    return nodes[node * STRIDE];
  }

  int labelLength(int node) {
    return nodes[node * STRIDE + 1] & MAX_LABEL;
  }

  int childCount(int node) {
    return nodes[node * STRIDE + 1] >>> COUNT_SHIFT;
  }

  /** The child of {@code node} along a {@code *} edge, or -1; known without a search. */
  int starChild(int node) {
    return (nodes[node * STRIDE + 1] & STAR_CHILD) == 0 ? -1 : child(node, STAR);
  }

  int firstChild(int node) {
    return nodes[node * STRIDE + 2];
  }

  byte firstByte(int node) {
    return firstByte[node];
  }

  /** The terminal of a pattern ending at {@code node} (prefix match), or -1. */
  int prefixTerm(int node) {
    return nodes[node * STRIDE + 3];
  }

  /** The terminal of an anchored pattern ending at {@code node}, or -1. */
  int exactTerm(int node) {
    int half = exact.length / 2;
    int k = Arrays.binarySearch(exact, 0, half, node);
    return k < 0 ? -1 : exact[half + k];
  }

  /** The child of {@code node} whose edge starts with {@code b}, or -1. */
  int child(int node, byte b) {
    int start = firstChild(node);
    int count = childCount(node);
    int key = b & 0xFF;
    if (count > 8) {
      int lo = start;
      int hi = start + count - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int c = firstByte[mid] & 0xFF;
        if (c < key) {
          lo = mid + 1;
        } else if (c > key) {
          hi = mid - 1;
        } else {
          return mid;
        }
      }
      return -1;
    }
    for (int i = start, end = start + count; i < end; i++) {
      int c = firstByte[i] & 0xFF;
      if (c == key) {
        return i;
      }
      if (c > key) {
        return -1;
      }
    }
    return -1;
  }

  /** Whether the edge into {@code node} matches {@code path} at {@code pos} (length checked). */
  boolean edgeMatches(int node, byte[] path, int pos) {
    int start = labelStart(node);
    int len = labelLength(node);
    // The first byte was matched by child(); labels are short, so no bulk compare.
    for (int i = 1; i < len; i++) {
      if (text[start + i] != path[pos + i]) {
        return false;
      }
    }
    return true;
  }

  /** The better of two terminals (-1 is none): higher priority, then allow. */
  int better(int a, int b) {
    return b < 0 ? a : better(table, a, b);
  }

  /** The priority of a terminal, -1 for none. */
  int priority(int term) {
    return term < 0 ? -1 : table.priority(term);
  }

  /** The retained heap size of this trie's own arrays (the table is counted apart). */
  long estimatedBytes() {
    return HeapSizes.object(5L * HeapSizes.REFERENCE + Integer.BYTES)
        + HeapSizes.array(nodes.length, Integer.BYTES)
        + HeapSizes.array(firstByte.length, 1)
        + (exact == NO_EXACT ? 0 : HeapSizes.array(exact.length, Integer.BYTES));
  }

  /**
   * Builds a trie over the patterns {@code members} of {@code table}, in any order. Each node
   * groups its patterns by their next byte (a stable sort by that byte alone), so no pattern is
   * ever compared with another from its first byte again: the work is the patterns' bytes, not a
   * sort of whole bodies. Patterns with the same body and anchor share a node, which keeps the
   * better of them (the first written, on a tie). {@code members} is reordered: the caller hands
   * over an array of its own.
   */
  static Trie build(PatternTable table, int[] members, boolean splitAtStars) {
    // A radix trie has at most two nodes per pattern besides its root; only stars (each adds at
    // most two: its own, and the split before it) and labels over MAX_LABEL bytes add more, and
    // then the arrays grow.
    TrieNodes b = TrieNodes.acquire(2 * members.length + 1, members.length);
    try {
      return build(table, members, splitAtStars, b);
    } finally {
      b.release();
    }
  }

  private static Trie build(PatternTable table, int[] members, boolean splitAtStars, TrieNodes b) {
    byte[] text = table.text;
    b.newNode(0, 0, (byte) 0);
    int[] order = members;
    int[] scratch = b.keys();
    int[] work = b.work;
    int top = 0;
    work[top++] = 0;
    work[top++] = 0;
    work[top++] = order.length;
    work[top++] = 0;
    while (top > 0) {
      int depth = work[--top];
      int hi = work[--top];
      int lo = work[--top];
      int node = work[--top];
      int i = sortByNextByte(table, order, scratch, lo, hi, depth, b);
      int exactTerm = -1;
      for (int t = lo; t < i; t++) {
        int m = order[t];
        if (table.anchored(m)) {
          exactTerm = better(table, exactTerm, m);
        } else {
          b.node[node * STRIDE + 3] = better(table, b.node[node * STRIDE + 3], m);
        }
      }
      if (exactTerm >= 0) {
        b.addExact(node, exactTerm);
      }
      int firstChild = b.nodes;
      int count = 0;
      int j = i;
      while (j < hi) {
        int m = order[j];
        int bodyStart = table.start[m];
        int key = scratch[j];
        byte first = (byte) key;
        int k = j + 1;
        while (k < hi && scratch[k] == key) {
          k++;
        }
        int end;
        if (first == STAR && splitAtStars) {
          end = depth + 1;
        } else {
          end = commonPrefix(table, order, j, k, depth + 1);
          if (splitAtStars) {
            end = firstStar(text, bodyStart + depth + 1, bodyStart + end) - bodyStart;
          }
        }
        end = Math.min(end, depth + MAX_LABEL);
        int child = b.newNode(bodyStart + depth, end - depth, first);
        if (first == STAR && splitAtStars) {
          b.node[node * STRIDE + 1] |= STAR_CHILD;
        }
        count++;
        if (k == j + 1 && bodyStart + end == table.start[m + 1]) {
          // A leaf: one pattern, ending with the edge; nothing left to sort under it.
          if (table.anchored(m)) {
            b.addExact(child, m);
          } else {
            b.node[child * STRIDE + 3] = m;
          }
          j = k;
          continue;
        }
        if (top + 4 > work.length) {
          work = Arrays.copyOf(work, work.length * 2);
          b.work = work;
        }
        work[top++] = firstChild + count - 1;
        work[top++] = j;
        work[top++] = k;
        work[top++] = end;
        j = k;
      }
      b.node[node * STRIDE + 1] |= count << COUNT_SHIFT;
      b.node[node * STRIDE + 2] = firstChild;
    }
    return new Trie(table, b);
  }

  /**
   * Sorts the patterns of {@code order[lo, hi)} by the byte of their body at {@code depth},
   * unsigned, those whose body ends at {@code depth} first, keeping the order of patterns alike;
   * returns where the patterns that go on begin.
   */
  private static int sortByNextByte(
      PatternTable table, int[] order, int[] scratch, int lo, int hi, int depth, TrieNodes b) {
    int n = hi - lo;
    boolean sorted = true;
    int previous = -1;
    for (int i = lo; i < hi; i++) {
      int key = nextByte(table, order[i], depth);
      scratch[i] = key;
      sorted &= key >= previous;
      previous = key;
    }
    if (sorted) {
      return endingEnd(scratch, lo, hi);
    }
    if (n <= 32) {
      // Insertion sort on the keys held in scratch, moving the patterns alongside.
      for (int i = lo + 1; i < hi; i++) {
        int m = order[i];
        int key = scratch[i];
        int j = i - 1;
        while (j >= lo && scratch[j] > key) {
          order[j + 1] = order[j];
          scratch[j + 1] = scratch[j];
          j--;
        }
        order[j + 1] = m;
        scratch[j + 1] = key;
      }
      return endingEnd(scratch, lo, hi);
    }
    // A counting sort over the keys present, min to max: a node's next bytes span few values.
    int min = 256;
    int max = -1;
    for (int i = lo; i < hi; i++) {
      min = Math.min(min, scratch[i]);
      max = Math.max(max, scratch[i]);
    }
    int span = max - min + 1;
    int[] next = b.counts(span + 1);
    for (int i = lo; i < hi; i++) {
      next[scratch[i] - min + 1]++;
    }
    for (int c = 0; c < span; c++) {
      next[c + 1] += next[c];
    }
    int[] sortedOrder = b.temp(order.length);
    for (int i = lo; i < hi; i++) {
      sortedOrder[next[scratch[i] - min]++] = order[i];
    }
    System.arraycopy(sortedOrder, 0, order, lo, n);
    // The keys, sorted alongside: key min + c fills up to where its bucket ended, next[c].
    for (int c = 0, at = lo; c < span; c++) {
      int bucketEnd = lo + next[c];
      while (at < bucketEnd) {
        scratch[at++] = min + c;
      }
    }
    return endingEnd(scratch, lo, hi);
  }

  /** Where the patterns that go on begin in sorted keys {@code scratch[lo, hi)}: after the -1s. */
  private static int endingEnd(int[] scratch, int lo, int hi) {
    int i = lo;
    while (i < hi && scratch[i] < 0) {
      i++;
    }
    return i;
  }

  /** The byte of pattern {@code m}'s body at {@code depth}, or -1 when the body ends there. */
  private static int nextByte(PatternTable table, int m, int depth) {
    int at = table.start[m] + depth;
    return at == table.start[m + 1] ? -1 : table.text[at] & 0xFF;
  }

  private static int length(PatternTable table, int m) {
    return table.start[m + 1] - table.start[m];
  }

  /**
   * The better of terminal {@code a} (-1 for none) and pattern {@code b} of {@code table}: higher
   * priority, then allow; {@code a} on a tie.
   */
  static int better(PatternTable table, int a, int b) {
    if (a < 0) {
      return b;
    }
    int pa = table.priority(a);
    int pb = table.priority(b);
    return pb > pa || (pb == pa && table.allows(b) && !table.allows(a)) ? b : a;
  }

  /** The index of the first {@code *} in {@code body[from, to)}, or {@code to}. */
  static int firstStar(byte[] body, int from, int to) {
    return ByteWords.firstOf(body, from, to, STAR, STAR, STAR, STAR);
  }

  /**
   * How far the bodies of the patterns {@code order[j, k)} agree, from {@code from}, before which
   * they are known to agree: the end of their common prefix.
   */
  private static int commonPrefix(PatternTable table, int[] order, int j, int k, int from) {
    int first = order[j];
    int sa = table.start[first];
    int end = length(table, first);
    for (int i = j + 1; i < k && end > from; i++) {
      int m = order[i];
      int n = Math.min(end, length(table, m));
      end =
          from
              + ByteWords.mismatch(
                  table.text, sa + from, table.text, table.start[m] + from, n - from);
    }
    return end;
  }
}
