package io.github.reactiverobots.core.parse;

import java.util.Arrays;

/** The key spellings the scanner accepts, compared case-insensitively without allocating. */
final class DirectiveKeys {
  private static final byte[][] SPELLINGS;
  private static final Directive[] DIRECTIVES;
  private static final boolean[] TYPO;
  /** The spelling indices of each key length. */
  private static final int[][] BY_LENGTH;

  static {
    Object[][] table = {
      {"user-agent", Directive.USER_AGENT, false},
      {"useragent", Directive.USER_AGENT, true},
      {"user agent", Directive.USER_AGENT, true},
      {"allow", Directive.ALLOW, false},
      {"disallow", Directive.DISALLOW, false},
      {"dissallow", Directive.DISALLOW, true},
      {"dissalow", Directive.DISALLOW, true},
      {"disalow", Directive.DISALLOW, true},
      {"diasllow", Directive.DISALLOW, true},
      {"disallaw", Directive.DISALLOW, true},
      {"sitemap", Directive.SITEMAP, false},
      {"site-map", Directive.SITEMAP, true},
      {"crawl-delay", Directive.CRAWL_DELAY, false},
      {"request-rate", Directive.REQUEST_RATE, false},
      {"visit-time", Directive.VISIT_TIME, false},
      {"host", Directive.HOST, false},
      {"clean-param", Directive.CLEAN_PARAM, false},
      {"content-usage", Directive.CONTENT_USAGE, false},
      {"content-signal", Directive.CONTENT_SIGNAL, false},
    };
    SPELLINGS = new byte[table.length][];
    DIRECTIVES = new Directive[table.length];
    TYPO = new boolean[table.length];
    for (int i = 0; i < table.length; i++) {
      SPELLINGS[i] = ((String) table[i][0]).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      DIRECTIVES[i] = (Directive) table[i][1];
      TYPO[i] = (Boolean) table[i][2];
    }
    int longest = 0;
    for (byte[] spelling : SPELLINGS) {
      longest = Math.max(longest, spelling.length);
    }
    BY_LENGTH = new int[longest + 1][0];
    for (int i = 0; i < SPELLINGS.length; i++) {
      int[] same = BY_LENGTH[SPELLINGS[i].length];
      same = Arrays.copyOf(same, same.length + 1);
      same[same.length - 1] = i;
      BY_LENGTH[SPELLINGS[i].length] = same;
    }
  }

  private DirectiveKeys() {}

  /** The index of the spelling {@code data[from, to)} is, or -1. */
  static int find(byte[] data, int from, int to) {
    int len = to - from;
    if (len >= BY_LENGTH.length) {
      return -1;
    }
    for (int i : BY_LENGTH[len]) {
      if (equalsIgnoreCase(SPELLINGS[i], data, from)) {
        return i;
      }
    }
    return -1;
  }

  static Directive directive(int index) {
    return DIRECTIVES[index];
  }

  static boolean isTypo(int index) {
    return TYPO[index];
  }

  private static boolean equalsIgnoreCase(byte[] lower, byte[] data, int from) {
    for (int i = 0; i < lower.length; i++) {
      int b = data[from + i];
      if (b >= 'A' && b <= 'Z') {
        b += 'a' - 'A';
      }
      if (b != lower[i]) {
        return false;
      }
    }
    return true;
  }
}
