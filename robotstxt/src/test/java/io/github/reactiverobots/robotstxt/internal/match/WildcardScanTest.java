package io.github.reactiverobots.robotstxt.internal.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WildcardScanTest {

  /**
   * The scan and the trie walk name the same pattern, ties included, on random sets of wildcard
   * patterns and random paths; the scan decides most of them itself.
   */
  @ParameterizedTest
  @ValueSource(longs = {1L, 2L, 3L, 4L, 5L, 6L})
  void namesThePatternTheWalkNames(long seed) {
    Random random = new Random(seed);
    byte[] alphabet = "/ab*$\u00e9".getBytes(StandardCharsets.UTF_8);
    int decided = 0;
    int tried = 0;
    for (int round = 0; round < 400; round++) {
      PatternTableBuilder builder = PatternTable.builder(16, 256);
      int count = 1 + random.nextInt(WildcardScan.MAX_PATTERNS);
      for (int i = 0; i < count; i++) {
        byte[] p = randomBytes(random, alphabet, 2 + random.nextInt(9));
        p[0] = (byte) '/';
        p[1 + random.nextInt(p.length - 1)] = '*';
        builder.add(p, 0, p.length, random.nextBoolean());
      }
      PatternTable table = builder.build();
      int[] members = wildcards(table);
      if (members.length == 0) {
        continue;
      }
      int[] ranked = WildcardScan.rank(table, members);
      assertThat(ranked).isNotNull();
      WildcardTrie trie = new WildcardTrie(Trie.build(table, members.clone(), true), ranked);
      for (int k = 0; k < 40; k++) {
        byte[] path = randomBytes(random, alphabet, 1 + random.nextInt(14));
        path[0] = '/';
        int best = random.nextInt(3) == 0 ? -1 : random.nextInt(table.size());
        int walked = trie.walk(path, 0, path.length, best, null);
        int scanned = WildcardScan.match(table, ranked, path, 0, path.length, best);
        tried++;
        if (scanned != WildcardScan.UNDECIDED) {
          decided++;
          assertThat(scanned)
              .as("%s on %s from %d", describe(table), show(path), best)
              .isEqualTo(walked);
        }
        assertThat(trie.match(path, 0, path.length, best, null)).isEqualTo(walked);
      }
    }
    assertThat(decided).isGreaterThan(tried * 9 / 10);
  }

  @Test
  void anchoredTailNeedsItsOwnBytes() {
    PatternTable table = table("/a*a$", "/x*.pdf$", "/*?", "/b*c*d");
    assertThat(matches(table, 0, "/a")).isFalse();
    assertThat(matches(table, 0, "/aa")).isTrue();
    assertThat(matches(table, 0, "/aba")).isTrue();
    assertThat(matches(table, 0, "/aab")).isFalse();
    assertThat(matches(table, 1, "/x.pdf")).isTrue();
    assertThat(matches(table, 1, "/x.pdf?")).isFalse();
    assertThat(matches(table, 2, "/a?b")).isTrue();
    assertThat(matches(table, 2, "/ab")).isFalse();
    assertThat(matches(table, 3, "/bdcd")).isTrue();
    assertThat(matches(table, 3, "/bdc")).isFalse();
    assertThat(matches(table, 3, "/bcdx")).isTrue();
  }

  @Test
  void leavesLargeSetsToTheWalk() {
    String[] many = new String[WildcardScan.MAX_PATTERNS + 1];
    Arrays.setAll(many, i -> "/" + i + "*x");
    PatternTable table = table(many);
    assertThat(WildcardScan.rank(table, wildcards(table))).isNull();
    PatternTable heavy = table("/*" + "y".repeat(WildcardScan.MAX_BYTES));
    assertThat(WildcardScan.rank(heavy, wildcards(heavy))).isNull();
  }

  @Test
  void ranksByPriorityThenAllow() {
    PatternTableBuilder b = PatternTable.builder(4, 64);
    add(b, "/a*b", false);
    add(b, "/a*bc", false);
    add(b, "/c*d", true);
    add(b, "/*abcd", true);
    PatternTable table = b.build();
    assertThat(WildcardScan.rank(table, new int[] {0, 1, 2, 3})).containsExactly(3, 1, 2, 0);
  }

  private static boolean matches(PatternTable table, int m, String path) {
    byte[] p = path.getBytes(StandardCharsets.UTF_8);
    return WildcardScan.matches(table, m, p, 0, p.length);
  }

  private static PatternTable table(String... patterns) {
    PatternTableBuilder b = PatternTable.builder(patterns.length, 64);
    for (String p : patterns) {
      add(b, p, false);
    }
    return b.build();
  }

  private static void add(PatternTableBuilder b, String pattern, boolean allow) {
    byte[] p = pattern.getBytes(StandardCharsets.UTF_8);
    b.add(p, 0, p.length, allow);
  }

  private static int[] wildcards(PatternTable table) {
    return java.util.stream.IntStream.range(0, table.size()).filter(table::wildcard).toArray();
  }

  private static String describe(PatternTable table) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < table.size(); i++) {
      s.append(i)
          .append(table.allows(i) ? " allow " : " disallow ")
          .append(show(table.reproduced(i)))
          .append("; ");
    }
    return s.toString();
  }

  private static String show(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static byte[] randomBytes(Random random, byte[] alphabet, int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = alphabet[random.nextInt(alphabet.length)];
    }
    return b;
  }
}
