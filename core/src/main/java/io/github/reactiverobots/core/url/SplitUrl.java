package io.github.reactiverobots.core.url;

import java.util.Objects;

/**
 * An absolute URL split into the two parts robots.txt cares about: its {@link Origin} and the
 * path with {@code ;params} and {@code ?query} that rules are matched against (never empty:
 * an empty path is {@code /}; the fragment is dropped).
 *
 * @param origin the origin the URL belongs to
 * @param pathAndQuery the path, params and query, starting with {@code /}
 */
public record SplitUrl(Origin origin, String pathAndQuery) {
  public SplitUrl {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(pathAndQuery, "pathAndQuery");
  }
}
