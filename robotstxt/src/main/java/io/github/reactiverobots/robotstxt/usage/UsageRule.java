package io.github.reactiverobots.robotstxt.usage;

import java.util.Objects;

/**
 * One {@code Content-Usage} rule of robots.txt (draft-ietf-aipref-attach §3) as written. Immutable.
 *
 * @param path the path pattern as written
 * @param preference the preference dictionary as written, such as {@code train-ai=n}
 * @param line the 1-based line number it was read from; 0 when unknown
 */
public record UsageRule(String path, String preference, int line) {
  /**
   * Checks the parts are present.
   *
   * @param path the path pattern as written
   * @param preference the preference dictionary as written
   * @param line the 1-based line number, or 0 when unknown
   * @throws NullPointerException if {@code path} or {@code preference} is null
   */
  public UsageRule {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(preference, "preference");
  }

  @Override
  public String toString() {
    return "Content-Usage: " + path + " " + preference + (line > 0 ? " (line " + line + ")" : "");
  }
}
