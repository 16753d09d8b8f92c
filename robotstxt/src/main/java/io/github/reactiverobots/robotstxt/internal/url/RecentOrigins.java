package io.github.reactiverobots.robotstxt.internal.url;

import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.ONES;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.bytesBelow;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.firstOf;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.word;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.zeroBytes;

import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits URLs exactly as {@link SplitUrl#of} does, but recognises a URL that begins with the
 * canonical key of a recently seen origin without building a new {@link Origin} or path string: the
 * hot path of a cache lookup copies the URL's bytes once and matches its path in place.
 *
 * <p>The shortcut is taken only when its answer is the splitter's by construction: the URL is ASCII
 * and starts with {@code http://} or {@code https://}; it holds no control character, {@code #} or
 * {@code \}, and does not end with a space; the bytes up to the first {@code /} after the scheme
 * are exactly a remembered origin's key (canonical keys re-split to themselves), and no {@code ?}
 * comes first. A canonical key holds no {@code @}, {@code %}, {@code \}, upper case or
 * non-canonical IPv4 or IPv6 form, and its host does not end in a number unless it is
 * dotted-decimal IPv4, so the splitter reads such an authority back as that key; the path after it
 * holds no {@code \} for the splitter to turn into {@code /}. Everything else goes to {@link
 * SplitUrl#of}, whose origin is then remembered. The memory is a small direct-mapped table;
 * collisions simply overwrite. Thread-safe: slots are written and read racily, which is safe
 * because they are immutable with final fields.
 */
public final class RecentOrigins {
  private static final int SLOT_BITS = 14;
  private static final long HTTPS = word("https://".getBytes(StandardCharsets.US_ASCII), 0);
  private static final long HTTP = word("http://x".getBytes(StandardCharsets.US_ASCII), 0);
  private static final long SEVEN_BYTES = 0x00FFFFFFFFFFFFFFL;

  private final Origin[] slots = new Origin[1 << SLOT_BITS];

  /** Forgets every remembered origin, so that a closed cache keeps none reachable. */
  public void clear() {
    Arrays.fill(slots, null);
  }

  /**
   * A URL split into its origin and the UTF-8 bytes of its path with params and query, {@code
   * bytes[pathFrom, pathTo)}; an empty range stands for {@code /}. The array is the caller's alone
   * and is not changed.
   */
  public record Located(Origin origin, byte[] bytes, int pathFrom, int pathTo) {
    /**
     * The path and query as text, as {@link SplitUrl#pathAndQuery()} gives it (a lone surrogate
     * reads as {@code ?}, as in the bytes matched).
     */
    public String pathAndQuery() {
      return pathFrom == pathTo
          ? "/"
          : new String(bytes, pathFrom, pathTo - pathFrom, StandardCharsets.UTF_8);
    }
  }

  /**
   * Splits {@code url} into origin and path bytes.
   *
   * @throws io.github.reactiverobots.robotstxt.url.InvalidUrlException as {@link SplitUrl#of}
   */
  public Located locate(String url) {
    byte[] bytes = url.getBytes(StandardCharsets.UTF_8);
    if (bytes.length == url.length()) {
      Located fast = recognise(bytes);
      if (fast != null) {
        return fast;
      }
    }
    SplitUrl split = SplitUrl.of(url);
    Origin origin = split.origin();
    byte[] key = origin.key().getBytes(StandardCharsets.US_ASCII);
    if (key.length >= Long.BYTES) {
      slots[slot(key, key.length)] = origin;
    }
    byte[] path = split.pathAndQuery().getBytes(StandardCharsets.UTF_8);
    return new Located(origin, path, 0, path.length);
  }

  /** The shortcut for an ASCII URL, or null. */
  private Located recognise(byte[] u) {
    int n = u.length;
    if (n < Long.BYTES) {
      return null;
    }
    long head = word(u, 0);
    int start;
    if (head == HTTPS) {
      start = 8;
    } else if ((head & SEVEN_BYTES) == (HTTP & SEVEN_BYTES)) {
      start = 7;
    } else {
      return null;
    }
    if (u[n - 1] == ' ' || hasExcluded(u)) {
      return null;
    }
    int end = firstOf(u, start, n, '/', '?', '?', '?');
    if (end < Long.BYTES || (end < n && u[end] == '?')) {
      return null;
    }
    Origin known = slots[slot(u, end)];
    if (known == null || !known.isKey(u, 0, end)) {
      return null;
    }
    return new Located(known, u, end, n);
  }

  /**
   * Whether any byte of {@code u} (ASCII, at least eight bytes) is a control, {@code #} or {@code
   * \}.
   */
  private static boolean hasExcluded(byte[] u) {
    int n = u.length;
    int i = 0;
    for (; i + Long.BYTES <= n; i += Long.BYTES) {
      if (excluded(word(u, i))) {
        return true;
      }
    }
    return i < n && excluded(word(u, n - Long.BYTES));
  }

  private static boolean excluded(long w) {
    return (bytesBelow(w, 0x20)
            | zeroBytes(w ^ (0x7F * ONES))
            | zeroBytes(w ^ ('#' * ONES))
            | zeroBytes(w ^ ('\\' * ONES)))
        != 0;
  }

  /** The slot for the key {@code b[0, end)}, {@code end >= 8}, hashed a word at a time. */
  private static int slot(byte[] b, int end) {
    long h = end;
    for (int i = 0; i + Long.BYTES < end; i += Long.BYTES) {
      h = (h ^ word(b, i)) * 0x9E3779B97F4A7C15L;
    }
    h = (h ^ word(b, end - Long.BYTES)) * 0x9E3779B97F4A7C15L;
    return (int) (h >>> (Long.SIZE - SLOT_BITS));
  }
}
