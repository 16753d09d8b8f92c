package io.github.reactiverobots.netty;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** Resolves a {@code Location} header against the URL it came from. Stateless. */
final class Redirects {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Redirects() {}

  /** Whether {@code status} is a redirect the fetcher follows. */
  static boolean isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  /**
   * The URL to follow a redirect to, or null when it cannot be followed: no {@code Location}, a
   * blank one, one that does not parse, or one whose scheme is not http(s).
   */
  static String followable(String base, String location) {
    if (location == null || location.isBlank()) {
      return null;
    }
    try {
      return resolve(base, location);
    } catch (RedirectException e) {
      return null;
    }
  }

  /**
   * The absolute, normalised URL {@code location} points to from {@code base}, read as the URL
   * Standard reads it for an http(s) base: tabs and newlines removed, {@code \} taken as {@code /}
   * before the query, two or more leading slashes starting an authority (scheme-relative); origin
   * in its canonical form, fragment dropped, non-ASCII and unsafe characters percent-encoded.
   *
   * @throws RedirectException ({@link FailureKind#OTHER}) when it is not a usable http(s) URL
   */
  static String resolve(String base, String location) {
    String trimmed = standardForm(location);
    int hash = trimmed.indexOf('#');
    if (hash >= 0) {
      trimmed = trimmed.substring(0, hash);
    }
    try {
      String absolute = URI.create(base).resolve(URI.create(encodeUnsafe(trimmed))).toString();
      SplitUrl split = SplitUrl.of(absolute);
      String path = split.pathAndQuery().isEmpty() ? "/" : split.pathAndQuery();
      return split.origin().key() + path;
    } catch (IllegalArgumentException e) { // includes InvalidUrlException
      throw new RedirectException(
          FailureKind.OTHER, "unusable Location '" + location + "': " + e.getMessage());
    }
  }

  /**
   * The URL Standard's reading of a reference against an http(s) base, where it differs from RFC
   * 3986: C0 controls and spaces trimmed, tabs and newlines removed, backslashes before the query
   * read as slashes, and any run of two or more leading slashes as exactly two.
   */
  static String standardForm(String location) {
    String s = location.trim().replace("\t", "").replace("\n", "").replace("\r", "");
    int query = s.indexOf('?');
    int end = query < 0 ? s.length() : query;
    int fragment = s.indexOf('#');
    if (fragment >= 0 && fragment < end) {
      end = fragment;
    }
    s = s.substring(0, end).replace('\\', '/') + s.substring(end);
    if (s.startsWith("//")) {
      int i = 2;
      while (i < s.length() && s.charAt(i) == '/') {
        i++;
      }
      s = "//" + s.substring(i);
    }
    return s;
  }

  /**
   * Percent-encodes octets that {@link URI} rejects: controls, space, non-ASCII and a few others.
   */
  static String encodeUnsafe(String s) {
    StringBuilder sb = null;
    byte[] bytes = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c > 0x20 && c < 0x7f && "\"<>\\^`{|}".indexOf(c) < 0) {
        continue;
      }
      bytes = s.getBytes(StandardCharsets.UTF_8);
      sb = new StringBuilder(bytes.length + 16);
      break;
    }
    if (sb == null) {
      return s;
    }
    for (byte b : bytes) {
      int v = b & 0xff;
      if (v > 0x20 && v < 0x7f && "\"<>\\^`{|}".indexOf(v) < 0) {
        sb.append((char) v);
      } else {
        sb.append('%').append(HEX[v >> 4]).append(HEX[v & 0xf]);
      }
    }
    return sb.toString();
  }
}
