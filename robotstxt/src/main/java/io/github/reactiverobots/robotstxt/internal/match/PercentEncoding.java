package io.github.reactiverobots.robotstxt.internal.match;

import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.HIGHS;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.ONES;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.bytesBelow;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.word;
import static io.github.reactiverobots.robotstxt.internal.bytes.ByteWords.zeroBytes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Percent-encoding normalisation of patterns and paths (SEMANTICS.md §3, §4), and the removal of a
 * path's dot segments ({@link DotSegments}) where the profile asks for it. Both profiles encode
 * octets outside printable ASCII from their UTF-8 bytes and upper-case {@code %xx} hex digits; a
 * profile that {@code normalises} (the profile's {@code Profile.normalisesPercentEncoding()},
 * {@code RFC_9309}) also decodes {@code %xx} of unreserved characters and encodes the space.
 *
 * <p>A path of such a profile is read so that the octets {@code *} and {@code $} match what stands
 * for them in a pattern, where a {@code *} is the wildcard and a final {@code $} the anchor (RFC
 * 9309 §2.2.3): its {@code *} and {@code %2A} become the one octet {@link #LITERAL_STAR}, which a
 * pattern's {@code %2A} becomes in its body, and its {@code %24} becomes {@code $}, as a pattern's
 * {@code %24} does ({@code PatternTableBuilder.add}). Stateless and thread-safe.
 */
public final class PercentEncoding {
  /**
   * The octet a literal {@code *} is matched as in a profile that normalises, in paths and in
   * pattern bodies alike: one octet, so that a wildcard or a pattern's other octets meet it as they
   * meet any one octet; NUL, which normalisation never leaves unencoded on either side.
   */
  public static final byte LITERAL_STAR = 0;

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  private PercentEncoding() {}

  /** Normalises a pattern given as a byte string (one char per byte). */
  public static byte[] pattern(String byteString, boolean normalises) {
    byte[] raw = byteString.getBytes(StandardCharsets.ISO_8859_1);
    return normalise(raw, 0, raw.length, normalises, false);
  }

  /**
   * Whether the path {@code utf8[from, to)} (UTF-8 bytes) is matched as it is: when the profile
   * does not normalise, or the path holds no byte that normalisation could change (control, space,
   * {@code %}, {@code *}, non-ASCII); and, when the profile removes dot segments, it has none.
   *
   * @param normalises the profile's {@code normalisesPercentEncoding()}
   * @param removesDots the profile's {@code removesDotSegments()}
   */
  public static boolean isMatchedAsIs(
      byte[] utf8, int from, int to, boolean normalises, boolean removesDots) {
    if (!normalises) {
      return !removesDots || !DotSegments.has(utf8, from, to);
    }
    // One pass: any byte normalisation could change ends it, and a '.' after a '/' is noted, since
    // only such a pair can start a dot segment when no '%' is present.
    boolean slashDot = false;
    long slashBefore = 0;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = word(utf8, i);
      if (flagged(w, true, true)) {
        return false;
      }
      // Flags past the first may be false; a false one only sends the path to the exact test.
      long slashes = zeroBytes(w ^ ('/' * ONES));
      long dots = zeroBytes(w ^ ('.' * ONES));
      slashDot |= ((slashes << 8 | slashBefore) & dots) != 0;
      slashBefore = slashes >>> 56;
    }
    if (i < to && to - from >= Long.BYTES) {
      // The last eight bytes, overlapping those tested: they hold the rest and the byte before it.
      long w = word(utf8, to - Long.BYTES);
      if (flagged(w, true, true)) {
        return false;
      }
      slashDot |= (zeroBytes(w ^ ('/' * ONES)) << 8 & zeroBytes(w ^ ('.' * ONES))) != 0;
      i = to;
    }
    int previous = i > from ? utf8[i - 1] : 0;
    for (; i < to; i++) {
      int b = utf8[i] & 0xFF;
      if (b == '%' || b == '*' || mustEncode(b, true)) {
        return false;
      }
      slashDot |= b == '.' && previous == '/';
      previous = b;
    }
    return !removesDots || !slashDot || !DotSegments.has(utf8, from, to);
  }

  /**
   * The bytes the path {@code utf8[from, to)} is matched as: normalised like patterns, then its dot
   * segments removed when {@code removesDots} (SEMANTICS.md §4).
   */
  public static byte[] normalisedPath(
      byte[] utf8, int from, int to, boolean normalises, boolean removesDots) {
    byte[] path = normalise(Arrays.copyOfRange(utf8, from, to), 0, to - from, normalises, true);
    return removesDots && DotSegments.has(path, 0, path.length)
        ? DotSegments.removed(path, 0, path.length)
        : path;
  }

  /** Like {@link #pattern} for the {@code MaybeEscapePattern}-style check of one pattern. */
  public static String normalisedPatternText(String text, boolean normalises) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    byte[] n = normalise(utf8, 0, utf8.length, normalises, false);
    return new String(n, StandardCharsets.ISO_8859_1);
  }

  /**
   * The normalised form of the pattern {@code d[from, to)}, or null when normalisation changes
   * nothing (then the bytes in place are the pattern).
   *
   * @param d an array holding the pattern as written
   * @param from its first byte
   * @param to the index after its last byte
   * @param normalises the profile's {@code normalisesPercentEncoding()}
   * @return a new array, or null
   */
  public static byte[] normalisedOrNull(byte[] d, int from, int to, boolean normalises) {
    if (to - from >= Long.BYTES
        && plainWords(d, from, to, normalises, false) == to - (to - from) % 8
        && !flagged(word(d, to - Long.BYTES), normalises, false)) {
      // Every word, the last one overlapping, holds no byte that could need work.
      return null;
    }
    byte[] out = normalise(d, from, to, normalises, false);
    return out == d ? null : out;
  }

  /**
   * Returns {@code in} itself when nothing changes in {@code in[from, to)}.
   *
   * @param path whether {@code in} holds a path, not a pattern (SEMANTICS.md §3: a path's {@code *}
   *     and {@code %2A} become {@link #LITERAL_STAR}, its {@code %24} a {@code $})
   */
  private static byte[] normalise(byte[] in, int from, int to, boolean rfc, boolean path) {
    int first = firstChange(in, from, to, rfc, path);
    if (first == to) {
      return in;
    }
    byte[] out = new byte[maxNormalisedLength(from, first, to)];
    return Arrays.copyOf(out, normaliseInto(in, from, to, first, rfc, path, out));
  }

  /**
   * The index of the first byte of {@code in[from, to)} that normalisation changes, or to; {@code
   * path} as {@link #normalise} says.
   */
  static int firstChange(byte[] in, int from, int to, boolean rfc, boolean path) {
    int i = plainWords(in, from, to, rfc, path);
    while (i < to && !needsWork(in, i, to, rfc, path)) {
      i++;
    }
    return i;
  }

  /**
   * The most bytes normalising {@code in[from, to)} can make when its first change is at {@code
   * first}: each byte from there may become three.
   */
  static int maxNormalisedLength(int from, int first, int to) {
    return first - from + 3 * (to - first);
  }

  /**
   * Writes {@code in[from, to)} normalised into {@code out} from its start, given {@link
   * #firstChange} {@code first}; {@code out} holds at least {@link #maxNormalisedLength} bytes;
   * {@code path} as {@link #normalise} says.
   *
   * @return the number of bytes written
   */
  static int normaliseInto(
      byte[] in, int from, int to, int first, boolean rfc, boolean path, byte[] out) {
    int o = first - from;
    System.arraycopy(in, from, out, 0, o);
    int i = first;
    while (i < to) {
      int b = in[i] & 0xFF;
      if (b == '%' && i + 2 < to && isHex(in[i + 1]) && isHex(in[i + 2])) {
        int v = (hexValue(in[i + 1]) << 4) | hexValue(in[i + 2]);
        if (rfc && path && v == '*') {
          out[o++] = LITERAL_STAR;
        } else if (rfc && decodes(v, path)) {
          out[o++] = (byte) v;
        } else {
          out[o++] = '%';
          out[o++] = HEX[v >> 4];
          out[o++] = HEX[v & 0xF];
        }
        i += 3;
      } else if (rfc && path && b == '*') {
        out[o++] = LITERAL_STAR;
        i++;
      } else if (mustEncode(b, rfc)) {
        out[o++] = '%';
        out[o++] = HEX[b >> 4];
        out[o++] = HEX[b & 0xF];
        i++;
      } else {
        out[o++] = (byte) b;
        i++;
      }
    }
    return o;
  }

  /**
   * The end of the leading whole words of {@code in[from, to)} in which no byte can need work: none
   * is {@code %}, a control, DEL, non-ASCII, or (for {@code rfc}) a space or (for an rfc {@code
   * path}) a {@code *}. Eight bytes a time.
   */
  private static int plainWords(byte[] in, int from, int to, boolean rfc, boolean path) {
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      if (flagged(word(in, i), rfc, path)) {
        break;
      }
    }
    return i;
  }

  /**
   * Whether a byte of {@code w} is {@code %}, a control, DEL, non-ASCII, (rfc) a space or (rfc
   * path) a {@code *}.
   */
  private static boolean flagged(long w, boolean rfc, boolean path) {
    if ((w & HIGHS) != 0) {
      return true;
    }
    // A test that has nothing to look for looks for '%' again.
    long space = rfc ? ' ' * ONES : '%' * ONES;
    long star = rfc && path ? '*' * ONES : '%' * ONES;
    return (bytesBelow(w, 0x20)
            | zeroBytes(w ^ ('%' * ONES))
            | zeroBytes(w ^ (0x7F * ONES))
            | zeroBytes(w ^ space)
            | zeroBytes(w ^ star))
        != 0;
  }

  private static boolean needsWork(byte[] in, int i, int to, boolean rfc, boolean path) {
    int b = in[i] & 0xFF;
    if (b == '%') {
      if (i + 2 >= to || !isHex(in[i + 1]) || !isHex(in[i + 2])) {
        return false;
      }
      return isLowerHex(in[i + 1])
          || isLowerHex(in[i + 2])
          || (rfc && decodes((hexValue(in[i + 1]) << 4) | hexValue(in[i + 2]), path));
    }
    return mustEncode(b, rfc) || (rfc && path && b == '*');
  }

  private static boolean mustEncode(int b, boolean rfc) {
    return b < 0x20 || b >= 0x7F || (rfc && b == ' ');
  }

  /**
   * Whether an rfc profile decodes {@code %xx} of {@code c}: unreserved, or in a path {@code $} and
   * {@code *} (which becomes {@link #LITERAL_STAR}).
   */
  private static boolean decodes(int c, boolean path) {
    return isUnreserved(c) || (path && (c == '$' || c == '*'));
  }

  /**
   * A path as {@link #normalisedPath} made it, as text for a person: UTF-8, each {@link
   * #LITERAL_STAR} shown as {@code %2A}.
   *
   * @param path the bytes a path is matched as
   * @return the text
   */
  public static String pathText(byte[] path) {
    return new String(path, StandardCharsets.UTF_8).replace("\0", "%2A");
  }

  static boolean isUnreserved(int c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }

  private static boolean isHex(byte b) {
    return (b >= '0' && b <= '9') || (b >= 'A' && b <= 'F') || (b >= 'a' && b <= 'f');
  }

  private static boolean isLowerHex(byte b) {
    return b >= 'a' && b <= 'f';
  }

  private static int hexValue(byte b) {
    return b <= '9' ? b - '0' : (b | 0x20) - 'a' + 10;
  }
}
