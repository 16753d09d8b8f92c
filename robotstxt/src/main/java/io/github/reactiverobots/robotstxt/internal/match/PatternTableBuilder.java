package io.github.reactiverobots.robotstxt.internal.match;

import java.util.Arrays;

/**
 * Collects patterns; not thread-safe. A body that {@link #add} makes is copied into the builder; a
 * plain one that {@link #addIfPlain} takes is kept as a range of the caller's array until {@link
 * #build}, which copies every body once into a table of exactly their size.
 */
public final class PatternTableBuilder {
  private static final byte[] NO_TEXT = new byte[0];

  /** Ints per pattern in the slots array. */
  public static final int SLOT = 3;

  /** The bodies {@link #add} made, back to back. */
  private byte[] text = NO_TEXT;

  private int textSize;

  /** The caller's array the plain bodies are ranges of: the first one {@link #addIfPlain} saw. */
  private byte[] source;

  /**
   * Per pattern three ints: where its body starts (in {@code source}, or at {@code ~start} in
   * {@code text} when negative), its length and its facts; one array, so one grows.
   */
  private int[] slots;

  private int size;
  private int bodyBytes;
  private final int expectedBytes;

  PatternTableBuilder(int[] slots, int expectedBytes) {
    this.slots = slots;
    this.expectedBytes = expectedBytes;
  }

  /**
   * The slots array as it stands, for a caller that lent one to {@link PatternTable#builder(int[])}
   * to reuse once this builder is done with.
   *
   * @return the array
   */
  public int[] slots() {
    return slots;
  }

  /**
   * Adds a pattern given normalised (percent-encoding handled), as {@code bytes[from, to)}, of a
   * profile that does not normalise: {@link #add(byte[], int, int, boolean, boolean)} with {@code
   * normalises} false.
   *
   * @param bytes an array holding the normalised pattern
   * @param from its first byte
   * @param to the index after its last byte
   * @param allow whether it is an allow rule
   * @return the pattern's index
   */
  public int add(byte[] bytes, int from, int to, boolean allow) {
    return add(bytes, from, to, allow, false);
  }

  /**
   * Adds a pattern given normalised (percent-encoding handled), as {@code bytes[from, to)}.
   *
   * @param bytes an array holding the normalised pattern
   * @param from its first byte
   * @param to the index after its last byte
   * @param allow whether it is an allow rule
   * @param normalises the profile's {@code normalisesPercentEncoding()}: its {@code %24} (a literal
   *     {@code $}, never the anchor) goes into the body as {@code $}, its {@code %2A} (a literal
   *     {@code *}, never the wildcard) as {@link PercentEncoding#LITERAL_STAR}
   * @return the pattern's index
   */
  public int add(byte[] bytes, int from, int to, boolean allow, boolean normalises) {
    int length = to - from;
    boolean anchored = length > 0 && bytes[to - 1] == '$';
    int end = anchored ? to - 1 : to;
    if (text == NO_TEXT) {
      text = new byte[Math.max(Math.min(expectedBytes, 256), end - from)];
    }
    ensureText(end - from);
    int bodyStart = textSize;
    boolean wildcard = false;
    int star = Trie.firstStar(bytes, from, end);
    if (normalises) {
      star = Math.min(star, firstEscape(bytes, from, star));
    }
    // Bytes before the first star (or %24, %2A) are copied whole; the rest byte by byte,
    // collapsing runs of stars.
    System.arraycopy(bytes, from, text, textSize, star - from);
    textSize += star - from;
    for (int i = star; i < end; i++) {
      byte b = bytes[i];
      if (b == Trie.STAR) {
        if (textSize > bodyStart && text[textSize - 1] == Trie.STAR) {
          continue;
        }
        wildcard = true;
      } else if (normalises && isEscape(bytes, i, end)) {
        b = bytes[i + 2] == '4' ? (byte) '$' : PercentEncoding.LITERAL_STAR;
        i += 2;
      }
      text[textSize++] = b;
    }
    if (textSize > bodyStart && text[textSize - 1] == Trie.STAR) {
      // "/a*" and "/a*$" both match exactly what the prefix "/a" matches.
      textSize--;
      anchored = false;
      wildcard = Trie.firstStar(text, bodyStart, textSize) < textSize;
    }
    return append(
        ~bodyStart,
        textSize - bodyStart,
        length << PatternTable.PRIORITY_SHIFT
            | (wildcard ? PatternTable.WILDCARD : 0)
            | (anchored ? PatternTable.ANCHORED : 0)
            | (allow ? PatternTable.ALLOW : 0));
  }

  /** The index of the first {@code %24} or {@code %2A} in {@code d[from, to)}, or {@code to}. */
  private static int firstEscape(byte[] d, int from, int to) {
    for (int i = from; i < to; i++) {
      if (isEscape(d, i, to)) {
        return i;
      }
    }
    return to;
  }

  /**
   * Whether {@code d[i, to)} starts with {@code %24} or {@code %2A}. In a normalised pattern every
   * {@code %} followed by two hex digits is an escape, upper-cased, so these are the one spelling
   * of each.
   */
  private static boolean isEscape(byte[] d, int i, int to) {
    return i + 2 < to && d[i] == '%' && d[i + 1] == '2' && (d[i + 2] == '4' || d[i + 2] == 'A');
  }

  private int append(int bodyFrom, int bodyLength, int fact) {
    int at = SLOT * size;
    if (at == slots.length) {
      slots = Arrays.copyOf(slots, 2 * slots.length);
    }
    slots[at] = bodyFrom;
    slots[at + 1] = bodyLength;
    slots[at + 2] = fact;
    bodyBytes += bodyLength;
    return size++;
  }

  /** The array holding the body of pattern {@code i}. */
  private byte[] holder(int i) {
    return slots[SLOT * i] < 0 ? text : source;
  }

  /** Where the body of pattern {@code i} starts in {@link #holder}. */
  private int offset(int i) {
    int start = slots[SLOT * i];
    return start < 0 ? ~start : start;
  }

  /**
   * What {@link #addIfPlain} answers for a pattern that is not plain only for its {@code *} or
   * {@code $}: normalisation leaves it as it is.
   */
  public static final int NOT_PLAIN_UNCHANGED = -1;

  /**
   * What {@link #addIfPlain} answers for a pattern holding a byte that normalisation may change.
   */
  public static final int NOT_PLAIN = -2;

  /**
   * Adds the pattern written as {@code bytes[from, to)} when it is plain: no byte that
   * normalisation could change, no {@code *} and no {@code $}, so that it is its own body and its
   * own text, kept as it is: {@code bytes} must not change until {@link #build}. Most patterns are.
   *
   * @param bytes an array holding the pattern as written
   * @param from its first byte
   * @param to the index after its last byte
   * @param allow whether it is an allow rule
   * @param normalises the profile's {@code normalisesPercentEncoding()}
   * @return the pattern's index; or, nothing added, {@link #NOT_PLAIN_UNCHANGED} when only a {@code
   *     *} or {@code $} keeps it from being plain, else {@link #NOT_PLAIN}
   */
  public int addIfPlain(byte[] bytes, int from, int to, boolean allow, boolean normalises) {
    int kind = PlainBytes.kind(bytes, from, to, normalises);
    if (kind != 0) {
      return kind;
    }
    if (source != bytes) {
      if (source != null) {
        // Plain bodies are ranges of one array; one from another array is copied, as add copies.
        return add(bytes, from, to, allow, normalises);
      }
      source = bytes;
    }
    int length = to - from;
    return append(
        from, length, length << PatternTable.PRIORITY_SHIFT | (allow ? PatternTable.ALLOW : 0));
  }

  /**
   * Whether {@link PatternTable#reproduced} of pattern {@code i} gives exactly the normalised
   * pattern {@code bytes[from, to)} it was added from.
   *
   * @param i a pattern index
   * @param bytes the array the pattern was added from
   * @param from its first byte
   * @param to the index after its last byte
   * @return whether the pattern can be rebuilt from its body
   */
  public boolean reproduces(int i, byte[] bytes, int from, int to) {
    int bodyLength = slots[SLOT * i + 1];
    int fact = slots[SLOT * i + 2];
    if (to - from == fact >>> PatternTable.PRIORITY_SHIFT
        && bodyLength == to - from - ((fact & PatternTable.ANCHORED) != 0 ? 1 : 0)) {
      // Its body was made from these bytes leaving none out (no run of stars collapsed, no star
      // dropped): the body is the pattern, with the anchor after it when anchored.
      return true;
    }
    int offset = offset(i);
    if (to - from != fact >>> PatternTable.PRIORITY_SHIFT
        || !Arrays.equals(holder(i), offset, offset + bodyLength, bytes, from, from + bodyLength)) {
      return false;
    }
    int tailEnd = (fact & PatternTable.ANCHORED) != 0 ? to - 1 : to;
    for (int k = from + bodyLength; k < tailEnd; k++) {
      if (bytes[k] != Trie.STAR) {
        return false;
      }
    }
    return tailEnd == to || (tailEnd >= from + bodyLength && bytes[tailEnd] == '$');
  }

  /**
   * The number of patterns added so far.
   *
   * @return the count
   */
  int size() {
    return size;
  }

  private void ensureText(int more) {
    if (textSize + more > text.length) {
      text = Arrays.copyOf(text, Math.max(text.length * 2, textSize + more));
    }
  }

  /**
   * The table of the patterns added, with arrays cut to size.
   *
   * @return the table
   */
  public PatternTable build() {
    byte[] bodies = new byte[bodyBytes];
    int[] start = new int[size + 1];
    int[] info = new int[size];
    int at = 0;
    for (int i = 0; i < size; i++) {
      int length = slots[SLOT * i + 1];
      System.arraycopy(holder(i), offset(i), bodies, at, length);
      start[i] = at;
      info[i] = slots[SLOT * i + 2];
      at += length;
    }
    start[size] = at;
    return new PatternTable(bodies, start, info);
  }
}
