package io.github.reactiverobots.robotstxt.model;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import java.util.Objects;

/**
 * One {@code allow} or {@code disallow} rule as written in robots.txt. Immutable.
 *
 * @param allow true for {@code allow}, false for {@code disallow}
 * @param pattern the path pattern as written (trimmed, comment removed)
 * @param line the 1-based line number it was read from (for a rule the library implied, that of the
 *     rule it was implied by); 0 when unknown
 */
public record Rule(boolean allow, String pattern, int line) {
  /**
   * Checks the pattern is present.
   *
   * @param allow true for {@code allow}, false for {@code disallow}
   * @param pattern the path pattern as written
   * @param line the 1-based line number, or 0 when unknown
   * @throws NullPointerException if {@code pattern} is null
   */
  public Rule {
    Objects.requireNonNull(pattern, "pattern");
  }

  /**
   * The rule as written, with its line; control characters in the pattern are escaped as {@code
   * \xHH} or {@code \\uHHHH}, so that printing it cannot act on a terminal or forge a log line.
   *
   * @return for example {@code Disallow: /private (line 3)}
   */
  @Override
  public String toString() {
    return (allow ? "Allow: " : "Disallow: ")
        + Printable.escape(pattern)
        + (line > 0 ? " (line " + line + ")" : "");
  }
}
