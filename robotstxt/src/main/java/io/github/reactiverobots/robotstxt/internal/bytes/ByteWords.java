package io.github.reactiverobots.robotstxt.internal.bytes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte search eight bytes at a time: a byte array is read as little-endian words, and each word is
 * tested for wanted bytes with the carry-free "has zero byte" test. The tests flag the first wanted
 * byte of a word exactly; a later flag in the same word may be false (a borrow from a true one), so
 * callers use only the lowest flag, or only whether any flag is set. Stateless and thread-safe;
 * shared by the scanner, the matcher and the cache, not API.
 */
public final class ByteWords {
  /** 0x01 in every byte: {@code b * ONES} repeats {@code b} across a word. */
  public static final long ONES = 0x0101010101010101L;

  /** The high bit of every byte. */
  public static final long HIGHS = 0x8080808080808080L;

  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private ByteWords() {}

  /** The eight bytes of {@code b} from {@code at}, the first in the lowest byte. */
  public static long word(byte[] b, int at) {
    return (long) WORDS.get(b, at);
  }

  /** The high bit of each zero byte of {@code x}: exact up to the first, later ones unreliable. */
  public static long zeroBytes(long x) {
    return (x - ONES) & ~x & HIGHS;
  }

  /**
   * For a word with no byte above 0x7F, the high bit of each byte below {@code n} ({@code n} at
   * most 0x80): exact up to the first, later ones unreliable.
   */
  public static long bytesBelow(long w, int n) {
    return (w - n * ONES) & ~w & HIGHS;
  }

  /**
   * The index of the first {@code a}, {@code b}, {@code c} or {@code e} in {@code d[from, to)}, or
   * {@code to}.
   */
  public static int firstOf(byte[] d, int from, int to, int a, int b, int c, int e) {
    long wa = a * ONES;
    long wb = b * ONES;
    long wc = c * ONES;
    long we = e * ONES;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = word(d, i);
      long found = zeroBytes(w ^ wa) | zeroBytes(w ^ wb) | zeroBytes(w ^ wc) | zeroBytes(w ^ we);
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      int x = d[i];
      if (x == a || x == b || x == c || x == e) {
        return i;
      }
    }
    return to;
  }

  /**
   * The offset of the first byte where {@code a[aFrom, aFrom + length)} and {@code b[bFrom, bFrom +
   * length)} differ, or {@code length} when they are equal; eight bytes at a time. Faster than
   * {@code Arrays.mismatch} on the short ranges patterns are made of.
   */
  public static int mismatch(byte[] a, int aFrom, byte[] b, int bFrom, int length) {
    if (length < Long.BYTES && aFrom + Long.BYTES <= a.length && bFrom + Long.BYTES <= b.length) {
      // A short range inside both arrays: one word each, the bytes past the range ignored.
      long x = word(a, aFrom) ^ word(b, bFrom);
      return Math.min(length, Long.numberOfTrailingZeros(x) >>> 3);
    }
    int i = 0;
    for (; i + Long.BYTES <= length; i += Long.BYTES) {
      long x = word(a, aFrom + i) ^ word(b, bFrom + i);
      if (x != 0) {
        return i + (Long.numberOfTrailingZeros(x) >>> 3);
      }
    }
    for (; i < length; i++) {
      if (a[aFrom + i] != b[bFrom + i]) {
        return i;
      }
    }
    return length;
  }
}
