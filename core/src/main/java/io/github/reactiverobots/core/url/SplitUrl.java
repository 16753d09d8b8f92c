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
  /**
   * Checks both parts are present.
   *
   * @param origin the origin the URL belongs to
   * @param pathAndQuery the path, params and query
   * @throws NullPointerException if either is null
   */
  public SplitUrl {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(pathAndQuery, "pathAndQuery");
  }

  /**
   * Splits an absolute http(s) URL into origin and path with params and query, as the cache
   * reads it.
   *
   * @param url the URL
   * @return its origin and path
   * @throws InvalidUrlException naming the input when it is not a usable absolute http(s) URL
   */
  public static SplitUrl of(String url) {
    return UrlSplitter.split(url);
  }
}
