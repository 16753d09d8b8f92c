package io.github.reactiverobots.robotstxt.internal.match;

import java.util.Arrays;

/**
 * The fast path of {@link WildcardTrie} for a small set of wildcard patterns: each pattern is tried
 * on its own, best first, by finding its literal segments (the bytes between stars) left to right,
 * each at its leftmost place after the one before; a final {@code $} pins the last segment to the
 * path's end. For {@code *}-only patterns this leftmost placement finds a match whenever there is
 * one, so nothing backtracks.
 *
 * <p>Patterns are ranked by priority, then allow before disallow. The first pattern that matches
 * decides unless another of the same priority and kind matches too: which of those the trie walk
 * reports depends on where in the path each one completes, so such a path is answered {@link
 * #UNDECIDED} and goes to the walk. Stateless; the ranked array is never changed.
 */
final class WildcardScan {
  /** Returned when the walk must decide. */
  static final int UNDECIDED = -2;

  /** The most patterns ranked; more go to the walk only. */
  static final int MAX_PATTERNS = 16;

  /** The most body bytes of all ranked patterns together. */
  static final int MAX_BYTES = 512;

  /**
   * The longest path scanned: with {@link #MAX_BYTES}, this bounds a scan's byte comparisons to
   * about half a million even for a path and patterns built to make every candidate fail late.
   */
  static final int MAX_PATH = 1024;

  private WildcardScan() {}

  /**
   * The wildcard {@code members} of {@code table} ranked best first, or null when there are too
   * many of them for a scan.
   */
  static int[] rank(PatternTable table, int[] members) {
    if (members.length > MAX_PATTERNS) {
      return null;
    }
    long bytes = 0;
    long[] keyed = new long[members.length];
    for (int i = 0; i < members.length; i++) {
      int m = members[i];
      bytes += table.start[m + 1] - table.start[m];
      // Ascending order of the key is descending priority, then allow first, then index.
      long rank = ((long) table.priority(m) << 1) | (table.allows(m) ? 1 : 0);
      keyed[i] = (~rank << 32) | m;
    }
    if (bytes > MAX_BYTES) {
      return null;
    }
    Arrays.sort(keyed);
    int[] ranked = new int[members.length];
    for (int i = 0; i < ranked.length; i++) {
      ranked[i] = (int) keyed[i];
    }
    return ranked;
  }

  /**
   * The better of {@code best} and the best of the {@code ranked} patterns matching {@code
   * path[from, to)}, or {@link #UNDECIDED}.
   */
  static int match(PatternTable table, int[] ranked, byte[] path, int from, int to, int best) {
    for (int k = 0; k < ranked.length; k++) {
      int m = ranked[k];
      if (!beats(table, m, best)) {
        return best;
      }
      if (matches(table, m, path, from, to)) {
        for (int j = k + 1; j < ranked.length && sameRank(table, ranked[j], m); j++) {
          if (matches(table, ranked[j], path, from, to)) {
            return UNDECIDED;
          }
        }
        return m;
      }
    }
    return best;
  }

  /** Whether pattern {@code m} would replace {@code best} (-1 for none), as the walk decides. */
  private static boolean beats(PatternTable table, int m, int best) {
    return m != best && Trie.better(table, best, m) == m;
  }

  private static boolean sameRank(PatternTable table, int a, int b) {
    return table.priority(a) == table.priority(b) && table.allows(a) == table.allows(b);
  }

  /** Whether wildcard pattern {@code m} matches {@code path[from, to)}. */
  static boolean matches(PatternTable table, int m, byte[] path, int from, int to) {
    byte[] text = table.text;
    int start = table.start[m];
    int end = table.start[m + 1];
    int star = Trie.firstStar(text, start, end);
    int head = star - start;
    if (head > to - from || !Arrays.equals(text, start, star, path, from, from + head)) {
      return false;
    }
    int pos = from + head;
    int limit = to;
    int middleEnd = end;
    if (table.anchored(m)) {
      int lastStar = lastStar(text, end);
      int tail = end - lastStar - 1;
      limit = to - tail;
      if (limit < pos || !Arrays.equals(text, lastStar + 1, end, path, limit, to)) {
        return false;
      }
      middleEnd = lastStar;
    }
    // Runs of stars are collapsed and a trailing star dropped, so no segment is empty.
    for (int s = star + 1; s < middleEnd; ) {
      int e = Trie.firstStar(text, s, middleEnd);
      int found = indexOf(path, pos, limit, text, s, e - s);
      if (found < 0) {
        return false;
      }
      pos = found + (e - s);
      s = e + 1;
    }
    return true;
  }

  /** The index of the last {@code *} before {@code to}, in a body known to hold one. */
  private static int lastStar(byte[] text, int to) {
    int i = to - 1;
    while (text[i] != Trie.STAR) {
      i--;
    }
    return i;
  }

  /** The first index of {@code seg[at, at + length)} in {@code path[from, to)}, or -1. */
  private static int indexOf(byte[] path, int from, int to, byte[] seg, int at, int length) {
    int lastStart = to - length;
    byte first = seg[at];
    for (int i = from; i <= lastStart; i++) {
      if (path[i] == first && Arrays.equals(path, i + 1, i + length, seg, at + 1, at + length)) {
        return i;
      }
    }
    return -1;
  }
}
