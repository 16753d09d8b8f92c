package io.github.reactiverobots.core.cache;

import io.github.reactiverobots.core.url.Origin;
import io.github.reactiverobots.core.url.SplitUrl;
import io.github.reactiverobots.core.url.UrlSplitter;

/**
 * Splits URLs exactly as {@link UrlSplitter#split} does, but recognises a URL that begins with
 * the canonical key of a recently seen origin without building a new {@link Origin}: the hot
 * path of a cache lookup then allocates only the path string.
 *
 * <p>The shortcut is taken only when its answer is the splitter's by construction: the URL
 * starts with {@code http://} or {@code https://}; it holds no control character, space at
 * either end, {@code #} or {@code \}; and the characters up to the first {@code /} or
 * {@code ?} after the scheme are exactly a remembered origin's key (canonical keys re-split to
 * themselves). Everything else goes to {@link UrlSplitter}, whose origin is then remembered.
 * The memory is a small direct-mapped table; collisions simply overwrite. Thread-safe: slots
 * are written and read racily, which is safe because {@link Origin} is immutable with final
 * fields; internal to the cache, not API.
 */
public final class RecentOrigins {
  private static final int SLOTS = 4096;

  private final Origin[] slots = new Origin[SLOTS];

  /**
   * Splits {@code url} into origin and path-with-query.
   *
   * @throws io.github.reactiverobots.core.url.InvalidUrlException as {@link UrlSplitter#split}
   */
  public SplitUrl split(String url) {
    SplitUrl fast = recognise(url);
    if (fast != null) {
      return fast;
    }
    SplitUrl split = UrlSplitter.split(url);
    Origin origin = split.origin();
    slots[index(origin.key().hashCode())] = origin;
    return split;
  }

  private SplitUrl recognise(String url) {
    int n = url.length();
    int start;
    if (url.startsWith("https://")) {
      start = 8;
    } else if (url.startsWith("http://")) {
      start = 7;
    } else {
      return null;
    }
    if (url.charAt(n - 1) == ' ') {
      return null;
    }
    int hash = 0;
    for (int i = 0; i < start; i++) {
      hash = 31 * hash + url.charAt(i);
    }
    int end = n;
    for (int i = start; i < n; i++) {
      char c = url.charAt(i);
      if (c == '/' || c == '?') {
        end = i;
        break;
      }
      if (excluded(c)) {
        return null;
      }
      hash = 31 * hash + c;
    }
    for (int i = end; i < n; i++) {
      if (excluded(url.charAt(i))) {
        return null;
      }
    }
    Origin origin = slots[index(hash)];
    if (origin == null) {
      return null;
    }
    String key = origin.key();
    if (key.length() != end || !url.startsWith(key)) {
      return null;
    }
    String path;
    if (end == n) {
      path = "/";
    } else if (url.charAt(end) == '/') {
      path = url.substring(end);
    } else {
      path = "/" + url.substring(end);
    }
    return new SplitUrl(origin, path);
  }

  private static boolean excluded(char c) {
    return c < 0x20 || c == 0x7f || c == '#' || c == '\\';
  }

  private static int index(int hash) {
    return (hash ^ (hash >>> 16)) & (SLOTS - 1);
  }
}
