package io.github.reactiverobots.robotstxt.testing;

import java.util.Objects;

/**
 * One row of {@code urls.tsv}: a check of {@code path} by {@code agent} against the rules of {@code
 * file}. Immutable.
 *
 * @param file the corpus file name
 * @param agent the crawler name as a caller would pass it (a token or a full User-Agent)
 * @param path the path and query, starting with {@code /}, as written in the row
 * @param line the 1-based line of the row in {@code urls.tsv} (the header is line 1)
 */
public record UrlRow(String file, String agent, String path, int line) {
  public UrlRow {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(path, "path");
  }
}
