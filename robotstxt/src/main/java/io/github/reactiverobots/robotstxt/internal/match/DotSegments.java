package io.github.reactiverobots.robotstxt.internal.match;

import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.firstOf;

import java.util.Arrays;

/**
 * Dot-segment removal (RFC 3986 §5.2.4, read as the WHATWG URL Standard reads a path): in the path
 * before {@code ?}, a segment {@code .} is dropped and {@code ..} drops the one before it, each
 * also in its percent-encoded forms ({@code %2E}, {@code .%2e}...); a dot segment at the end leaves
 * the path ending in {@code /}. The query is never touched. {@code /x/../private}, {@code
 * /./private} and {@code /x/%2E%2E/private} are all {@code /private}. Stateless.
 */
final class DotSegments {
  private DotSegments() {}

  /** Whether the path {@code p[from, to)} has a dot segment before its query. */
  static boolean has(byte[] p, int from, int to) {
    int end = firstOf(p, from, to, '?', '?', '?', '?');
    // A dot segment starts right after a '/' with '.' or '%'; paths have fewer '/' than '%'.
    for (int slash = segmentEnd(p, from, end);
        slash + 1 < end;
        slash = segmentEnd(p, slash + 1, end)) {
      int i = slash + 1;
      if ((p[i] == '.' || p[i] == '%') && dots(p, i, segmentEnd(p, i, end)) > 0) {
        return true;
      }
    }
    return false;
  }

  /** The path {@code p[from, to)} with its dot segments removed, in a new array. */
  static byte[] removed(byte[] p, int from, int to) {
    byte[] out = new byte[to - from];
    return Arrays.copyOf(out, removeInto(p, from, to, out));
  }

  /**
   * Writes the path {@code p[from, to)} with its dot segments removed into {@code out} from its
   * start; returns the number of bytes written, never more than {@code to - from}. Each write lands
   * at or before the byte it comes from, so {@code out} may be {@code p} itself when {@code from}
   * is 0.
   */
  static int removeInto(byte[] p, int from, int to, byte[] out) {
    int end = firstOf(p, from, to, '?', '?', '?', '?');
    int o = 0;
    int i = from;
    if (i < end && p[i] != '/') {
      // No leading slash: the first segment is kept as written.
      int first = segmentEnd(p, i, end);
      System.arraycopy(p, i, out, 0, first - i);
      o = first - i;
      i = first;
    }
    while (i < end) {
      int segment = i + 1;
      int segmentEnd = segmentEnd(p, segment, end);
      boolean last = segmentEnd == end;
      int dots = dots(p, segment, segmentEnd);
      if (dots == 2) {
        while (o > 0 && out[--o] != '/') {
          // drop the segment before
        }
      }
      if (dots == 0) {
        out[o++] = '/';
        System.arraycopy(p, segment, out, o, segmentEnd - segment);
        o += segmentEnd - segment;
      } else if (last) {
        out[o++] = '/';
      }
      i = segmentEnd;
    }
    System.arraycopy(p, end, out, o, to - end);
    return o + to - end;
  }

  private static int segmentEnd(byte[] p, int from, int end) {
    return firstOf(p, from, end, '/', '/', '/', '/');
  }

  /** 1 for a {@code .} segment {@code p[from, to)}, 2 for {@code ..}, in any encoding; else 0. */
  private static int dots(byte[] p, int from, int to) {
    int n = 0;
    int i = from;
    while (i < to && n < 3) {
      if (p[i] == '.') {
        i++;
      } else if (isEncodedDot(p, i, to)) {
        i += 3;
      } else {
        return 0;
      }
      n++;
    }
    return i == to && n <= 2 ? n : 0;
  }

  private static boolean isEncodedDot(byte[] p, int i, int to) {
    return i + 3 <= to && p[i] == '%' && p[i + 1] == '2' && (p[i + 2] | 0x20) == 'e';
  }
}
