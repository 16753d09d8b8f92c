package io.github.reactiverobots.core.match;

import java.util.Arrays;

/**
 * The patterns with an inner {@code *}, in a byte-per-edge trie walked as a state set (see
 * {@link RuleMatcher}). Immutable and thread-safe; each walk uses its own scratch state.
 */
final class WildcardTrie {
  private final Trie trie;
  /** The star node below each node (its child along a {@code *} edge), or -1. */
  private final int[] starChild;
  /** A dense index of each star node, for the per-walk "already active" bit set. */
  private final int[] starOrdinal;
  private final int starCount;
  /** Non-star children per node. */
  private final int[] literalChildren;
  /** The highest priority of any pattern ending at or below each node. */
  private final int[] maxBelow;

  WildcardTrie(Trie trie, RuleMatcher.Terminals terms) {
    this.trie = trie;
    int n = trie.nodeCount;
    starChild = new int[n];
    starOrdinal = new int[n];
    literalChildren = new int[n];
    maxBelow = new int[n];
    Arrays.fill(starChild, -1);
    int stars = 0;
    for (int node = 0; node < n; node++) {
      int start = trie.childStart[node];
      int count = trie.childCount[node];
      literalChildren[node] = count;
      for (int i = start; i < start + count; i++) {
        if (trie.childByte[i] == Trie.STAR) {
          starChild[node] = trie.childNode[i];
          starOrdinal[trie.childNode[i]] = stars++;
          literalChildren[node]--;
        }
      }
    }
    starCount = stars;
    // Children always have higher indices than their parent, so one backward pass suffices.
    for (int node = n - 1; node >= 0; node--) {
      int best = -1;
      if (trie.prefixTerm[node] >= 0) {
        best = Math.max(best, terms.priorityOf(trie.prefixTerm[node]));
      }
      if (trie.exactTerm[node] >= 0) {
        best = Math.max(best, terms.priorityOf(trie.exactTerm[node]));
      }
      int start = trie.childStart[node];
      for (int i = start; i < start + trie.childCount[node]; i++) {
        best = Math.max(best, maxBelow[trie.childNode[i]]);
      }
      maxBelow[node] = best;
    }
  }

  long estimatedBytes() {
    return trie.estimatedBytes() + 4L * 4 * trie.nodeCount + 5 * 16;
  }

  /** The better of {@code best} and the best wildcard match for {@code path}. */
  int match(byte[] path, int best, RuleMatcher m, long[] steps) {
    return new Walk(path, best, m).run(steps);
  }

  /** The scratch state of one walk. */
  private final class Walk {
    private final byte[] path;
    private final RuleMatcher m;
    private int best;
    private int[] current = new int[8];
    private int currentSize;
    private int[] next = new int[8];
    private int nextSize;
    private int[] sticky = new int[4];
    private int stickySize;
    private final long[] stickySeen;
    private long work;

    Walk(byte[] path, int best, RuleMatcher m) {
      this.path = path;
      this.best = best;
      this.m = m;
      this.stickySeen = new long[(starCount + 63) >>> 6];
    }

    int run(long[] steps) {
      int n = path.length;
      activate(0, 0);
      swap();
      for (int pos = 0; pos < n && (currentSize > 0 || stickySize > 0); pos++) {
        byte b = path[pos];
        if (b != Trie.STAR) {
          // Star nodes activated during this step start absorbing at the next byte.
          int stickyBefore = stickySize;
          boolean pruned = false;
          for (int i = 0; i < stickyBefore; i++) {
            int s = sticky[i];
            if (maxBelow[s] < m.priority(best)) {
              sticky[i] = -1;
              pruned = true;
            } else {
              advance(s, b, pos + 1);
            }
          }
          for (int i = 0; i < currentSize; i++) {
            advance(current[i], b, pos + 1);
          }
          if (pruned) {
            compactSticky();
          }
        }
        swap();
      }
      if (steps != null) {
        steps[0] = work;
      }
      return best;
    }

    private void advance(int node, byte b, int posAfter) {
      work++;
      int child = trie.child(node, b);
      if (child >= 0) {
        activate(child, posAfter);
      }
    }

    private void activate(int node, int posAfter) {
      work++;
      if (maxBelow[node] < m.priority(best)) {
        return;
      }
      best = m.better(best, trie.prefixTerm[node]);
      if (posAfter == path.length) {
        best = m.better(best, trie.exactTerm[node]);
      }
      int star = starChild[node];
      if (star >= 0) {
        int o = starOrdinal[star];
        long bit = 1L << o;
        if ((stickySeen[o >>> 6] & bit) == 0) {
          stickySeen[o >>> 6] |= bit;
          if (stickySize == sticky.length) {
            sticky = Arrays.copyOf(sticky, stickySize * 2);
          }
          sticky[stickySize++] = star;
          if (posAfter == path.length) {
            best = m.better(best, trie.exactTerm[star]);
          }
          best = m.better(best, trie.prefixTerm[star]);
        }
      }
      if (literalChildren[node] > 0) {
        if (nextSize == next.length) {
          next = Arrays.copyOf(next, nextSize * 2);
        }
        next[nextSize++] = node;
      }
    }

    private void compactSticky() {
      int kept = 0;
      for (int i = 0; i < stickySize; i++) {
        if (sticky[i] >= 0) {
          sticky[kept++] = sticky[i];
        }
      }
      stickySize = kept;
    }

    private void swap() {
      int[] t = current;
      current = next;
      currentSize = nextSize;
      next = t;
      nextSize = 0;
    }
  }
}
