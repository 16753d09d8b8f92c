package io.github.reactiverobots.robotstxt.model;

import static io.github.reactiverobots.robotstxt.internal.text.ProductTokens.isTokenChar;

import java.util.Locale;

/**
 * Which reading of robots.txt to apply: each constant is one column of SEMANTICS.md §7, and each
 * method below one of its rows, so that no other class asks which profile it has.
 *
 * <p>{@link #RFC_9309} is the default. {@link #GOOGLE} answers exactly as Google's open-source
 * reference matcher does.
 */
public enum Profile {
  /** What RFC 9309 says. */
  RFC_9309,
  /** What Google's open-source reference matcher does. */
  GOOGLE;

  /**
   * The bytes of a line Google's reference keeps: its {@code kMaxLineLen} (2083 * 8) counts the
   * terminator, so one byte less of content.
   */
  private static final int GOOGLE_MAX_LINE_CONTENT = 2083 * 8 - 1;

  /**
   * Whether URL paths and patterns are percent-encoding normalised (SEMANTICS.md §3, §4); when not,
   * the caller passes an encoded URL and it is matched as given.
   *
   * @return true for {@code RFC_9309}
   */
  public boolean normalisesPercentEncoding() {
    return this == RFC_9309;
  }

  /**
   * Whether {@code /robots.txt} itself is always allowed.
   *
   * @return true for {@code RFC_9309}
   */
  public boolean allowsRobotsTxtItself() {
    return this == RFC_9309;
  }

  /**
   * The token a crawler's groups are selected by, lower-cased: the leading {@code A-Z a-z _ -} run
   * of {@code agent} under {@code RFC_9309} ({@code MyBot/1.0 (+https://x)} is {@code mybot}), the
   * whole string under {@code GOOGLE}.
   *
   * @param agent the crawler's product token, or a string starting with it
   * @return the lower-case token, possibly empty
   */
  public String crawlerToken(String agent) {
    return this == RFC_9309 ? leadingTokenRun(agent) : agent.toLowerCase(Locale.ROOT);
  }

  /**
   * How many leading characters of {@code agent} make its token: the {@code A-Z a-z _ -} run under
   * {@code RFC_9309}, all of it under {@code GOOGLE}. {@link #crawlerToken} is those characters
   * lower-cased; a lookup can hash and compare them in place instead of making it.
   *
   * @param agent the crawler's product token, or a string starting with it
   * @return the token's length in characters
   */
  public int tokenLength(String agent) {
    if (this == GOOGLE) {
      return agent.length();
    }
    int end = 0;
    while (end < agent.length() && isTokenChar(agent.charAt(end))) {
      end++;
    }
    return end;
  }

  /**
   * Whether an {@code allow} whose last segment starts with {@code index.htm} also allows its
   * directory exactly ({@code allow: /d/index.html} adds {@code allow: /d/$}).
   *
   * @return true for {@code GOOGLE}
   */
  public boolean indexHtmAllowsDirectory() {
    return this == GOOGLE;
  }

  /**
   * Whether a body starting with a UTF-16 byte-order mark is transcoded to UTF-8 first.
   *
   * @return true for {@code RFC_9309}
   */
  public boolean transcodesUtf16() {
    return this == RFC_9309;
  }

  /**
   * The bytes of a line's content that are read; the rest of a longer line is cut.
   *
   * @return {@link Integer#MAX_VALUE} for {@code RFC_9309} (kept whole), 16,663 for {@code GOOGLE}
   */
  public int maxLineContentBytes() {
    return this == RFC_9309 ? Integer.MAX_VALUE : GOOGLE_MAX_LINE_CONTENT;
  }

  /**
   * Whether a directive key is read as Google's reference reads it: a key that starts with the name
   * (or an accepted misspelling) of {@code user-agent}, {@code allow}, {@code disallow} or {@code
   * sitemap} is that directive ({@code disallowed}, {@code user-agent：} with a non-ASCII colon
   * before a space); otherwise keys are the names and misspellings of SEMANTICS.md §1 exactly. The
   * records Google's reference does not read ({@code crawl-delay}...) are matched exactly in both.
   *
   * @return true for {@code GOOGLE}
   */
  public boolean readsDirectiveKeysByPrefix() {
    return this == GOOGLE;
  }

  /**
   * Whether dot segments are removed from a URL's path before matching (SEMANTICS.md §4): {@code
   * /x/../private}, {@code /./private} and {@code /x/%2E%2E/private} are {@code /private}, as every
   * server serves them.
   *
   * @return true for {@code RFC_9309}
   */
  public boolean removesDotSegments() {
    return this == RFC_9309;
  }

  /** The leading run of {@code A-Z a-z _ -} of {@code s}, lower-cased. */
  static String leadingTokenRun(String s) {
    int end = 0;
    boolean lower = true;
    while (end < s.length() && isTokenChar(s.charAt(end))) {
      char c = s.charAt(end);
      if (c >= 'A' && c <= 'Z') {
        lower = false;
      }
      end++;
    }
    String run = end == s.length() ? s : s.substring(0, end);
    return lower ? run : run.toLowerCase(Locale.ROOT);
  }
}
