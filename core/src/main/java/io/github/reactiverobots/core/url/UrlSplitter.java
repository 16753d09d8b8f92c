package io.github.reactiverobots.core.url;

/**
 * Splits absolute http(s) URLs into origin and path without {@link java.net.URI}: one pass over
 * the characters, no regular expressions, no allocation beyond the two results on the common
 * (already lower-case ASCII) path.
 *
 * <p>Rejected with {@link InvalidUrlException}: a missing or malformed scheme, a scheme other
 * than http or https, a missing {@code //}, an empty or malformed host, a non-numeric or
 * out-of-range port, and control characters anywhere. Leading and trailing spaces are ignored.
 * Stateless and thread-safe.
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
    int start = 0;
    int end = url.length();
    while (start < end && url.charAt(start) == ' ') {
      start++;
    }
    while (end > start && url.charAt(end - 1) == ' ') {
      end--;
    }
    for (int i = start; i < end; i++) {
      char c = url.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        throw new InvalidUrlException(url, "control character at index " + i);
      }
    }
    int colon = schemeEnd(url, start, end);
    String scheme = normaliseScheme(url.substring(start, colon), url);
    int authorityStart = colon + 1;
    if (authorityStart + 1 >= end + 1
        || !url.startsWith("//", authorityStart)) {
      throw new InvalidUrlException(url, "missing '//' after scheme");
    }
    authorityStart += 2;
    int authorityEnd = authorityStart;
    while (authorityEnd < end) {
      char c = url.charAt(authorityEnd);
      if (c == '/' || c == '?' || c == '#') {
        break;
      }
      authorityEnd++;
    }
    Origin origin = origin(url, scheme, authorityStart, authorityEnd);
    return new SplitUrl(origin, path(url, authorityEnd, end));
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

  private static Origin origin(String url, String scheme, int from, int to) {
    int at = url.lastIndexOf('@', to - 1);
    if (at >= from) {
      from = at + 1;
    }
    int hostEnd = to;
    int port = -1;
    if (from < to && url.charAt(from) == '[') {
      int close = url.indexOf(']', from);
      if (close < 0 || close >= to) {
        throw new InvalidUrlException(url, "unterminated IPv6 literal");
      }
      hostEnd = close + 1;
      if (hostEnd < to) {
        if (url.charAt(hostEnd) != ':') {
          throw new InvalidUrlException(url, "unexpected character after IPv6 literal");
        }
        port = port(url, hostEnd + 1, to);
      }
    } else {
      int colon = url.lastIndexOf(':', to - 1);
      if (colon >= from) {
        hostEnd = colon;
        port = port(url, colon + 1, to);
      }
    }
    String host = Hosts.normalise(url, from, hostEnd, url);
    return Origin.create(scheme, host, port);
  }

  private static int port(String url, int from, int to) {
    if (from == to) {
      return -1;
    }
    if (to - from > 5) {
      throw new InvalidUrlException(url, "bad port");
    }
    int port = 0;
    for (int i = from; i < to; i++) {
      char c = url.charAt(i);
      if (c < '0' || c > '9') {
        throw new InvalidUrlException(url, "bad port");
      }
      port = port * 10 + (c - '0');
    }
    if (port > 65535) {
      throw new InvalidUrlException(url, "bad port");
    }
    return port;
  }

  private static String path(String url, int from, int end) {
    int hash = url.indexOf('#', from);
    int to = hash < 0 || hash > end ? end : hash;
    if (from == to) {
      return "/";
    }
    String path = url.substring(from, to);
    return path.charAt(0) == '/' ? path : "/" + path;
  }
}
