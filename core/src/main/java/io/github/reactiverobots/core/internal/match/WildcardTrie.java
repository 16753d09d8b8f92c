package io.github.reactiverobots.core.internal.match;

import java.util.Arrays;

/**
 * The patterns with an inner {@code *}, in a radix trie whose edges stop at each star, walked as
 * a state set (see {@link RuleMatcher}): a state is a node and how many bytes of the edge into it
 * have matched. Immutable and thread-safe; each walk uses its own scratch state.
 */
final class WildcardTrie {
  /** Per node, its slot in each of the four int arrays indexed by node. */
  private static final int NODE_BYTES = Integer.BYTES * 4;
  /** Per star node, its 256-bit first-byte set. */
  private static final int STAR_BYTES = 32;
  /** This object and the headers of its arrays. */
  private static final int SHELL_BYTES = 6 * 16;

  private final Trie trie;
  /** The star node below each node (its child along a {@code *} edge), or -1. */
  private final int[] starChild;
  /** A dense index of each star node, for the per-walk "already active" bit set. */
  private final int[] starOrdinal;
  private final int starCount;
  /** Per star ordinal, a 256-bit set of the first bytes of its literal children. */
  private final long[] starFirstBytes;
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
    starFirstBytes = new long[4 * stars];
    for (int node = 0; node < n; node++) {
      if (starChild[node] < 0) {
        continue;
      }
      int star = starChild[node];
      int o = starOrdinal[star];
      for (int i = trie.childStart[star]; i < trie.childStart[star] + trie.childCount[star]; i++) {
        int c = trie.childByte[i] & 0xFF;
        starFirstBytes[4 * o + (c >>> 6)] |= 1L << (c & 63);
      }
    }
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
    return trie.estimatedBytes() + (long) NODE_BYTES * trie.nodeCount + (long) STAR_BYTES * starCount
        + SHELL_BYTES;
  }

  /** The better of {@code best} and the best wildcard match for the path {@code bytes[from, to)}. */
  int match(byte[] bytes, int from, int to, int best, RuleMatcher m, long[] steps) {
    Walk walk = SCRATCH.get();
    if (walk.busy) {
      walk = new Walk();
    }
    walk.busy = true;
    try {
      return walk.run(this, bytes, from, to, best, m, steps);
    } finally {
      walk.busy = false;
    }
  }

  /** Per-thread scratch, so a walk allocates nothing once warm. */
  private static final ThreadLocal<Walk> SCRATCH = ThreadLocal.withInitial(Walk::new);

  /** The scratch state of one walk; reused by one thread, one walk at a time. */
  private static final class Walk {
    private boolean busy;
    private WildcardTrie w;
    private Trie trie;
    private byte[] path;
    private int end;
    private RuleMatcher m;
    private int best;
    /** The states to advance at this byte: a node, and the bytes of its edge matched so far. */
    private int[] currentNode = new int[16];
    private int[] currentOff = new int[16];
    private int currentSize;
    private int[] nextNode = new int[16];
    private int[] nextOff = new int[16];
    private int nextSize;
    private int[] sticky = new int[16];
    /** Per active star (same index as {@code sticky}), the first bytes still worth trying. */
    private long[] live = new long[64];
    /** The union of {@code live}: a byte outside it needs no star advanced. */
    private final long[] union = new long[4];
    private int stickySize;
    private long[] stickySeen = new long[4];
    private long work;

    int run(WildcardTrie w, byte[] path, int from, int to, int best, RuleMatcher m,
        long[] steps) {
      this.w = w;
      this.trie = w.trie;
      this.path = path;
      this.end = to;
      this.best = best;
      this.m = m;
      int words = (w.starCount + 63) >>> 6;
      if (stickySeen.length < words) {
        stickySeen = new long[words];
      } else {
        Arrays.fill(stickySeen, 0, words, 0L);
      }
      currentSize = 0;
      nextSize = 0;
      stickySize = 0;
      Arrays.fill(union, 0L);
      work = 0;
      int result = walk(from, steps);
      this.w = null;
      this.trie = null;
      this.path = null;
      this.m = null;
      return result;
    }

    private int walk(int from, long[] steps) {
      int n = end;
      activate(0, from);
      swap();
      for (int pos = from; pos < n && (currentSize > 0 || stickySize > 0); pos++) {
        if (currentSize == 0) {
          // Only stars are active: a byte outside their live first bytes changes nothing, and
          // the last byte is always taken, since anchored patterns can end there.
          pos = nextLive(pos, n - 1);
        }
        byte b = path[pos];
        if (b != Trie.STAR) {
          advanceSticky(b, pos + 1, pos == n - 1);
          for (int i = 0; i < currentSize; i++) {
            advance(currentNode[i], currentOff[i], b, pos + 1);
          }
        }
        swap();
      }
      if (steps != null) {
        steps[0] = work;
      }
      return best;
    }

    /** The first position in {@code [pos, last)} whose byte is a live first byte, or last. */
    private int nextLive(int pos, int last) {
      long[] u = union;
      byte[] p = path;
      int i = pos;
      while (i < last) {
        int c = p[i] & 0xFF;
        if ((u[c >>> 6] & (1L << (c & 63))) != 0) {
          break;
        }
        i++;
      }
      work += i - pos;
      return i;
    }

    /**
     * Advances the star nodes active before this byte (those activated during it start at the
     * next one). A star's continuation that has no literal children gives nothing new after its
     * first activation (its terminal is counted, its own star is active), so it is dropped from
     * the star's live first bytes; a byte in no active star's live set costs one check. At the
     * last byte, where anchored patterns can still end, every continuation is tried.
     */
    private void advanceSticky(byte b, int posAfter, boolean last) {
      int c = b & 0xFF;
      int word = c >>> 6;
      long bit = 1L << (c & 63);
      work++;
      if (!last && (union[word] & bit) == 0) {
        return;
      }
      int stickyBefore = stickySize;
      boolean changed = false;
      for (int i = 0; i < stickyBefore; i++) {
        int s = sticky[i];
        if (w.maxBelow[s] < m.priority(best)) {
          sticky[i] = -1;
          changed = true;
          continue;
        }
        long bits = last ? w.starFirstBytes[4 * w.starOrdinal[s] + word] : live[4 * i + word];
        if ((bits & bit) == 0) {
          continue;
        }
        work++;
        int child = trie.child(s, b);
        if (child >= 0) {
          reach(child, 1, posAfter);
          if (trie.edgeLength[child] == 1 && w.literalChildren[child] == 0 && !last) {
            live[4 * i + word] &= ~bit;
            changed = true;
          }
        }
      }
      if (changed) {
        compactSticky();
      }
    }

    /** Advances the state (node, off) by {@code b}: along its edge, or into a child. */
    private void advance(int node, int off, byte b, int posAfter) {
      work++;
      if (off < trie.edgeLength[node]) {
        if (trie.labels[trie.edgeStart[node] + off] == b) {
          reach(node, off + 1, posAfter);
        }
        return;
      }
      int child = trie.child(node, b);
      if (child >= 0) {
        reach(child, 1, posAfter);
      }
    }

    /** Enters the state (node, off): the node itself once its whole edge has matched. */
    private void reach(int node, int off, int posAfter) {
      if (off == trie.edgeLength[node]) {
        activate(node, posAfter);
      } else if (w.maxBelow[node] >= m.priority(best)) {
        push(node, off);
      }
    }

    private void push(int node, int off) {
      if (nextSize == nextNode.length) {
        nextNode = Arrays.copyOf(nextNode, nextSize * 2);
        nextOff = Arrays.copyOf(nextOff, nextSize * 2);
      }
      nextNode[nextSize] = node;
      nextOff[nextSize++] = off;
    }

    private void activate(int node, int posAfter) {
      work++;
      if (w.maxBelow[node] < m.priority(best)) {
        return;
      }
      best = m.better(best, trie.prefixTerm[node]);
      if (posAfter == end) {
        best = m.better(best, trie.exactTerm[node]);
      }
      int star = w.starChild[node];
      if (star >= 0) {
        int o = w.starOrdinal[star];
        long bit = 1L << o;
        if ((stickySeen[o >>> 6] & bit) == 0) {
          stickySeen[o >>> 6] |= bit;
          if (stickySize == sticky.length) {
            sticky = Arrays.copyOf(sticky, stickySize * 2);
            live = Arrays.copyOf(live, sticky.length * 4);
          }
          for (int k = 0; k < 4; k++) {
            long first = w.starFirstBytes[4 * o + k];
            live[4 * stickySize + k] = first;
            union[k] |= first;
          }
          sticky[stickySize++] = star;
          if (posAfter == end) {
            best = m.better(best, trie.exactTerm[star]);
          }
          best = m.better(best, trie.prefixTerm[star]);
        }
      }
      if (w.literalChildren[node] > 0) {
        push(node, trie.edgeLength[node]);
      }
    }

    private void compactSticky() {
      int kept = 0;
      Arrays.fill(union, 0L);
      for (int i = 0; i < stickySize; i++) {
        if (sticky[i] >= 0) {
          sticky[kept] = sticky[i];
          for (int k = 0; k < 4; k++) {
            live[4 * kept + k] = live[4 * i + k];
            union[k] |= live[4 * kept + k];
          }
          kept++;
        }
      }
      stickySize = kept;
    }

    private void swap() {
      int[] t = currentNode;
      currentNode = nextNode;
      nextNode = t;
      t = currentOff;
      currentOff = nextOff;
      nextOff = t;
      currentSize = nextSize;
      nextSize = 0;
    }
  }
}
