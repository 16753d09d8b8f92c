package io.github.reactiverobots.core.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the bytes that shape a line (its end, its comment, its colon) eight bytes at a time: each
 * word is tested for the wanted bytes with the "has zero byte" test, which flags the first
 * wanted byte of a word exactly (a later flag may be false, and is never used).
 */
final class LineBreaks {
  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private LineBreaks() {}

  /** The index of the first {@code \n} or {@code \r} in {@code d[from, to)}, or {@code to}. */
  static int lineEnd(byte[] d, int from, int to) {
    return firstOf(d, from, to, '\n', '\r', '\r', '\r');
  }

  /**
   * Where the content of the line starting at {@code from} ends (its first {@code \n}, {@code \r}
   * or {@code #}, or {@code to}) and its first {@code :} before that, in one pass, as
   * {@code (colon + 1) << 32 | contentEnd}: the high half is 0 when the content holds no colon.
   * Each search flags its first byte of a word exactly, so the first colon and the first end
   * byte of a word compare exactly.
   */
  static long colonAndContentEnd(byte[] d, int from, int to) {
    int colon = -1;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = (long) WORDS.get(d, i);
      long ends = zeroBytes(w ^ ('\n' * ONES)) | zeroBytes(w ^ ('\r' * ONES))
          | zeroBytes(w ^ ('#' * ONES));
      if (colon < 0) {
        long colons = zeroBytes(w ^ (':' * ONES));
        int bit = Long.numberOfTrailingZeros(colons);
        if (colons != 0 && (ends == 0 || bit < Long.numberOfTrailingZeros(ends))) {
          colon = i + (bit >>> 3);
        }
      }
      if (ends != 0) {
        return pack(colon, i + (Long.numberOfTrailingZeros(ends) >>> 3));
      }
    }
    for (; i < to; i++) {
      byte b = d[i];
      if (b == '\n' || b == '\r' || b == '#') {
        return pack(colon, i);
      }
      if (b == ':' && colon < 0) {
        colon = i;
      }
    }
    return pack(colon, to);
  }

  private static long pack(int colon, int contentEnd) {
    return (long) (colon + 1) << 32 | contentEnd;
  }

  /** The index of the first space or tab in {@code d[from, to)}, or {@code to}. */
  static int spaceOrTab(byte[] d, int from, int to) {
    return firstOf(d, from, to, ' ', '\t', '\t', '\t');
  }

  /** Whether {@code d[from, to)} holds only ASCII bytes. */
  static boolean isAscii(byte[] d, int from, int to) {
    long seen = 0;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      seen |= (long) WORDS.get(d, i);
    }
    for (; i < to; i++) {
      seen |= d[i];
    }
    return (seen & HIGHS) == 0;
  }

  private static int firstOf(byte[] d, int from, int to, int a, int b, int c, int e) {
    long wa = a * ONES;
    long wb = b * ONES;
    long wc = c * ONES;
    long we = e * ONES;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = (long) WORDS.get(d, i);
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

  /** The high bit of each zero byte of {@code x} up to its first one (later ones unreliable). */
  private static long zeroBytes(long x) {
    return (x - ONES) & ~x & HIGHS;
  }
}
