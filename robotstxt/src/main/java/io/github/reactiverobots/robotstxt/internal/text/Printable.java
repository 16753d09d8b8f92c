package io.github.reactiverobots.robotstxt.internal.text;

/**
 * Makes foreign text (a robots.txt pattern, a server's error message) safe to print on a terminal
 * or in a one-line log record: control characters (C0, DEL, C1), line and paragraph separators and
 * bidirectional overrides become {@code \xHH} or {@code \\uHHHH} escapes, so a file cannot retitle,
 * clear or rewrite the operator's terminal, nor forge a log line. Everything else is kept as is.
 * Stateless and thread-safe.
 */
public final class Printable {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Printable() {}

  /**
   * {@code text} with every character that could act on a terminal escaped.
   *
   * @param text the text, or null
   * @return the printable text; {@code text} itself when nothing needed escaping; null for null
   */
  public static String escape(CharSequence text) {
    if (text == null) {
      return null;
    }
    int i = 0;
    while (i < text.length() && !acts(text.charAt(i))) {
      i++;
    }
    if (i == text.length()) {
      return text.toString();
    }
    StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, i);
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!acts(c)) {
        sb.append(c);
      } else if (c < 0x100) {
        sb.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xF]);
      } else {
        sb.append("\\u")
            .append(HEX[c >> 12])
            .append(HEX[(c >> 8) & 0xF])
            .append(HEX[(c >> 4) & 0xF])
            .append(HEX[c & 0xF]);
      }
    }
    return sb.toString();
  }

  /** Whether {@code c} can act on a terminal or break a line rather than print. */
  private static boolean acts(char c) {
    return c < 0x20
        || (c >= 0x7F && c <= 0x9F)
        || c == '\u2028'
        || c == '\u2029'
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
