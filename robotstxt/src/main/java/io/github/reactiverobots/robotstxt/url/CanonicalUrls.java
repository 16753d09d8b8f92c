package io.github.reactiverobots.robotstxt.url;

/**
 * The fast path of {@link UrlSplitter}: recognises, in one pass over the characters and without
 * allocating, the shape almost every URL a crawler checks already has, and refuses everything else,
 * which then goes to the full WHATWG splitter. Accepted:
 *
 * <pre>
 *   http:// or https://   (lower case, exactly two slashes)
 *   host                  labels of 1 to 63 of [a-z0-9-], joined by single dots, at most 253
 *                         in all, no label starting with xn--, no trailing dot; when the last
 *                         label starts with a digit, dotted-decimal IPv4 exactly as serialised
 *                         (four parts, 0 to 255, no leading zero)
 *   :port                 optional: 1 to 65535 in decimal without a leading zero
 *   rest                  empty or starting with / ? #; no control character, DEL or \, not
 *                         ending in a space; other characters, non-ASCII included, are kept as
 *                         written, as the full splitter keeps them
 * </pre>
 *
 * <p>For such a URL the splitter's answer is known without running it: the host normalises to
 * itself (plain ASCII, nothing to lower-case, map or decode, nothing forbidden, not a number unless
 * canonical IPv4), so the origin's key is the URL's own prefix up to the host (the port too unless
 * it is the scheme's default), and the path is the rest up to any {@code #}, with {@code /} put
 * first when it is empty or starts with {@code ?}. Everything else (upper case, {@code %},
 * {@code @}, {@code \}, IDN, numeric IPv4 forms, IPv6, empty labels, leading zeros, surrounding
 * spaces, controls) is refused, never guessed. A URL whose rest holds a non-ASCII character is
 * split here but flagged ({@link #asciiRest}), since the warm path copies the rest as ASCII.
 * Stateless and thread-safe.
 */
final class CanonicalUrls {
  /** Returned by {@link #scan} for a URL the fast path does not take. */
  static final long REFUSED = -1;

  /** Set in a {@link #scan} result whose rest holds a character above U+007F. */
  private static final long NON_ASCII_REST = 1L << 62;

  private static final int PORT_BITS = 0x1FFFF;

  private static final int MAX_LABEL = 63;
  private static final int MAX_HOST = 253;

  private CanonicalUrls() {}

  /**
   * Scans {@code url}: {@link #REFUSED}, or the end of its authority in the low 32 bits, its
   * explicit port (0 when none) in the 17 bits above, and {@link #NON_ASCII_REST} when the rest
   * holds a character above U+007F.
   */
  static long scan(String url) {
    int n = url.length();
    int i;
    if (url.startsWith("https://")) {
      i = 8;
    } else if (url.startsWith("http://")) {
      i = 7;
    } else {
      return REFUSED;
    }
    int hostStart = i;
    int labelStart = i;
    while (i < n) {
      char c = url.charAt(i);
      if (c == '.') {
        if (!goodLabel(url, labelStart, i)) {
          return REFUSED;
        }
        labelStart = i + 1;
      } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
        break;
      }
      i++;
    }
    int hostEnd = i;
    if (!goodLabel(url, labelStart, hostEnd) || hostEnd - hostStart > MAX_HOST) {
      return REFUSED;
    }
    char last = url.charAt(labelStart);
    if (last >= '0' && last <= '9' && !isDottedDecimal(url, hostStart, hostEnd)) {
      return REFUSED;
    }
    int port = 0;
    if (i < n && url.charAt(i) == ':') {
      int digits = ++i;
      while (i < n && i - digits <= 5) {
        char c = url.charAt(i);
        if (c < '0' || c > '9') {
          break;
        }
        port = port * 10 + (c - '0');
        i++;
      }
      if (i == digits || url.charAt(digits) == '0' || i - digits > 5 || port > 65535) {
        return REFUSED;
      }
    }
    int authorityEnd = i;
    int seen = 0;
    if (i < n) {
      char c = url.charAt(i);
      if (c != '/' && c != '?' && c != '#') {
        return REFUSED;
      }
      if (url.charAt(n - 1) <= ' ') {
        return REFUSED;
      }
      for (; i < n; i++) {
        c = url.charAt(i);
        if (c < 0x20 || c == 0x7f || c == '\\') {
          return REFUSED;
        }
        seen |= c;
      }
    }
    long scanned = (long) port << 32 | authorityEnd;
    return seen < 0x80 ? scanned : scanned | NON_ASCII_REST;
  }

  /** Whether {@code url[from, to)} is a label the fast path takes (its characters are). */
  private static boolean goodLabel(String url, int from, int to) {
    int length = to - from;
    return length > 0 && length <= MAX_LABEL && !(length >= 4 && url.startsWith("xn--", from));
  }

  /** Whether {@code url[from, to)} is four decimal parts 0-255 without leading zeros. */
  private static boolean isDottedDecimal(String url, int from, int to) {
    int parts = 0;
    int i = from;
    while (i < to) {
      int start = i;
      int value = 0;
      while (i < to && url.charAt(i) != '.') {
        char c = url.charAt(i);
        if (c < '0' || c > '9' || i - start >= 3) {
          return false;
        }
        value = value * 10 + (c - '0');
        i++;
      }
      if (i == start || value > 255 || (url.charAt(start) == '0' && i - start > 1)) {
        return false;
      }
      parts++;
      i++;
    }
    return parts == 4 && url.charAt(to - 1) != '.';
  }

  /** The end of the authority from a {@link #scan} result that is not {@link #REFUSED}. */
  static int authorityEnd(long scanned) {
    return (int) scanned;
  }

  /** The explicit port from a {@link #scan} result, 0 when none. */
  static int port(long scanned) {
    return (int) (scanned >>> 32) & PORT_BITS;
  }

  /** Whether the rest after the authority of a {@link #scan}ned URL is all ASCII. */
  static boolean asciiRest(long scanned) {
    return (scanned & NON_ASCII_REST) == 0;
  }

  /**
   * The length of the origin's key at the start of the URL scanned: the authority, less an explicit
   * default port.
   */
  static int keyEnd(String url, long scanned) {
    int port = port(scanned);
    int end = authorityEnd(scanned);
    if (port == 0 || port != (url.charAt(4) == 's' ? 443 : 80)) {
      return end;
    }
    return url.lastIndexOf(':', end);
  }

  /** The split of {@code url} when the fast path takes it, else null. */
  static SplitUrl split(String url) {
    long scanned = scan(url);
    if (scanned == REFUSED) {
      return null;
    }
    int keyEnd = keyEnd(url, scanned);
    int authorityEnd = authorityEnd(scanned);
    int port = keyEnd == authorityEnd && port(scanned) != 0 ? port(scanned) : -1;
    Origin origin = Origin.canonical(url, keyEnd, port);
    return new SplitUrl(origin, pathAndQuery(url, authorityEnd));
  }

  /** The path and query of an accepted URL whose authority ends at {@code from}. */
  private static String pathAndQuery(String url, int from) {
    int hash = url.indexOf('#', from);
    int to = hash < 0 ? url.length() : hash;
    if (from == to) {
      return "/";
    }
    String path = url.substring(from, to);
    return path.charAt(0) == '/' ? path : "/" + path;
  }
}
