package io.github.reactiverobots.robotstxt.url;

import java.util.Objects;

/**
 * An absolute URL split into the two parts robots.txt cares about: its {@link Origin} and the path
 * with {@code ;params} and {@code ?query} that rules are matched against (never empty: an empty
 * path is {@code /}; the fragment is dropped).
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
   * Splits an absolute http(s) URL into origin and path with params and query, as the cache reads
   * it.
   *
   * @param url the URL
   * @return its origin and path
   * @throws InvalidUrlException naming the input when it is not a usable absolute http(s) URL
   */
  public static SplitUrl of(String url) {
    return UrlSplitter.split(url);
  }

  /**
   * The length of {@code url}'s prefix that is already its origin's {@link Origin#key() key}, when
   * {@code url} is in the canonical form almost every crawled URL has ({@code http} or {@code
   * https}, a lower-case ASCII host, an optional non-default port, then a path and query of
   * printable ASCII other than a backslash); -1 for any other input, valid or not. When it returns
   * {@code n >= 0}, {@code of(url)} gives the origin whose key is {@code url.substring(0, n)} and
   * the path {@code url.substring(n)} up to any {@code #}, with {@code /} put first when that is
   * empty or starts with {@code ?}. Reads the characters once and allocates nothing, so that a
   * lookup keyed by origin can use the URL's own characters.
   *
   * @param url the URL
   * @return the length of the key prefix, or -1
   */
  public static int originKeyLength(String url) {
    long scanned = CanonicalUrls.scan(url);
    if (scanned == CanonicalUrls.REFUSED || !CanonicalUrls.asciiRest(scanned)) {
      return -1;
    }
    int keyEnd = CanonicalUrls.keyEnd(url, scanned);
    return keyEnd == CanonicalUrls.authorityEnd(scanned) ? keyEnd : -1;
  }
}
