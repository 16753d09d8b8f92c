package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Byte strings back to back in one array: string {@code i} is {@code bytes[starts[i], starts[i +
 * 1])}. Holds what a parsed robots.txt keeps as written (user-agent values, sitemaps, other
 * records), so that none needs a String until asked for. Immutable once built.
 */
final class PackedStrings {
  static final PackedStrings EMPTY = new PackedStrings(new byte[0], new int[1]);

  private final byte[] bytes;
  private final int[] starts;

  private PackedStrings(byte[] bytes, int[] starts) {
    this.bytes = bytes;
    this.starts = starts;
  }

  int size() {
    return starts.length - 1;
  }

  int length(int i) {
    return starts[i + 1] - starts[i];
  }

  /** String {@code i} as a person reads it: its bytes decoded as UTF-8. */
  String text(int i) {
    return ByteStrings.toText(bytes, starts[i], starts[i + 1]);
  }

  /** Strings {@code base} to {@code base + count - 1}. */
  List<String> texts(int base, int count) {
    String[] out = new String[count];
    for (int i = 0; i < count; i++) {
      out[i] = text(base + i);
    }
    return List.of(out);
  }

  /** The records whose lines are {@code lines}, key and value of the k-th at {@code base + 2k}. */
  List<RobotsTxt.OtherRecord> records(int[] lines, int base) {
    RobotsTxt.OtherRecord[] out = new RobotsTxt.OtherRecord[lines.length];
    for (int k = 0; k < lines.length; k++) {
      out[k] = new RobotsTxt.OtherRecord(lines[k], text(base + 2 * k), text(base + 2 * k + 1));
    }
    return List.of(out);
  }

  /** String {@code i} as a byte string: one char per byte. */
  String byteString(int i) {
    return new String(bytes, starts[i], starts[i + 1] - starts[i], StandardCharsets.ISO_8859_1);
  }

  /**
   * Whether string {@code i} (lower-case ASCII) is the first {@code length} chars of {@code s} with
   * {@code A-Z} lower-cased.
   */
  boolean equalsLowerCased(int i, String s, int length) {
    int from = starts[i];
    if (starts[i + 1] - from != length) {
      return false;
    }
    for (int k = 0; k < length; k++) {
      if (bytes[from + k] != toLowerAscii(s.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  /** {@code c} with {@code A-Z} lower-cased; other chars as they are. */
  static int toLowerAscii(char c) {
    return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
  }

  /** {@code String.hashCode()} of string {@code i} read one char per byte. */
  int latin1Hash(int i) {
    int h = 0;
    for (int k = starts[i]; k < starts[i + 1]; k++) {
      h = 31 * h + (bytes[k] & 0xFF);
    }
    return h;
  }

  long estimatedBytes() {
    return HeapSizes.object(2L * HeapSizes.REFERENCE)
        + HeapSizes.array(bytes.length, 1)
        + HeapSizes.array(starts.length, Integer.BYTES);
  }

  /**
   * The strings of {@code parts}, one after another: the first string of part {@code k} gets the
   * index that is the sum of the sizes of the parts before it. Copies each string's bytes once.
   */
  static PackedStrings join(Builder... parts) {
    int count = 0;
    int used = 0;
    for (Builder p : parts) {
      count += p.size;
      used += p.used;
    }
    if (count == 0) {
      return EMPTY;
    }
    byte[] bytes = new byte[used];
    int[] starts = new int[count + 1];
    int at = 0;
    int n = 0;
    for (Builder p : parts) {
      for (int i = 0; i < p.size; i++) {
        int from = p.ranges[2 * i];
        int length = p.ranges[2 * i + 1] - from;
        System.arraycopy(p.sources[i], from, bytes, at, length);
        starts[n++] = at;
        at += length;
      }
    }
    starts[n] = at;
    return new PackedStrings(bytes, starts);
  }

  /**
   * Collects strings as ranges of the arrays they are in, which only {@link #join} copies: an array
   * handed to {@link #add} must not change until then. Allocates nothing until the first string;
   * not thread-safe.
   */
  static final class Builder {
    private static final byte[][] NO_SOURCES = new byte[0][];
    private static final int[] NO_RANGES = new int[0];

    /** Per string, the array holding it, and its first byte and end in {@code ranges}. */
    private byte[][] sources = NO_SOURCES;

    private int[] ranges = NO_RANGES;
    private int size;
    private int used;

    /** Appends {@code d[from, to)}, which is read again when joined; returns its index. */
    int add(byte[] d, int from, int to) {
      if (size == sources.length) {
        int capacity = Math.max(4, size * 2);
        sources = Arrays.copyOf(sources, capacity);
        ranges = Arrays.copyOf(ranges, 2 * capacity);
      }
      sources[size] = d;
      ranges[2 * size] = from;
      ranges[2 * size + 1] = to;
      used += to - from;
      return size++;
    }

    /** Appends a byte string (one byte per char). */
    int add(String byteString) {
      byte[] b = byteString.getBytes(StandardCharsets.ISO_8859_1);
      return add(b, 0, b.length);
    }

    /**
     * Whether string {@code i} is {@code d[from, to)}, with {@code A-Z} of {@code d} lower-cased
     * when {@code lowerCased}.
     */
    boolean matches(int i, byte[] d, int from, int to, boolean lowerCased) {
      byte[] source = sources[i];
      int at = ranges[2 * i];
      if (ranges[2 * i + 1] - at != to - from) {
        return false;
      }
      for (int k = from; k < to; k++, at++) {
        int b = d[k];
        if (lowerCased && b >= 'A' && b <= 'Z') {
          b += 'a' - 'A';
        }
        if (b != source[at]) {
          return false;
        }
      }
      return true;
    }

    int size() {
      return size;
    }

    PackedStrings build() {
      return join(this);
    }
  }
}
