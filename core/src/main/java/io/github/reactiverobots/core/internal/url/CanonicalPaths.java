package io.github.reactiverobots.core.internal.url;

import io.github.reactiverobots.core.url.SplitUrl;

/**
 * The path of a URL in the canonical form {@link SplitUrl#originKeyLength} recognises, read from
 * the URL's own characters: what {@link SplitUrl#of} reads as its path, without building the
 * origin, its key and the path string first. Stateless.
 */
public final class CanonicalPaths {
  private CanonicalPaths() {}

  /**
   * The UTF-8 path with params and query of {@code url}, whose first {@code keyLength} characters
   * are its origin's key ({@code keyLength} as {@link SplitUrl#originKeyLength} gives it, not -1):
   * the rest up to any {@code #}, with {@code /} put first when that is empty or starts with {@code
   * ?}. That form guarantees the rest is ASCII, so each character is one byte.
   *
   * @param url a URL {@link SplitUrl#originKeyLength} accepts
   * @param keyLength what it returned for {@code url}
   * @return a new array holding the path
   */
  @SuppressWarnings("deprecation")
  public static byte[] bytes(String url, int keyLength) {
    int hash = url.indexOf('#', keyLength);
    int to = hash < 0 ? url.length() : hash;
    int slash = to == keyLength || url.charAt(keyLength) == '?' ? 1 : 0;
    byte[] path = new byte[to - keyLength + slash];
    path[0] = '/';
    url.getBytes(keyLength, to, path, slash);
    return path;
  }
}
