package io.github.reactiverobots.robotstxt.internal.url;

import io.github.reactiverobots.robotstxt.internal.bytes.ByteWords;

/**
 * Takes the path, params and query from anything URL-like without ever failing, the way Google's
 * reference matcher does: {@code http://a.com/b?c#d} gives {@code /b?c}, {@code a.com} gives {@code
 * /}, {@code //a/b} gives {@code /b}, and the empty string gives {@code /}.
 */
public final class LenientPaths {
  private LenientPaths() {}

  /**
   * The path with params and query of {@code url}, the fragment dropped.
   *
   * @param url anything URL-like
   * @return the path, params and query, always starting with {@code /}
   */
  public static String pathParamsQuery(String url) {
    int searchStart = url.startsWith("//") ? 2 : 0;
    int earlyPath = indexOfAny(url, searchStart);
    int protocolEnd = url.indexOf("://", searchStart);
    if (protocolEnd < 0 || (earlyPath >= 0 && earlyPath < protocolEnd)) {
      protocolEnd = searchStart;
    } else {
      protocolEnd += 3;
    }
    int pathStart = indexOfAny(url, protocolEnd);
    if (pathStart < 0) {
      return "/";
    }
    int hash = url.indexOf('#', searchStart);
    if (hash >= 0 && hash < pathStart) {
      return "/";
    }
    int pathEnd = hash < 0 ? url.length() : hash;
    String path = url.substring(pathStart, pathEnd);
    return url.charAt(pathStart) == '/' ? path : "/" + path;
  }

  /**
   * Where {@link #pathParamsQuery} finds the path in {@code url}'s UTF-8 bytes, without copying:
   * {@code from << 32 | to} (an empty range stands for {@code /}), or -1 when the path does not
   * start with {@code /} and needs one put before it. The delimiters are ASCII, which UTF-8 never
   * uses inside a multi-byte character, so the bytes split as the characters do.
   *
   * @param url a URL's UTF-8 bytes
   * @return the path's range, or -1
   */
  public static long pathRange(byte[] url) {
    int n = url.length;
    int searchStart = n >= 2 && url[0] == '/' && url[1] == '/' ? 2 : 0;
    int earlyPath = indexOfAny(url, searchStart);
    int protocolEnd = indexOfSchemeEnd(url, searchStart);
    if (protocolEnd < 0 || (earlyPath >= 0 && earlyPath < protocolEnd)) {
      protocolEnd = searchStart;
    } else {
      protocolEnd += 3;
    }
    int pathStart = indexOfAny(url, protocolEnd);
    if (pathStart < 0) {
      return 0;
    }
    int hash = ByteWords.firstOf(url, searchStart, n, '#', '#', '#', '#');
    hash = hash == n ? -1 : hash;
    if (hash >= 0 && hash < pathStart) {
      return 0;
    }
    if (url[pathStart] != '/') {
      return -1;
    }
    return (long) pathStart << 32 | (hash < 0 ? n : hash);
  }

  private static int indexOfAny(byte[] s, int from) {
    int i = ByteWords.firstOf(s, from, s.length, '/', '?', ';', ';');
    return i == s.length ? -1 : i;
  }

  private static int indexOfSchemeEnd(byte[] s, int from) {
    for (int i = from; i + 2 < s.length; i++) {
      if (s[i] == ':' && s[i + 1] == '/' && s[i + 2] == '/') {
        return i;
      }
    }
    return -1;
  }

  /**
   * Refuses a call whose URL and agent were swapped: the agent is an absolute URL (a scheme then
   * {@code ://}) while the URL is not URL-like (no {@code ://} and not a path). A robots.txt may
   * name a crawler by a URL, so a URL-like agent alone is no error.
   *
   * @param url what was passed as the URL
   * @param agent what was passed as the agent
   * @throws IllegalArgumentException naming both when they were swapped
   */
  public static void requireUrlFirst(String url, String agent) {
    if (!url.startsWith("/") && !url.contains("://") && startsWithScheme(agent)) {
      throw new IllegalArgumentException(
          "\""
              + url
              + "\" is not a URL while the agent \""
              + agent
              + "\" is: the URL comes first, as in check(url, agent)");
    }
  }

  /** Whether {@code s} starts with a URL scheme and {@code ://}. */
  private static boolean startsWithScheme(String s) {
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      if (!(alpha || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')))) {
        break;
      }
      i++;
    }
    return i > 0 && s.startsWith("://", i);
  }

  private static int indexOfAny(String s, int from) {
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '/' || c == '?' || c == ';') {
        return i;
      }
    }
    return -1;
  }
}
