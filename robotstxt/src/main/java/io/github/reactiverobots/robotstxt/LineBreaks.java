package io.github.reactiverobots.robotstxt;

import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.HIGHS;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.ONES;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.bytesBelow;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.firstOf;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.word;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.zeroBytes;

/**
 * Finds the bytes that shape a line (its end, its comment, its colon) eight bytes at a time, with
 * {@link io.github.reactiverobots.robotstxt.internal.bytes.ByteWords}.
 */
final class LineBreaks {
  private LineBreaks() {}

  /** The index of the first {@code \n} or {@code \r} in {@code d[from, to)}, or {@code to}. */
  static int lineEnd(byte[] d, int from, int to) {
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = word(d, i);
      // As in colonAndContentEnd: the bytes below \r flag \n and \r, and rarer controls, which
      // the exact test tells apart.
      if (bytesBelow(w, '\r' + 1) != 0) {
        long ends = zeroBytes(w ^ ('\n' * ONES)) | zeroBytes(w ^ ('\r' * ONES));
        if (ends != 0) {
          return i + (Long.numberOfTrailingZeros(ends) >>> 3);
        }
      }
    }
    for (; i < to; i++) {
      if (d[i] == '\n' || d[i] == '\r') {
        return i;
      }
    }
    return to;
  }

  /**
   * Where the content of the line starting at {@code from} ends (its first {@code \n}, {@code \r}
   * or {@code #}, or {@code to}) and its first {@code :} before that, in one pass, as {@code (colon
   * + 1) << 32 | contentEnd}: the high half is 0 when the content holds no colon. Each search flags
   * its first byte of a word exactly, so the first colon and the first end byte of a word compare
   * exactly.
   */
  static long colonAndContentEnd(byte[] d, int from, int to) {
    int colon = -1;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = word(d, i);
      // The bytes below \r flag \n and \r, and tabs and other controls, rarer, which the exact
      // test then tells apart: two tests for most words instead of three.
      long ends = bytesBelow(w, '\r' + 1) | zeroBytes(w ^ ('#' * ONES));
      if (ends != 0) {
        ends =
            zeroBytes(w ^ ('\n' * ONES))
                | zeroBytes(w ^ ('\r' * ONES))
                | zeroBytes(w ^ ('#' * ONES));
      }
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
      seen |= word(d, i);
    }
    for (; i < to; i++) {
      seen |= d[i];
    }
    return (seen & HIGHS) == 0;
  }
}
