package io.github.reactiverobots.robotstxt.internal.match;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import java.util.Arrays;

/**
 * The patterns with an inner {@code *}, in a radix trie whose edges stop at each star, walked as a
 * state set (see {@link RuleMatcher}): a state is a node and how many bytes of the edge into it
 * have matched. Immutable and thread-safe; each walk uses its own scratch state.
 */
final class WildcardTrie {
  private final Trie trie;

  /** The highest priority of any pattern ending at or below each node. */
  private final int[] maxBelow;

  /** The patterns ranked for {@link WildcardScan}, or null when they are too many for it. */
  private final int[] ranked;

  WildcardTrie(Trie trie, int[] ranked) {
    this.trie = trie;
    this.ranked = ranked;
    int n = trie.nodeCount;
    maxBelow = new int[n];
    // Children always have higher indices than their parent, so one backward pass suffices.
    for (int node = n - 1; node >= 0; node--) {
      int best =
          Math.max(trie.priority(trie.prefixTerm(node)), trie.priority(trie.exactTerm(node)));
      int start = trie.firstChild(node);
      for (int i = start; i < start + trie.childCount(node); i++) {
        best = Math.max(best, maxBelow[i]);
      }
      maxBelow[node] = best;
    }
  }

  /** The highest priority of any pattern in this trie. */
  int maxPriority() {
    return maxBelow[0];
  }

  long estimatedBytes() {
    return trie.estimatedBytes()
        + HeapSizes.object(3L * HeapSizes.REFERENCE)
        + HeapSizes.array(maxBelow.length, Integer.BYTES)
        + (ranked == null ? 0 : HeapSizes.array(ranked.length, Integer.BYTES));
  }

  /**
   * The better of {@code best} and the best wildcard match for the path {@code bytes[from, to)}.
   */
  int match(byte[] bytes, int from, int to, int best, long[] steps) {
    if (ranked != null && steps == null && to - from <= WildcardScan.MAX_PATH) {
      int scanned = WildcardScan.match(trie.table, ranked, bytes, from, to, best);
      if (scanned != WildcardScan.UNDECIDED) {
        return scanned;
      }
    }
    return walk(bytes, from, to, best, steps);
  }

  /** {@link #match} by the walk alone. */
  int walk(byte[] bytes, int from, int to, int best, long[] steps) {
    Walk walk = SCRATCH.get();
    if (walk.busy) {
      walk = new Walk();
    }
    walk.busy = true;
    try {
      return walk.run(this, bytes, from, to, best, steps);
    } finally {
      walk.busy = false;
    }
  }

  /** The children of {@code node} that are not its star child. */
  private int literalChildren(int node) {
    return trie.childCount(node) - (trie.starChild(node) >= 0 ? 1 : 0);
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
    private int best;

    /** The priority of {@code best}, -1 for none. */
    private int bestPriority;

    /** The trie's {@code maxBelow}. */
    private int[] maxBelow;

    /** The states to advance at this byte: a node, and the bytes of its edge matched so far. */
    private int[] currentNode = new int[16];

    private int[] currentOff = new int[16];
    private int currentSize;
    private int[] nextNode = new int[16];
    private int[] nextOff = new int[16];
    private int nextSize;
    private int[] sticky = new int[16];

    /** Per active star (same index as {@code sticky}), the first bytes of its literal children. */
    private long[] full = new long[64];

    /** Per active star, the first bytes still worth trying. */
    private long[] live = new long[64];

    /** The union of {@code live}: a byte outside it needs no star advanced. */
    private final long[] union = new long[4];

    private int stickySize;

    /** The star nodes already active, by node index; cleared after each walk. */
    private long[] stickySeen = new long[4];

    /** The star nodes activated in this walk, whose bits to clear after it. */
    private int[] seenStars = new int[16];

    private int seenCount;
    private long work;

    int run(WildcardTrie w, byte[] path, int from, int to, int best, long[] steps) {
      this.w = w;
      this.trie = w.trie;
      this.path = path;
      this.end = to;
      this.best = best;
      this.bestPriority = trie.priority(best);
      this.maxBelow = w.maxBelow;
      int words = (trie.nodeCount + 63) >>> 6;
      if (stickySeen.length < words) {
        stickySeen = new long[words];
      }
      currentSize = 0;
      nextSize = 0;
      stickySize = 0;
      Arrays.fill(union, 0L);
      work = 0;
      int result = walk(from, steps);
      for (int i = 0; i < seenCount; i++) {
        stickySeen[seenStars[i] >>> 6] = 0L;
      }
      seenCount = 0;
      this.w = null;
      this.trie = null;
      this.path = null;
      this.maxBelow = null;
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
          // A byte in no active star's live set costs this one check, made here, not in a call.
          int c = b & 0xFF;
          boolean last = pos == n - 1;
          work++;
          if (last || (union[c >>> 6] & (1L << (c & 63))) != 0) {
            advanceSticky(b, pos + 1, last);
          }
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
     * Advances the star nodes active before this byte (those activated during it start at the next
     * one). A star's continuation that has no literal children gives nothing new after its first
     * activation (its terminal is counted, its own star is active), so it is dropped from the
     * star's live first bytes. At the last byte, where anchored patterns can still end, every
     * continuation is tried. Called only for a byte in some active star's live set, or the last.
     */
    private void advanceSticky(byte b, int posAfter, boolean last) {
      int c = b & 0xFF;
      int word = c >>> 6;
      long bit = 1L << (c & 63);
      int stickyBefore = stickySize;
      boolean changed = false;
      for (int i = 0; i < stickyBefore; i++) {
        int s = sticky[i];
        if (maxBelow[s] < bestPriority) {
          sticky[i] = -1;
          changed = true;
          continue;
        }
        long bits = last ? full[4 * i + word] : live[4 * i + word];
        if ((bits & bit) == 0) {
          continue;
        }
        work++;
        int child = trie.child(s, b);
        if (child >= 0) {
          reach(child, 1, posAfter);
          if (!last && trie.labelLength(child) == 1 && w.literalChildren(child) == 0) {
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
      if (off < trie.labelLength(node)) {
        if (trie.text[trie.labelStart(node) + off] == b) {
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
      if (off == trie.labelLength(node)) {
        activate(node, posAfter);
      } else if (maxBelow[node] >= bestPriority) {
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
      if (maxBelow[node] < bestPriority) {
        return;
      }
      improve(trie.prefixTerm(node));
      if (posAfter == end) {
        improve(trie.exactTerm(node));
      }
      int star = trie.starChild(node);
      if (star >= 0 && (stickySeen[star >>> 6] & (1L << star)) == 0) {
        stickySeen[star >>> 6] |= 1L << star;
        if (seenCount == seenStars.length) {
          seenStars = Arrays.copyOf(seenStars, seenCount * 2);
        }
        seenStars[seenCount++] = star;
        addSticky(star);
        if (posAfter == end) {
          improve(trie.exactTerm(star));
        }
        improve(trie.prefixTerm(star));
      }
      if (trie.childCount(node) > (star >= 0 ? 1 : 0)) {
        push(node, trie.labelLength(node));
      }
    }

    /** Makes {@code term} the best match when it is better. */
    private void improve(int term) {
      int better = trie.better(best, term);
      if (better != best) {
        best = better;
        bestPriority = trie.priority(better);
      }
    }

    /** Makes {@code star} active, with the first bytes of its children live. */
    private void addSticky(int star) {
      if (stickySize == sticky.length) {
        sticky = Arrays.copyOf(sticky, stickySize * 2);
        full = Arrays.copyOf(full, sticky.length * 4);
        live = Arrays.copyOf(live, sticky.length * 4);
      }
      int at = 4 * stickySize;
      Arrays.fill(full, at, at + 4, 0L);
      int first = trie.firstChild(star);
      for (int i = first; i < first + trie.childCount(star); i++) {
        int c = trie.firstByte(i) & 0xFF;
        full[at + (c >>> 6)] |= 1L << (c & 63);
      }
      for (int k = 0; k < 4; k++) {
        live[at + k] = full[at + k];
        union[k] |= full[at + k];
      }
      sticky[stickySize++] = star;
    }

    private void compactSticky() {
      int kept = 0;
      Arrays.fill(union, 0L);
      for (int i = 0; i < stickySize; i++) {
        if (sticky[i] >= 0) {
          sticky[kept] = sticky[i];
          for (int k = 0; k < 4; k++) {
            full[4 * kept + k] = full[4 * i + k];
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
