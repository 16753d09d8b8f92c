package io.github.reactiverobots.core.parse;

/**
 * Takes the path, params and query from anything URL-like without ever failing, the way Google's
 * reference matcher does: {@code http://a.com/b?c#d} gives {@code /b?c}, {@code a.com} gives
 * {@code /}, {@code //a/b} gives {@code /b}, and the empty string gives {@code /}.
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
