package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.RobotsParseHandler.Directive;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The key lookup against a byte-by-byte reference: every spelling, in mixes of case, at every
 * position of its array up to its end, and with each byte swapped for its near misses: the other
 * "case" of a non-letter (a byte 0x20 away), non-ASCII bytes, and bytes at the edges of the letter
 * range.
 */
class DirectiveKeysTest {
  private static final String[] SPELLINGS = {
    "user-agent",
    "useragent",
    "user agent",
    "allow",
    "disallow",
    "dissallow",
    "dissalow",
    "disalow",
    "diasllow",
    "disallaw",
    "sitemap",
    "site-map",
    "crawl-delay",
    "request-rate",
    "visit-time",
    "host",
    "clean-param",
    "content-usage",
    "content-signal",
    "license",
  };
  private static final byte[] NEAR_MISSES = {
    '@',
    '[',
    '`',
    '{',
    'A' - 1,
    'Z' + 1,
    0x0D,
    0x00,
    0x7F,
    (byte) 0x80,
    (byte) 0xC1,
    (byte) 0xE9,
    (byte) 0xFF,
    ' ',
    '-',
    ':',
  };

  @Test
  void findsEverySpellingInAnyCaseAtAnyPosition() {
    Random random = new Random(7);
    for (int s = 0; s < SPELLINGS.length; s++) {
      byte[] key = SPELLINGS[s].getBytes(StandardCharsets.US_ASCII);
      for (int round = 0; round < 8; round++) {
        byte[] cased = key.clone();
        for (int i = 0; i < cased.length; i++) {
          if (cased[i] >= 'a' && cased[i] <= 'z' && random.nextBoolean()) {
            cased[i] -= 'a' - 'A';
          }
        }
        for (int at = 0; at <= 10; at++) {
          for (int after = 0; after <= 10; after++) {
            byte[] data = place(cased, at, after, random);
            int found = DirectiveKeys.find(data, at, at + cased.length);
            assertThat(found)
                .as("%s at %d of %d", new String(cased), at, data.length)
                .isEqualTo(reference(data, at, at + cased.length));
            assertThat(DirectiveKeys.directive(found)).isNotNull();
          }
        }
      }
    }
  }

  @Test
  void agreesWithTheReferenceOnNearMisses() {
    Random random = new Random(11);
    int misses = 0;
    for (String spelling : SPELLINGS) {
      byte[] key = spelling.getBytes(StandardCharsets.US_ASCII);
      for (int i = 0; i < key.length; i++) {
        List<Byte> swaps = new ArrayList<>();
        for (byte b : NEAR_MISSES) {
          swaps.add(b);
        }
        swaps.add((byte) (key[i] ^ 0x20));
        swaps.add((byte) (key[i] ^ 0x80));
        swaps.add((byte) (key[i] + 1));
        for (byte swap : swaps) {
          byte[] changed = key.clone();
          changed[i] = swap;
          for (int after : new int[] {0, 3, 12}) {
            byte[] data = place(changed, 5, after, random);
            int expected = reference(data, 5, 5 + changed.length);
            assertThat(DirectiveKeys.find(data, 5, 5 + changed.length))
                .as("%s with byte %d = 0x%02x", spelling, i, swap & 0xFF)
                .isEqualTo(expected);
            misses += expected < 0 ? 1 : 0;
          }
        }
      }
    }
    assertThat(misses).isGreaterThan(1000);
  }

  @Test
  void rejectsEmptyLongerAndShorterKeys() {
    byte[] data = "disallowed: /".getBytes(StandardCharsets.US_ASCII);
    assertThat(DirectiveKeys.find(data, 0, 0)).isEqualTo(-1);
    assertThat(DirectiveKeys.find(data, 0, 10)).isEqualTo(-1);
    assertThat(DirectiveKeys.find(data, 0, 7)).isEqualTo(-1);
    assertThat(DirectiveKeys.directive(DirectiveKeys.find(data, 0, 8)))
        .isEqualTo(Directive.DISALLOW);
    byte[] longest = "xxrequest-rate-and-more".getBytes(StandardCharsets.US_ASCII);
    assertThat(DirectiveKeys.find(longest, 2, 14)).isEqualTo(reference(longest, 2, 14));
    assertThat(DirectiveKeys.find(longest, 2, 15)).isEqualTo(-1);
  }

  /** {@code key} with {@code at} random bytes before it and {@code after} after it. */
  private static byte[] place(byte[] key, int at, int after, Random random) {
    byte[] data = new byte[at + key.length + after];
    random.nextBytes(data);
    System.arraycopy(key, 0, data, at, key.length);
    return data;
  }

  private static int reference(byte[] d, int from, int to) {
    for (int s = 0; s < SPELLINGS.length; s++) {
      byte[] lower = SPELLINGS[s].getBytes(StandardCharsets.US_ASCII);
      if (lower.length != to - from) {
        continue;
      }
      boolean same = true;
      for (int i = 0; i < lower.length && same; i++) {
        int b = d[from + i];
        same = (b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b) == lower[i];
      }
      if (same) {
        return s;
      }
    }
    return -1;
  }

  /**
   * A line may start a key exactly when, after spaces and tabs, its first byte is a byte some
   * spelling's key can start with: each byte value tried against the lookup itself.
   */
  @Test
  void aLineMayStartAKeyOnlyWithTheFirstByteOfOne() {
    for (int b = 0; b < 256; b++) {
      byte[] line = new byte[] {' ', '\t', (byte) b, 'x'};
      boolean startsOne = false;
      for (String spelling : SPELLINGS) {
        byte[] key = spelling.getBytes(StandardCharsets.US_ASCII);
        key[0] = (byte) b;
        startsOne |= DirectiveKeys.find(key, 0, key.length) >= 0;
      }
      assertThat(DirectiveKeys.mayStartKey(line, 0, line.length))
          .as("first byte %d", b)
          .isEqualTo(startsOne);
    }
    byte[] blank = " \t ".getBytes(StandardCharsets.US_ASCII);
    assertThat(DirectiveKeys.mayStartKey(blank, 0, blank.length)).isFalse();
    byte[] indented = " \t\u000b\fAllow: /".getBytes(StandardCharsets.US_ASCII);
    assertThat(DirectiveKeys.mayStartKey(indented, 0, indented.length)).isTrue();
  }
}
