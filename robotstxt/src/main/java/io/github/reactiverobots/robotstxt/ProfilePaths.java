package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.url.CanonicalPaths;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;

/**
 * The one reading of a URL's path per profile (SEMANTICS.md §4), for the entry points that take a
 * URL or a path as a string. Under {@code RFC_9309} it is the cache's: the WHATWG URL Standard's
 * parse of an absolute http(s) URL ({@code \} read as {@code /}, dot segments, {@code %2e}
 * spellings included, resolved, userinfo dropped); one the cache refuses is an {@link
 * InvalidUrlException} naming the input, as the cache answers it. What the cache does not take (a
 * path, a bare host) is read leniently ({@link LenientPaths}). Under {@code GOOGLE} the reading is
 * always Google's reference matcher's lenient one, which never fails. Stateless.
 */
final class ProfilePaths {
  private ProfilePaths() {}

  /** Whether {@code profile} reads paths as the cache does. */
  static boolean strict(Profile profile) {
    return profile == Profile.RFC_9309;
  }

  /**
   * The path with params and query of {@code url} as the cache reads it, for a URL that is not in
   * the canonical form {@link SplitUrl#originKeyLength} takes, when it is an absolute URL ({@code
   * http://A.com/b}, {@code http:\\a.com\b}, {@code http:///a.com/b}) or a scheme-relative one
   * ({@code //a.com/b}, read as http); null for anything else URL-like (a path, {@code a.com/b}),
   * which the caller reads leniently, as the cache takes only absolute URLs.
   *
   * @throws io.github.reactiverobots.robotstxt.url.InvalidUrlException for an absolute http(s) URL
   *     the cache refuses; another scheme's URL, or a scheme-relative one the cache would refuse,
   *     is read leniently (null)
   */
  private static byte[] splitPath(String url) {
    int start = 0;
    while (start < url.length() && url.charAt(start) <= ' ') {
      start++; // leading C0 controls and spaces, as the WHATWG parser (and so the cache) strips
    }
    boolean schemeRelative = url.startsWith("//", start) || url.startsWith("\\\\", start);
    if (!schemeRelative && !isHttp(url, start)) {
      return null;
    }
    try {
      return SplitUrl.of(schemeRelative ? "http:" + url.substring(start) : url)
          .pathAndQuery()
          .getBytes(StandardCharsets.UTF_8);
    } catch (InvalidUrlException e) {
      if (schemeRelative) {
        return null;
      }
      throw e;
    }
  }

  /** Whether {@code s} has {@code http:} or {@code https:} at {@code from}, in any case. */
  private static boolean isHttp(String s, int from) {
    return s.regionMatches(true, from, "http:", 0, 5)
        || s.regionMatches(true, from, "https:", 0, 6);
  }

  /**
   * What {@code question} answers for the path of {@code url}, read as {@code profile} reads it:
   * the cache's reading when strict and the cache takes the URL, else the lenient one.
   */
  static <T> T atPath(Profile profile, CompiledRules rules, String url, PathQuestion<T> question) {
    return atPath(strict(profile), rules, url, question);
  }

  /**
   * {@link #atPath(Profile, CompiledRules, String, PathQuestion)} for a profile known as strict or
   * not.
   */
  static <T> T atPath(
      boolean strictProfile, CompiledRules rules, String url, PathQuestion<T> question) {
    if (strictProfile) {
      int keyLength = SplitUrl.originKeyLength(url);
      if (keyLength >= 0) {
        int end = CanonicalPaths.end(url, keyLength);
        int length = CanonicalPaths.length(url, keyLength, end);
        byte[] path = CanonicalPaths.scratch(url, keyLength, end, length);
        return question.of(rules, path, 0, length, null);
      }
      byte[] split = splitPath(url);
      if (split != null) {
        return question.of(rules, split, 0, split.length, null);
      }
    }
    byte[] bytes = url.getBytes(StandardCharsets.UTF_8);
    long range = LenientPaths.pathRange(bytes);
    if (range < 0) {
      byte[] path = LenientPaths.pathParamsQuery(url).getBytes(StandardCharsets.UTF_8);
      return question.of(rules, path, 0, path.length, null);
    }
    return question.of(rules, bytes, (int) (range >>> 32), (int) range, null);
  }

  /** A question about the path {@code utf8[from, to)}, such as a check. */
  @FunctionalInterface
  interface PathQuestion<T> {
    T of(CompiledRules rules, byte[] utf8, int from, int to, OriginState originState);
  }
}
