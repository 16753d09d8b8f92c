package io.github.reactiverobots.robotstxt.internal.match;

import io.github.reactiverobots.robotstxt.internal.bytes.ByteWords;

/**
 * Tells what a pattern as written holds, for {@link PatternTableBuilder#addIfPlain}: whether it can
 * be its own body as it is, or only its {@code *} or {@code $} keep it from that, or a byte that
 * normalisation may change. Stateless.
 */
final class PlainBytes {
  private PlainBytes() {}

  /**
   * What {@code d[from, to)} holds, eight bytes at a time: 0 when only printable ASCII other than
   * {@code %}, {@code *}, {@code $} and (when normalising) the space; {@link
   * PatternTableBuilder#NOT_PLAIN} when a byte normalisation may change ({@code %}, a control, DEL,
   * non-ASCII, the space when normalising); else {@link PatternTableBuilder#NOT_PLAIN_UNCHANGED}.
   */
  static int kind(byte[] d, int from, int to, boolean normalises) {
    long space = normalises ? ' ' * ByteWords.ONES : '%' * ByteWords.ONES;
    int kind = 0;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      kind = Math.min(kind, special(ByteWords.word(d, i), space));
      if (kind == PatternTableBuilder.NOT_PLAIN) {
        return kind;
      }
    }
    if (i < to && to - from >= Long.BYTES) {
      return Math.min(kind, special(ByteWords.word(d, to - Long.BYTES), space));
    }
    for (; i < to; i++) {
      int b = d[i] & 0xFF;
      if (b < 0x20 || b >= 0x7F || b == '%' || (normalises && b == ' ')) {
        return PatternTableBuilder.NOT_PLAIN;
      }
      if (b == '*' || b == '$') {
        kind = PatternTableBuilder.NOT_PLAIN_UNCHANGED;
      }
    }
    return kind;
  }

  /**
   * What a word holds, as {@link #kind} tells. A test's flags past its first true one may be false,
   * but only above a true one: a test flags a word only when it holds a byte it looks for.
   */
  private static int special(long w, long space) {
    if ((w & ByteWords.HIGHS) != 0) {
      return PatternTableBuilder.NOT_PLAIN;
    }
    // Every byte the tests below look for is under '+' (0x2B) or is DEL; most words of a path
    // hold neither, and then three operations tell it.
    if ((ByteWords.bytesBelow(w, '+') | ByteWords.zeroBytes(w ^ (0x7F * ByteWords.ONES))) == 0) {
      return 0;
    }
    if ((ByteWords.bytesBelow(w, 0x20)
            | ByteWords.zeroBytes(w ^ (0x7F * ByteWords.ONES))
            | ByteWords.zeroBytes(w ^ ('%' * ByteWords.ONES))
            | ByteWords.zeroBytes(w ^ space))
        != 0) {
      return PatternTableBuilder.NOT_PLAIN;
    }
    return (ByteWords.zeroBytes(w ^ ('*' * ByteWords.ONES))
                | ByteWords.zeroBytes(w ^ ('$' * ByteWords.ONES)))
            != 0
        ? PatternTableBuilder.NOT_PLAIN_UNCHANGED
        : 0;
  }
}
