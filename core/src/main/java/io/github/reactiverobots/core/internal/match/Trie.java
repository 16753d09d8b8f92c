package io.github.reactiverobots.core.internal.match;

import java.util.Arrays;
import java.util.List;

/**
 * A frozen radix trie in flat arrays: single-child chains collapse into one edge. Built from
 * sorted patterns without recursion (a pattern may be 16 KiB long). With {@code splitAtStars}
 * (wildcard patterns), no edge holds a {@code *} except a one-byte edge labelled {@code *}, which
 * leads to a star node. Immutable after construction.
 */
final class Trie {
  static final byte STAR = '*';

  /** This object with its fields. */
  private static final int SHELL_BYTES = 16 + 4 * 16;
  /** The headers of its arrays. */
  private static final int ARRAY_HEADER_BYTES = 10 * 16;
  /** Per node, its slot in each of the six int arrays indexed by node. */
  private static final int NODE_BYTES = Integer.BYTES * 6;

  final byte[] labels;
  final int[] edgeStart;
  final int[] edgeLength;
  final int[] childStart;
  final int[] childCount;
  final byte[] childByte;
  final int[] childNode;
  /** Terminal index of a pattern ending at this node (prefix match), or -1. */
  final int[] prefixTerm;
  /** Terminal index of an anchored ({@code $}) pattern ending at this node, or -1. */
  final int[] exactTerm;
  final int nodeCount;

  private Trie(Builder b) {
    nodeCount = b.nodes;
    labels = Arrays.copyOf(b.labels, b.labelSize);
    edgeStart = Arrays.copyOf(b.edgeStart, nodeCount);
    edgeLength = Arrays.copyOf(b.edgeLength, nodeCount);
    childStart = Arrays.copyOf(b.childStart, nodeCount);
    childCount = Arrays.copyOf(b.childCount, nodeCount);
    childByte = Arrays.copyOf(b.childByte, b.children);
    childNode = Arrays.copyOf(b.childNode, b.children);
    prefixTerm = Arrays.copyOf(b.prefixTerm, nodeCount);
    exactTerm = Arrays.copyOf(b.exactTerm, nodeCount);
  }

  /** The child of {@code node} whose edge starts with {@code b}, or -1. */
  int child(int node, byte b) {
    int start = childStart[node];
    int count = childCount[node];
    int key = b & 0xFF;
    if (count > 8) {
      int lo = start;
      int hi = start + count - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int c = childByte[mid] & 0xFF;
        if (c < key) {
          lo = mid + 1;
        } else if (c > key) {
          hi = mid - 1;
        } else {
          return childNode[mid];
        }
      }
      return -1;
    }
    for (int i = start, end = start + count; i < end; i++) {
      int c = childByte[i] & 0xFF;
      if (c == key) {
        return childNode[i];
      }
      if (c > key) {
        return -1;
      }
    }
    return -1;
  }

  /** Whether the edge into {@code node} matches {@code path} at {@code pos} (length checked). */
  boolean edgeMatches(int node, byte[] path, int pos) {
    int start = edgeStart[node];
    int len = edgeLength[node];
    // The first byte was matched by child().
    for (int i = 1; i < len; i++) {
      if (labels[start + i] != path[pos + i]) {
        return false;
      }
    }
    return true;
  }

  long estimatedBytes() {
    return SHELL_BYTES + labels.length + childByte.length + (long) Integer.BYTES * childNode.length
        + (long) NODE_BYTES * nodeCount + ARRAY_HEADER_BYTES;
  }

  /**
   * Builds a trie over {@code entries}, which must be sorted by pattern bytes (unsigned). The
   * terminal of an entry is {@code TerminalSink.merge}d into the node where its pattern ends.
   */
  static Trie build(List<PatternEntry> list, boolean splitAtStars, TerminalSink sink) {
    PatternEntry[] entries = list.toArray(new PatternEntry[0]);
    byte[][] bodies = new byte[entries.length][];
    long bodyBytes = 0;
    long stars = 0;
    for (int i = 0; i < entries.length; i++) {
      bodies[i] = entries[i].body;
      bodyBytes += bodies[i].length;
      if (splitAtStars) {
        stars += entries[i].stars;
      }
    }
    // Upper bounds, so the arrays never grow: a radix trie has at most two nodes per pattern,
    // and each star adds at most two (its own, and the split before it); labels never exceed
    // the pattern bytes.
    int nodeBound = (int) Math.min(Integer.MAX_VALUE - 8, 2L * entries.length + 2 * stars + 1);
    Builder b = new Builder(nodeBound, (int) Math.min(Integer.MAX_VALUE - 8, bodyBytes));
    int root = b.newNode(0, 0);
    // Work items: node, lo, hi, depth. Each node's children are created together, so they stay
    // contiguous in the child arrays.
    int[] work = new int[64];
    int top = 0;
    work[top++] = root;
    work[top++] = 0;
    work[top++] = entries.length;
    work[top++] = 0;
    while (top > 0) {
      int depth = work[--top];
      int hi = work[--top];
      int lo = work[--top];
      int node = work[--top];
      int i = lo;
      while (i < hi && bodies[i].length == depth) {
        PatternEntry e = entries[i];
        if (e.anchored) {
          b.exactTerm[node] = sink.merge(b.exactTerm[node], e);
        } else {
          b.prefixTerm[node] = sink.merge(b.prefixTerm[node], e);
        }
        i++;
      }
      b.childStart[node] = b.children;
      int count = 0;
      int j = i;
      while (j < hi) {
        byte[] body = bodies[j];
        byte first = body[depth];
        int k = j + 1;
        while (k < hi && bodies[k][depth] == first) {
          k++;
        }
        int end;
        if (first == STAR && splitAtStars) {
          end = depth + 1;
        } else {
          // The group's bytes before depth + 1 are known to be equal.
          end = k == j + 1 ? body.length : commonPrefix(body, bodies[k - 1], depth + 1);
          if (splitAtStars) {
            end = firstStar(body, depth + 1, end);
          }
        }
        int labelAt = b.addLabel(body, depth, end - depth);
        int child = b.newNode(labelAt, end - depth);
        b.addChild(first, child);
        count++;
        if (top + 4 > work.length) {
          work = Arrays.copyOf(work, work.length * 2);
        }
        work[top++] = child;
        work[top++] = j;
        work[top++] = k;
        work[top++] = end;
        j = k;
      }
      b.childCount[node] = count;
    }
    return new Trie(b);
  }

  /** The index of the first {@code *} in {@code body[from, to)}, or {@code to}. */
  static int firstStar(byte[] body, int from, int to) {
    for (int i = from; i < to; i++) {
      if (body[i] == STAR) {
        return i;
      }
    }
    return to;
  }

  /** The length of the common prefix of {@code a} and {@code b}, which agree before {@code from}. */
  private static int commonPrefix(byte[] a, byte[] b, int from) {
    int n = Math.min(a.length, b.length);
    int i = Arrays.mismatch(a, from, n, b, from, n);
    return i < 0 ? n : from + i;
  }

  /** Receives terminals as patterns are placed, returning the terminal index to keep. */
  interface TerminalSink {
    int merge(int existing, PatternEntry entry);
  }

  private static final class Builder {
    byte[] labels;
    int labelSize;
    int[] edgeStart;
    int[] edgeLength;
    int[] childStart;
    int[] childCount;
    int[] prefixTerm;
    int[] exactTerm;
    int nodes;
    byte[] childByte;
    int[] childNode;
    int children;

    Builder(int capacity, int labelCapacity) {
      labels = new byte[Math.max(1, labelCapacity)];
      edgeStart = new int[capacity];
      edgeLength = new int[capacity];
      childStart = new int[capacity];
      childCount = new int[capacity];
      prefixTerm = new int[capacity];
      exactTerm = new int[capacity];
      childByte = new byte[capacity];
      childNode = new int[capacity];
    }

    int newNode(int labelAt, int length) {
      if (nodes == edgeStart.length) {
        int n = nodes * 2;
        edgeStart = Arrays.copyOf(edgeStart, n);
        edgeLength = Arrays.copyOf(edgeLength, n);
        childStart = Arrays.copyOf(childStart, n);
        childCount = Arrays.copyOf(childCount, n);
        prefixTerm = Arrays.copyOf(prefixTerm, n);
        exactTerm = Arrays.copyOf(exactTerm, n);
      }
      edgeStart[nodes] = labelAt;
      edgeLength[nodes] = length;
      prefixTerm[nodes] = -1;
      exactTerm[nodes] = -1;
      return nodes++;
    }

    int addLabel(byte[] src, int from, int length) {
      if (labelSize + length > labels.length) {
        labels = Arrays.copyOf(labels, Math.max(labels.length * 2, labelSize + length));
      }
      System.arraycopy(src, from, labels, labelSize, length);
      int at = labelSize;
      labelSize += length;
      return at;
    }

    void addChild(byte first, int node) {
      if (children == childByte.length) {
        childByte = Arrays.copyOf(childByte, children * 2);
        childNode = Arrays.copyOf(childNode, children * 2);
      }
      childByte[children] = first;
      childNode[children] = node;
      children++;
    }
  }
}
