package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.text.ProductTokens;

/**
 * The group names of one robots.txt as a builder collects them (SEMANTICS.md §2): per lower-case
 * name, in the order first written, the groups it names, ascending, without repeats. Reads each
 * name from the scanner's bytes and keeps it as bytes; no {@code String} per name. One per parse;
 * not thread-safe.
 */
final class NameGroups {
  private static final byte[] NO_BYTES = new byte[0];

  private final PackedStrings.Builder names = new PackedStrings.Builder();
  private final StringIndex index = new StringIndex();

  /** The lower-cased copies of names written with capitals, back to back; see addLowerCased. */
  private byte[] lowered = NO_BYTES;

  private int loweredSize;

  /**
   * Per name, its first and last entry; per entry, its group and the next entry (-1 at the end).
   */
  private final Ints head = new Ints(0);

  private final Ints tail = new Ints(0);
  private final Ints entryGroup = new Ints(0);
  private final Ints entryNext = new Ints(0);

  /**
   * Records that the user-agent value {@code d[from, to)} names group {@code group}: its name is
   * its leading run of {@code A-Z a-z _ -}, lower-cased, as {@link UserAgents#groupName} takes it.
   * Groups are added in ascending order.
   */
  void add(byte[] d, int from, int to, int group) {
    int end = from;
    int h = 0;
    boolean upper = false;
    while (end < to && ProductTokens.isTokenChar(d[end])) {
      int c = d[end];
      boolean letter = c >= 'A' && c <= 'Z';
      upper |= letter;
      h = 31 * h + (letter ? c + ('a' - 'A') : c);
      end++;
    }
    int n = index.find(names, d, from, end, h, true);
    if (n < 0) {
      if (upper) {
        addLowerCased(d, from, end);
      } else {
        // Already lower-case: kept as a range of the scanner's array, as the user-agent values are.
        names.add(d, from, end);
      }
      index.add(h);
      head.add(entryGroup.size());
      tail.add(entryGroup.size());
      entryGroup.add(group);
      entryNext.add(-1);
    } else if (entryGroup.get(tail.get(n)) != group) {
      entryNext.set(tail.get(n), entryGroup.size());
      tail.set(n, entryGroup.size());
      entryGroup.add(group);
      entryNext.add(-1);
    }
  }

  /**
   * Adds {@code d[from, to)} lower-cased, written into {@link #lowered}: a full buffer is replaced,
   * never changed, so the names already in it stay as they were.
   */
  private void addLowerCased(byte[] d, int from, int to) {
    int length = to - from;
    if (loweredSize + length > lowered.length) {
      lowered = new byte[Math.max(64, Math.max(2 * lowered.length, length))];
      loweredSize = 0;
    }
    for (int k = 0; k < length; k++) {
      int c = d[from + k];
      lowered[loweredSize + k] = (byte) (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    }
    names.add(lowered, loweredSize, loweredSize + length);
    loweredSize += length;
  }

  /** The number of names. */
  int size() {
    return head.size();
  }

  /** The names, lower-cased, in the order first written. */
  PackedStrings.Builder names() {
    return names;
  }

  /** Whether name {@code n} names one group only. */
  boolean single(int n) {
    return head.get(n) == tail.get(n);
  }

  /** The first group name {@code n} names. */
  int firstGroup(int n) {
    return entryGroup.get(head.get(n));
  }

  /** The groups name {@code n} names, ascending. */
  Ints groups(int n) {
    Ints out = new Ints(4);
    for (int e = head.get(n); e >= 0; e = entryNext.get(e)) {
      out.add(entryGroup.get(e));
    }
    return out;
  }
}
