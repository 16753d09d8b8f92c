package io.github.reactiverobots.core.model;

import java.util.Objects;

/**
 * One {@code allow} or {@code disallow} rule as written in robots.txt. Immutable.
 *
 * @param allow true for {@code allow}, false for {@code disallow}
 * @param pattern the path pattern as written (trimmed, comment removed)
 * @param line the 1-based line number it was read from; 0 for a rule the library implied
 */
public record Rule(boolean allow, String pattern, int line) {
  public Rule {
    Objects.requireNonNull(pattern, "pattern");
  }

  @Override
  public String toString() {
    return (allow ? "Allow: " : "Disallow: ") + pattern + (line > 0 ? " (line " + line + ")" : "");
  }
}
