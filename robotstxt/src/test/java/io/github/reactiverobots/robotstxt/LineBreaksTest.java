package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The word-at-a-time searches against one-byte-at-a-time references, on random bytes dense in the
 * wanted bytes and in bytes one away from them (where a borrow would raise a false flag), at every
 * alignment.
 */
class LineBreaksTest {
  /** The wanted bytes first; then each one's neighbour (x ^ 1), which a borrow could flag. */
  private static final byte[] ALPHABET = {
    '\n',
    '\r',
    '#',
    ':',
    ' ',
    '\t',
    0x0B,
    0x0C,
    '"',
    ';',
    '!',
    0x08,
    'a',
    '$',
    (byte) 0x80,
    (byte) 0xFF,
    0x00,
    0x01
  };

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void colonAndContentEndAgreeWithAByteByByteSearch(long seed) {
    forRandomSlices(
        seed,
        (d, from, to, what) -> {
          long found = LineBreaks.colonAndContentEnd(d, from, to);
          int end = from;
          while (end < to && d[end] != '\n' && d[end] != '\r' && d[end] != '#') {
            end++;
          }
          int colon = -1;
          for (int i = from; i < end && colon < 0; i++) {
            if (d[i] == ':') {
              colon = i;
            }
          }
          assertThat((int) found).as(what).isEqualTo(end);
          assertThat((int) (found >>> 32) - 1).as(what).isEqualTo(colon);
        });
  }

  @ParameterizedTest
  @ValueSource(longs = {4, 5})
  void lineEndSpaceOrTabAndAsciiAgreeWithByteByByteChecks(long seed) {
    forRandomSlices(
        seed,
        (d, from, to, what) -> {
          int lineEnd = from;
          while (lineEnd < to && d[lineEnd] != '\n' && d[lineEnd] != '\r') {
            lineEnd++;
          }
          int gap = from;
          while (gap < to && d[gap] != ' ' && d[gap] != '\t') {
            gap++;
          }
          boolean ascii = true;
          for (int i = from; i < to; i++) {
            ascii &= d[i] >= 0;
          }
          assertThat(LineBreaks.lineEnd(d, from, to)).as(what).isEqualTo(lineEnd);
          assertThat(LineBreaks.spaceOrTab(d, from, to)).as(what).isEqualTo(gap);
          assertThat(LineBreaks.isAscii(d, from, to)).as(what).isEqualTo(ascii);
        });
  }

  /** A check of the slice {@code d[from, to)}, described by {@code what}. */
  private interface SliceCheck {
    void check(byte[] d, int from, int to, String what);
  }

  private static void forRandomSlices(long seed, SliceCheck check) {
    Random random = new Random(seed);
    for (int round = 0; round < 20_000; round++) {
      byte[] d = randomBytes(random, random.nextInt(40));
      int from = d.length == 0 ? 0 : random.nextInt(d.length + 1);
      int to = from + random.nextInt(d.length - from + 1);
      check.check(d, from, to, Arrays.toString(Arrays.copyOfRange(d, from, to)));
    }
  }

  /** Half the arrays dense in wanted bytes, half sparse, so that matches span several words. */
  private static byte[] randomBytes(Random random, int length) {
    byte[] d = new byte[length];
    boolean sparse = random.nextBoolean();
    for (int i = 0; i < length; i++) {
      int pick = random.nextInt(ALPHABET.length);
      d[i] = sparse && pick < 6 && random.nextInt(8) != 0 ? (byte) 'a' : ALPHABET[pick];
    }
    return d;
  }
}
