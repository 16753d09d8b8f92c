package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.RobotsParseHandler.Directive;
import io.github.reactiverobots.robotstxt.internal.bytes.ByteWords;
import java.util.Arrays;

/**
 * The key spellings the scanner accepts, compared case-insensitively without allocating: exactly
 * (SEMANTICS.md §1) or, for a profile that reads keys by prefix ({@code GOOGLE}), also as Google's
 * reference reads them (its {@code KeyIs...} checks): a key that starts with a spelling of {@code
 * user-agent}, {@code allow}, {@code disallow} or {@code sitemap} is that directive.
 */
final class DirectiveKeys {
  private static final byte[][] SPELLINGS;
  private static final Directive[] DIRECTIVES;
  private static final boolean[] TYPO;

  /** Whether Google's reference reads the spelling as a prefix. */
  private static final boolean[] PREFIX;

  /** Bit {@code c - 'a'} set for each lower-case letter {@code c} a spelling starts with. */
  private static final int KEY_STARTS;

  /** The spelling indices of each key length. */
  private static final int[][] BY_LENGTH;

  /**
   * Per spelling, its bytes as two little-endian words (zeros past its end), and per word the bits
   * that case folding may set: 0x20 in each letter's byte. A key's words equal a spelling's when,
   * with those bits set, they are the spelling's words: exactly its letters in either case, its
   * other bytes as they are.
   */
  private static final long[] LOW;

  private static final long[] FOLD;

  /** Per key length {@code n}, the masks of its bytes in the first and the second word. */
  private static final long[] MASK;

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
      {"license", Directive.LICENSE, false},
    };
    SPELLINGS = new byte[table.length][];
    DIRECTIVES = new Directive[table.length];
    TYPO = new boolean[table.length];
    PREFIX = new boolean[table.length];
    for (int i = 0; i < table.length; i++) {
      SPELLINGS[i] = ((String) table[i][0]).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      DIRECTIVES[i] = (Directive) table[i][1];
      TYPO[i] = (Boolean) table[i][2];
      PREFIX[i] =
          DIRECTIVES[i] == Directive.USER_AGENT
              || DIRECTIVES[i] == Directive.ALLOW
              || DIRECTIVES[i] == Directive.DISALLOW
              || DIRECTIVES[i] == Directive.SITEMAP;
    }
    int starts = 0;
    int longest = 0;
    for (byte[] spelling : SPELLINGS) {
      starts |= 1 << (spelling[0] - 'a');
      longest = Math.max(longest, spelling.length);
    }
    KEY_STARTS = starts;
    LOW = new long[2 * SPELLINGS.length];
    FOLD = new long[2 * SPELLINGS.length];
    for (int i = 0; i < SPELLINGS.length; i++) {
      if (SPELLINGS[i].length > 2 * Long.BYTES) {
        throw new IllegalStateException("a spelling longer than two words: " + i);
      }
      for (int k = 0; k < SPELLINGS[i].length; k++) {
        byte b = SPELLINGS[i][k];
        LOW[2 * i + k / 8] |= (long) b << (8 * (k % 8));
        FOLD[2 * i + k / 8] |= (b >= 'a' && b <= 'z' ? 0x20L : 0) << (8 * (k % 8));
      }
    }
    BY_LENGTH = new int[longest + 1][0];
    // The right spellings first, then the typos: a key is most often spelt right.
    for (boolean typos : new boolean[] {false, true}) {
      for (int i = 0; i < SPELLINGS.length; i++) {
        if (TYPO[i] != typos) {
          continue;
        }
        int[] same = BY_LENGTH[SPELLINGS[i].length];
        same = Arrays.copyOf(same, same.length + 1);
        same[same.length - 1] = i;
        BY_LENGTH[SPELLINGS[i].length] = same;
      }
    }
    MASK = new long[2 * (longest + 1)];
    for (int n = 0; n <= longest; n++) {
      MASK[2 * n] = lowBytes(n);
      MASK[2 * n + 1] = lowBytes(n - Long.BYTES);
    }
  }

  private DirectiveKeys() {}

  /** The index of the spelling {@code data[from, to)} is, or -1. */
  static int find(byte[] data, int from, int to) {
    int len = to - from;
    if (len >= BY_LENGTH.length) {
      return -1;
    }
    if (from + 2 * Long.BYTES <= data.length) {
      long w0 = ByteWords.word(data, from) & MASK[2 * len];
      long w1 = ByteWords.word(data, from + Long.BYTES) & MASK[2 * len + 1];
      for (int i : BY_LENGTH[len]) {
        if ((w0 | FOLD[2 * i]) == LOW[2 * i] && (w1 | FOLD[2 * i + 1]) == LOW[2 * i + 1]) {
          return i;
        }
      }
      return -1;
    }
    for (int i : BY_LENGTH[len]) {
      if (equalsIgnoreCase(SPELLINGS[i], data, from)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The index of the spelling {@code data[from, to)} is, or, when {@code byPrefix}, of a reference
   * directive's spelling it starts with; -1 when none.
   */
  static int find(byte[] data, int from, int to, boolean byPrefix) {
    int exact = find(data, from, to);
    if (exact >= 0 || !byPrefix) {
      return exact;
    }
    for (int i = 0; i < SPELLINGS.length; i++) {
      if (PREFIX[i]
          && SPELLINGS[i].length < to - from
          && equalsIgnoreCase(SPELLINGS[i], data, from)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Whether the line starting at {@code data[from]} (before {@code to}) may hold a directive: its
   * first byte after spaces and tabs is a letter some spelling starts with, in either case. A line
   * for which this is false is no directive, whatever the profile.
   */
  static boolean mayStartKey(byte[] data, int from, int to) {
    int i = from;
    while (i < to && LineScanner.isSpace(data[i])) {
      i++;
    }
    if (i == to) {
      return false;
    }
    int letter = (data[i] | 0x20) - 'a';
    return letter >= 0 && letter < 26 && (KEY_STARTS >>> letter & 1) != 0;
  }

  /** The length of spelling {@code index}: shorter than the key when found by prefix. */
  static int length(int index) {
    return SPELLINGS[index].length;
  }

  static Directive directive(int index) {
    return DIRECTIVES[index];
  }

  static boolean isTypo(int index) {
    return TYPO[index];
  }

  /** A mask of the low {@code n} bytes of a word: none for {@code n <= 0}, all from 8. */
  private static long lowBytes(int n) {
    return n <= 0 ? 0 : n >= Long.BYTES ? -1L : (1L << (8 * n)) - 1;
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
