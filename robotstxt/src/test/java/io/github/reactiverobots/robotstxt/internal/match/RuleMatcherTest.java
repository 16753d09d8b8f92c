package io.github.reactiverobots.robotstxt.internal.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RuleMatcherTest {

  /** A rule for the reference: pattern bytes, allow, and its index as payload. */
  private record TestRule(byte[] pattern, boolean allow) {}

  /**
   * Random rule sets over a small alphabet, answered by the compiled matcher and by a
   * straightforward reference (a dynamic-programming glob match of every rule): the deciding rule's
   * priority and type must agree on every path.
   */
  @ParameterizedTest
  @ValueSource(longs = {1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L})
  void agreesWithAReferenceMatcherOnRandomRules(long seed) {
    agreesWithTheReference(seed, "/ab*$", 7, 10);
  }

  /** Longer literals between the stars, so that states often sit inside an edge. */
  @ParameterizedTest
  @ValueSource(longs = {11L, 12L, 13L, 14L})
  void agreesWithAReferenceMatcherOnLongLiterals(long seed) {
    agreesWithTheReference(seed, "/aab*$", 16, 24);
  }

  private static void agreesWithTheReference(
      long seed, String letters, int maxPattern, int maxPath) {
    Random random = new Random(seed);
    byte[] alphabet = letters.getBytes(StandardCharsets.US_ASCII);
    for (int round = 0; round < 500; round++) {
      List<TestRule> rules = new ArrayList<>();
      RuleMatcher.Builder builder = RuleMatcher.builder();
      int count = 1 + random.nextInt(8);
      for (int i = 0; i < count; i++) {
        byte[] p = randomBytes(random, alphabet, 1 + random.nextInt(maxPattern));
        p[0] = random.nextInt(5) == 0 ? (byte) '*' : (byte) '/';
        TestRule r = new TestRule(p, random.nextBoolean());
        rules.add(r);
        builder.add(p, r.allow());
      }
      RuleMatcher matcher = builder.build();
      for (int k = 0; k < 40; k++) {
        byte[] path = randomBytes(random, alphabet, random.nextInt(maxPath));
        TestRule expected = reference(rules, path);
        int decided = matcher.match(path);
        TestRule actual = decided < 0 ? null : rules.get(decided);
        String what = describe(rules) + " on " + new String(path, StandardCharsets.US_ASCII);
        // The same path inside a larger array: the bytes around it must not count.
        byte[] padded = randomBytes(random, alphabet, path.length + 4);
        System.arraycopy(path, 0, padded, 2, path.length);
        assertThat(matcher.match(padded, 2, 2 + path.length)).as(what).isEqualTo(decided);
        if (expected == null) {
          assertThat(actual).as(what).isNull();
        } else {
          assertThat(actual).as(what).isNotNull();
          assertThat(actual.allow()).as(what).isEqualTo(expected.allow());
          assertThat(actual.pattern().length).as(what).isEqualTo(expected.pattern().length);
        }
      }
    }
  }

  @Test
  void plainPrefixesShareTrieNodesAndCostPathLength() {
    RuleMatcher.Builder b = RuleMatcher.builder();
    for (int i = 0; i < 20_000; i++) {
      b.add(("/dir/" + i + "/page").getBytes(StandardCharsets.US_ASCII), i % 2 == 0);
    }
    RuleMatcher m = b.build();
    assertThat(m.match("/dir/1234/page/x".getBytes(StandardCharsets.US_ASCII))).isEqualTo(1234);
    assertThat(m.match("/dir/1234/pag".getBytes(StandardCharsets.US_ASCII))).isEqualTo(-1);
    assertThat(m.wildcardSteps("/dir/1/page".getBytes(StandardCharsets.US_ASCII))).isZero();
    // 20,000 rules of ~15 bytes share their prefixes: far less than one node per byte.
    assertThat(m.estimatedBytes()).isLessThan(20_000L * 15 * 4);
  }

  /**
   * The adversarial case of the issue: 500 KiB of patterns like {@code /*a*a*a*a*a*a*b} against a
   * 16 KiB path. Work is measured in trie steps (deterministic), not time; the JMH benchmark in
   * bench measures the time.
   */
  @Test
  void wildcardHeavyInputIsBoundedByPathLengthNotRuleCount() {
    StringBuilder body = new StringBuilder("User-agent: *\n");
    RuleMatcher.Builder same = RuleMatcher.builder();
    for (int k = 0; ; k++) {
      String pattern = "/" + "*a".repeat(1 + k % 10) + "*b";
      String line = "Disallow: " + pattern + "\n";
      if (body.length() + line.length() > ParseOptions.MIN_PARSE_LIMIT) {
        break;
      }
      body.append(line);
      same.add(PercentEncoding.pattern(pattern, true), false);
    }
    assertThat(body.length()).isGreaterThan(ParseOptions.MIN_PARSE_LIMIT - 64);
    RobotsTxt robots = RobotsTxt.parse(body.toString(), ParseOptions.of(Profile.RFC_9309));
    // The matcher the parser compiles for these rules, built from the same patterns.
    RuleMatcher matcher = same.build();
    byte[] aaa = ("/" + "a".repeat(16 * 1024)).getBytes(StandardCharsets.US_ASCII);
    byte[] aab = ("/" + "a".repeat(16 * 1024 - 1) + "b").getBytes(StandardCharsets.US_ASCII);
    assertThat(robots.forAgent("bot").check(new String(aaa, StandardCharsets.US_ASCII)).allowed())
        .isTrue();
    assertThat(robots.forAgent("bot").check(new String(aab, StandardCharsets.US_ASCII)).allowed())
        .isFalse();
    // Once every star is active, a byte that no star can use further costs one step.
    assertThat(matcher.wildcardSteps(aaa)).isLessThan(2L * aaa.length);
    assertThat(matcher.wildcardSteps(aab)).isLessThan(2L * aab.length);
  }

  @Test
  void randomWildcardRuleSetsStayWithinTheStateSetBound() {
    Random random = new Random(42);
    RuleMatcher.Builder b = RuleMatcher.builder();
    int nodes = 0;
    for (int i = 0; i < 2_000; i++) {
      StringBuilder p = new StringBuilder("/");
      for (int s = 0; s < 6; s++) {
        p.append('*').append((char) ('a' + random.nextInt(3)));
      }
      nodes += p.length();
      b.add(p.toString().getBytes(StandardCharsets.US_ASCII), false);
    }
    RuleMatcher m = b.build();
    byte[] path = randomBytes(random, "abc".getBytes(StandardCharsets.US_ASCII), 16 * 1024);
    path[0] = '/';
    long steps = m.wildcardSteps(path);
    // Each position touches each trie node at most twice (advance + activate).
    assertThat(steps).isLessThanOrEqualTo(2L * (nodes + 1) * path.length);
    assertThat(m.match(path)).as("some pattern matches").isNotNegative();
  }

  private static byte[] randomBytes(Random random, byte[] alphabet, int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = alphabet[random.nextInt(alphabet.length)];
    }
    return b;
  }

  private static TestRule reference(List<TestRule> rules, byte[] path) {
    TestRule best = null;
    for (TestRule r : rules) {
      if (!globMatches(r.pattern(), path)) {
        continue;
      }
      if (best == null
          || r.pattern().length > best.pattern().length
          || (r.pattern().length == best.pattern().length && r.allow() && !best.allow())) {
        best = r;
      }
    }
    return best;
  }

  /** Whether {@code pattern} matches a prefix of {@code path} (all of it with a final '$'). */
  private static boolean globMatches(byte[] pattern, byte[] path) {
    int m = pattern.length;
    boolean anchored = m > 0 && pattern[m - 1] == '$';
    if (anchored) {
      m--;
    }
    // can[i][j]: pattern[0, i) matches path[0, j).
    boolean[][] can = new boolean[m + 1][path.length + 1];
    can[0][0] = true;
    for (int i = 1; i <= m; i++) {
      for (int j = 0; j <= path.length; j++) {
        if (pattern[i - 1] == '*') {
          can[i][j] = can[i - 1][j] || (j > 0 && can[i][j - 1]);
        } else {
          can[i][j] = j > 0 && can[i - 1][j - 1] && pattern[i - 1] == path[j - 1];
        }
      }
    }
    if (anchored) {
      return can[m][path.length];
    }
    for (int j = 0; j <= path.length; j++) {
      if (can[m][j]) {
        return true;
      }
    }
    return false;
  }

  private static String describe(List<TestRule> rules) {
    StringBuilder sb = new StringBuilder();
    for (TestRule r : rules) {
      sb.append(r.allow() ? "A:" : "D:")
          .append(new String(r.pattern(), StandardCharsets.US_ASCII))
          .append(' ');
    }
    return sb.toString();
  }
}
