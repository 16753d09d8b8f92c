package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.url.SplitUrl;
import java.nio.charset.StandardCharsets;

/**
 * The one reading of a URL's path per profile (SEMANTICS.md §4), for the entry points that take a
 * URL or a path as a string. Under {@code RFC_9309} it is the cache's: the WHATWG URL Standard's
 * parse of an absolute http(s) URL ({@code \} read as {@code /}, tabs and newlines removed, dot
 * segments, {@code %2e} spellings included, resolved), and of a path as a reference against an
 * http origin; anything else is an {@link io.github.reactiverobots.core.url.InvalidUrlException}
 * naming the input, as the cache answers it. Under {@code GOOGLE} it is Google's reference
 * matcher's lenient reading ({@link LenientPaths}), which never fails. Stateless.
 */
final class ProfilePaths {
  /** The origin a bare path is read against under {@code RFC_9309}; only its path is kept. */
  private static final String BASE = "http://path.invalid";

  private ProfilePaths() {}

  /** Whether {@code profile} reads paths as the cache does. */
  static boolean strict(Profile profile) {
    return profile == Profile.RFC_9309;
  }

  /**
   * The path with params and query of {@code urlOrPath} as the cache reads it: an absolute URL,
   * a scheme-relative one ({@code //host/path}, read as http), or a path; null for anything else
   * (the cache takes only absolute URLs), which the caller reads leniently.
   */
  static byte[] cachePath(String urlOrPath) {
    String url;
    if (urlOrPath.startsWith("//") || urlOrPath.startsWith("\\\\")) {
      url = "http:" + urlOrPath;
    } else if (hasScheme(urlOrPath)) {
      url = urlOrPath;
    } else if (urlOrPath.startsWith("/") || urlOrPath.startsWith("\\")) {
      url = BASE + urlOrPath;
    } else {
      return null;
    }
    return SplitUrl.of(url).pathAndQuery().getBytes(StandardCharsets.UTF_8);
  }

  /** Whether {@code s} starts with a URL scheme and its colon ({@code http:}, {@code a+b:}). */
  private static boolean hasScheme(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ':') {
        return i > 0;
      }
      boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      if (!(letter || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')))) {
        return false;
      }
    }
    return false;
  }
}
