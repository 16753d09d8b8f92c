package io.github.reactiverobots.robotstxt.internal.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * SEMANTICS.md §4: the per-thread buffer a check matches a path from holds exactly the bytes {@link
 * PercentEncoding#normalisedPath} makes, and {@link PercentEncoding#isMatchedAsIs} is true exactly
 * when those bytes are the path's own.
 */
class PathScratchTest {
  private static final byte[] ALPHABET = {
    '/',
    '/',
    '.',
    '.',
    '%',
    '%',
    '?',
    ' ',
    'a',
    'z',
    'e',
    'E',
    'f',
    '2',
    '4',
    '1',
    '*',
    '$',
    (byte) 0x80,
    (byte) 0xC3,
    0x1F,
    0x7F
  };

  @Test
  void matchedAsWritesWhatNormalisedPathMakes() {
    Random random = new Random(11);
    for (int t = 0; t < 20_000; t++) {
      // Now and then a path long enough that its result gets an array of its own.
      int n = t % 500 == 0 ? 1_500 + random.nextInt(3_000) : random.nextInt(40);
      byte[] p = randomBytes(random, n + 4);
      byte[] before = p.clone();
      int from = random.nextInt(4);
      int to = from + n;
      for (int mode = 0; mode < 4; mode++) {
        boolean normalises = (mode & 1) != 0;
        boolean removesDots = (mode & 2) != 0;
        byte[] expected = PercentEncoding.normalisedPath(p, from, to, normalises, removesDots);
        byte[] got = PathScratch.matchedAs(p, from, to, normalises, removesDots);
        byte[] path =
            got == p ? Arrays.copyOfRange(p, from, to) : Arrays.copyOf(got, PathScratch.length());
        assertThat(path).as(text(p, from, to) + " mode " + mode).isEqualTo(expected);
        assertThat(p).isEqualTo(before);
      }
    }
  }

  @Test
  void isMatchedAsIsExactlyWhenNothingChanges() {
    Random random = new Random(7);
    for (int t = 0; t < 50_000; t++) {
      int n = random.nextInt(40);
      byte[] p = randomBytes(random, n + 4);
      int from = random.nextInt(4);
      int to = from + n;
      byte[] own = Arrays.copyOfRange(p, from, to);
      for (boolean removesDots : new boolean[] {true, false}) {
        boolean unchanged =
            Arrays.equals(PercentEncoding.normalisedPath(p, from, to, true, removesDots), own);
        boolean normalisable = false;
        for (byte b : own) {
          int c = b & 0xFF;
          normalisable |= c == '%' || c == '*' || c <= ' ' || c >= 0x7F;
        }
        assertThat(PercentEncoding.isMatchedAsIs(p, from, to, true, removesDots))
            .as(text(p, from, to) + " removesDots " + removesDots)
            .isEqualTo(unchanged && !normalisable);
      }
    }
  }

  private static byte[] randomBytes(Random random, int n) {
    byte[] p = new byte[n];
    for (int i = 0; i < n; i++) {
      p[i] = ALPHABET[random.nextInt(ALPHABET.length)];
    }
    return p;
  }

  private static String text(byte[] p, int from, int to) {
    return new String(p, from, to - from, StandardCharsets.ISO_8859_1);
  }
}
