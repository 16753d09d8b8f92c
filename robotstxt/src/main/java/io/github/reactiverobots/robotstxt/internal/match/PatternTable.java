package io.github.reactiverobots.robotstxt.internal.match;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The patterns of one robots.txt, flat: their match bodies back to back in one byte array, and per
 * pattern one int of facts. A body is the normalised pattern with runs of {@code *} collapsed,
 * trailing {@code *} dropped, a final {@code $} taken off (it sets {@code anchored}) and, when the
 * profile normalises, each {@code %24} written as the {@code $} it stands for and each {@code %2A}
 * as {@link PercentEncoding#LITERAL_STAR} (a path's {@code %24} and {@code *} are read so too:
 * {@link PercentEncoding}); the priority is the octet length of the normalised pattern as written
 * (SEMANTICS.md §3, §4). The matchers of every group selection of the file share one table, and
 * their trie labels are ranges of its bytes, so a pattern's bytes are held once. Immutable once
 * built; thread-safe.
 */
public final class PatternTable {
  static final int ALLOW = 1;
  static final int ANCHORED = 2;
  static final int WILDCARD = 4;
  static final int PRIORITY_SHIFT = 3;

  final byte[] text;

  /** Body {@code i} is {@code text[start[i], start[i + 1])}. */
  final int[] start;

  /** Per pattern: priority, then the wildcard, anchored and allow bits. */
  final int[] info;

  PatternTable(byte[] text, int[] start, int[] info) {
    this.text = text;
    this.start = start;
    this.info = info;
  }

  /**
   * A builder for about {@code patterns} patterns of {@code bytes} bytes in all.
   *
   * @param patterns the expected number of patterns
   * @param bytes the expected body bytes
   * @return an empty builder
   */
  public static PatternTableBuilder builder(int patterns, int bytes) {
    return new PatternTableBuilder(
        new int[PatternTableBuilder.SLOT * Math.max(1, patterns)], Math.max(16, bytes));
  }

  /**
   * A builder that starts in {@code slots}, a scratch array of the caller's (its contents are
   * ignored), which {@link PatternTableBuilder#slots()} hands back, or a larger one if it grew.
   *
   * @param slots an array of at least {@link PatternTableBuilder#SLOT} ints
   * @return an empty builder
   */
  public static PatternTableBuilder builder(int[] slots) {
    return new PatternTableBuilder(slots, 256);
  }

  /**
   * The number of patterns.
   *
   * @return the count
   */
  int size() {
    return info.length;
  }

  /**
   * Whether pattern {@code i} is an {@code allow}.
   *
   * @param i a pattern index
   * @return true for allow, false for disallow
   */
  public boolean allows(int i) {
    return (info[i] & ALLOW) != 0;
  }

  /**
   * The priority of pattern {@code i}: its normalised octet length, {@code *} and {@code $}
   * included.
   *
   * @param i a pattern index
   * @return the priority
   */
  public int priority(int i) {
    return info[i] >>> PRIORITY_SHIFT;
  }

  /**
   * Whether pattern {@code i} ends with a {@code $} anchor (after trailing stars are dropped).
   *
   * @param i a pattern index
   * @return whether it matches only at the end of the path
   */
  boolean anchored(int i) {
    return (info[i] & ANCHORED) != 0;
  }

  boolean wildcard(int i) {
    return (info[i] & WILDCARD) != 0;
  }

  /**
   * Whether pattern {@code i} alone matches the normalised path {@code path[from, to)}, as a rule's
   * pattern does: a prefix of it (all of it when anchored), {@code *} any run of octets. For a
   * caller that asks each pattern in its own order (a TDMRep file's first match) rather than the
   * longest.
   *
   * @param i a pattern index
   * @param path the path's bytes, normalised as paths are
   * @param from its first byte
   * @param to the index after its last byte
   * @return whether it matches
   */
  public boolean matches(int i, byte[] path, int from, int to) {
    if (wildcard(i)) {
      return WildcardScan.matches(this, i, path, from, to);
    }
    int length = start[i + 1] - start[i];
    return (anchored(i) ? to - from == length : to - from >= length)
        && Arrays.equals(text, start[i], start[i + 1], path, from, from + length);
  }

  /**
   * Pattern {@code i} as normalised, rebuilt from its body: the body, then as many {@code *} as
   * were dropped from its end, then {@code $} when anchored. Exact unless runs of {@code *} were
   * collapsed inside it, a {@code $} followed dropped stars or a {@code %24} or {@code %2A} became
   * one octet (then as many stars as it lost octets follow); {@link PatternTableBuilder#reproduces}
   * tells. Two patterns with one rebuilt form match the same paths with the same priority.
   *
   * @param i a pattern index
   * @return a new array
   */
  public byte[] reproduced(int i) {
    int from = start[i];
    int to = start[i + 1];
    byte[] tail = tail(info[i], to - from);
    byte[] out = Arrays.copyOfRange(text, from, to + tail.length);
    System.arraycopy(tail, 0, out, to - from, tail.length);
    return out;
  }

  /**
   * {@link #reproduced} as text: its bytes decoded as UTF-8. Reads the body in place when nothing
   * follows it (no dropped stars, no anchor), so that a verdict's rule costs one array fewer.
   *
   * @param i a pattern index
   * @return the pattern as normalised, as text
   */
  public String reproducedText(int i) {
    int from = start[i];
    int to = start[i + 1];
    if ((info[i] >>> PRIORITY_SHIFT) > to - from) {
      byte[] b = reproduced(i);
      return text(b, 0, b.length);
    }
    return text(text, from, to);
  }

  private static String text(byte[] d, int from, int to) {
    return new String(d, from, to - from, StandardCharsets.UTF_8);
  }

  /**
   * An estimate of the retained heap size, in bytes: the three arrays.
   *
   * @return the estimate
   */
  public long estimatedBytes() {
    return HeapSizes.object(3L * HeapSizes.REFERENCE)
        + HeapSizes.array(text.length, 1)
        + HeapSizes.array(start.length, Integer.BYTES)
        + HeapSizes.array(info.length, Integer.BYTES);
  }

  /**
   * What followed a body of {@code bodyLength} bytes in the normalised pattern, as far as the facts
   * tell: the stars dropped from its end, then {@code $} when anchored.
   */
  static byte[] tail(int fact, int bodyLength) {
    byte[] tail = new byte[Math.max(0, (fact >>> PRIORITY_SHIFT) - bodyLength)];
    Arrays.fill(tail, Trie.STAR);
    if ((fact & ANCHORED) != 0 && tail.length > 0) {
      tail[tail.length - 1] = '$';
    }
    return tail;
  }
}
