package io.github.reactiverobots.robotstxt.url;

/**
 * Splits absolute http(s) URLs into origin and path as the WHATWG URL Standard's parser reads a
 * special URL (SEMANTICS.md §6), without {@link java.net.URI}: one pass over the characters, no
 * regular expressions, no allocation beyond the two results on the common (already canonical ASCII)
 * path.
 *
 * <p>Read as a browser reads it: {@code \} is {@code /} in the authority and the path (so {@code
 * http://example.com\@evil.com/} is {@code example.com} with path {@code /@evil.com/}), the
 * userinfo ends at the last {@code @}, extra slashes after the scheme are skipped, the host goes
 * through {@link Hosts}, a port may have leading zeros. The path keeps its dot segments and
 * percent-encoding as written (matching normalises them, SEMANTICS.md §4); the query is kept as
 * written, the fragment dropped.
 *
 * <p>Rejected with {@link InvalidUrlException}, each naming the rule: a missing or malformed
 * scheme, a scheme other than http or https, fewer than two slashes after the scheme (which a
 * browser would still read as the authority), an empty or invalid host, a non-numeric port, a port
 * above 65535 or port 0 (which no fetch can contact), and control characters inside the URL (a
 * browser removes tabs and newlines and encodes the rest). Leading and trailing controls and spaces
 * are ignored, as a browser ignores them. Stateless and thread-safe.
 */
final class UrlSplitter {
  private UrlSplitter() {}

  /**
   * Splits {@code url} into origin and path-with-params-and-query.
   *
   * @throws InvalidUrlException naming the input when it is not a usable absolute http(s) URL
   */
  static SplitUrl split(String url) {
    if (url == null) {
      throw new InvalidUrlException(null, "URL is null");
    }
    SplitUrl canonical = CanonicalUrls.split(url);
    return canonical != null ? canonical : splitFully(url);
  }

  /** {@link #split} without the fast path: what {@link CanonicalUrls} must agree with. */
  static SplitUrl splitFully(String url) {
    if (url == null) {
      throw new InvalidUrlException(null, "URL is null");
    }
    int start = 0;
    int end = url.length();
    while (start < end && url.charAt(start) <= ' ') {
      start++;
    }
    while (end > start && url.charAt(end - 1) <= ' ') {
      end--;
    }
    for (int i = start; i < end; i++) {
      char c = url.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        throw new InvalidUrlException(
            url,
            String.format(
                "control character U+%04X at index %d"
                    + " (a browser removes tabs and newlines and encodes other controls; refused here)",
                (int) c, i));
      }
    }
    int colon = schemeEnd(url, start, end);
    String scheme = normaliseScheme(url.substring(start, colon), url);
    int authorityStart = colon + 1;
    while (authorityStart < end && isSlash(url.charAt(authorityStart))) {
      authorityStart++;
    }
    if (authorityStart - colon - 1 < 2) {
      throw new InvalidUrlException(url, "missing '//' after scheme");
    }
    int authorityEnd = authorityStart;
    while (authorityEnd < end) {
      char c = url.charAt(authorityEnd);
      if (isSlash(c) || c == '?' || c == '#') {
        break;
      }
      authorityEnd++;
    }
    Origin origin = origin(url, scheme, authorityStart, authorityEnd);
    return new SplitUrl(origin, path(url, authorityEnd, end));
  }

  private static boolean isSlash(char c) {
    return c == '/' || c == '\\';
  }

  private static int schemeEnd(String url, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = url.charAt(i);
      if (c == ':') {
        if (i == start) {
          throw new InvalidUrlException(url, "no scheme");
        }
        return i;
      }
      boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      boolean other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
      if (!(alpha || (i > start && other))) {
        break;
      }
    }
    throw new InvalidUrlException(url, "no scheme");
  }

  static String normaliseScheme(String scheme, String input) {
    if (scheme.equalsIgnoreCase("http")) {
      return "http";
    }
    if (scheme.equalsIgnoreCase("https")) {
      return "https";
    }
    throw new InvalidUrlException(input, "unsupported scheme '" + scheme + "'");
  }

  /** The origin of the authority {@code url[from, to)}. */
  private static Origin origin(String url, String scheme, int from, int to) {
    int at = url.lastIndexOf('@', to - 1);
    if (at >= from) {
      from = at + 1;
    }
    int hostEnd = from;
    boolean inBrackets = false;
    while (hostEnd < to) {
      char c = url.charAt(hostEnd);
      if (c == ':' && !inBrackets) {
        break;
      }
      if (c == '[') {
        inBrackets = true;
      } else if (c == ']') {
        inBrackets = false;
      }
      hostEnd++;
    }
    int port = hostEnd < to ? port(url, hostEnd + 1, to) : -1;
    String host = Hosts.normalise(url, from, hostEnd, url);
    return Origin.create(scheme, host, port);
  }

  /** The port {@code url[from, to)}: -1 when empty; digits only, leading zeros allowed. */
  static int port(String url, int from, int to) {
    int port = -1;
    for (int i = from; i < to; i++) {
      char c = url.charAt(i);
      if (c < '0' || c > '9') {
        throw new InvalidUrlException(url, "bad port: not a number");
      }
      port = Math.min(Math.max(port, 0) * 10 + (c - '0'), 1 << 20);
    }
    return checkedPort(port, url);
  }

  /** {@code port} when it is -1 (none) or one a fetch can contact. */
  static int checkedPort(int port, String input) {
    if (port > 65535 || port < -1) {
      throw new InvalidUrlException(input, "bad port: out of range (over 65535)");
    }
    if (port == 0) {
      throw new InvalidUrlException(
          input, "bad port: port 0 cannot be contacted (the WHATWG URL Standard accepts it)");
    }
    return port;
  }

  /**
   * The path and query of {@code url[from, end)}, whose first character (if any) is a slash, {@code
   * ?} or {@code #}: {@code \} read as {@code /} in the path, the fragment dropped.
   */
  private static String path(String url, int from, int end) {
    int hash = url.indexOf('#', from);
    int to = hash < 0 || hash > end ? end : hash;
    if (from == to) {
      return "/";
    }
    int query = url.indexOf('?', from);
    int pathEnd = query < 0 || query > to ? to : query;
    String path = url.substring(from, to);
    if (url.indexOf('\\', from) >= 0 && url.indexOf('\\', from) < pathEnd) {
      char[] chars = path.toCharArray();
      for (int i = 0; i < pathEnd - from; i++) {
        if (chars[i] == '\\') {
          chars[i] = '/';
        }
      }
      path = new String(chars);
    }
    return path.charAt(0) == '/' ? path : "/" + path;
  }
}
