package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.internal.bytes.HeapSizes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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
   * index that is the sum of the sizes of the parts before it. Copies each part's bytes once.
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
      System.arraycopy(p.bytes, 0, bytes, at, p.used);
      for (int i = 0; i < p.size; i++) {
        starts[n++] = at + p.starts[i];
      }
      at += p.used;
    }
    starts[n] = at;
    return new PackedStrings(bytes, starts);
  }

  /** Appends strings; not thread-safe. Allocates nothing until the first string. */
  static final class Builder {
    private static final byte[] NO_BYTES = new byte[0];
    private static final int[] NO_STARTS = new int[0];

    private final int expectedBytes;
    private byte[] bytes = NO_BYTES;
    private int used;
    private int[] starts = NO_STARTS;
    private int size;

    Builder(int expectedBytes) {
      this.expectedBytes = Math.max(16, expectedBytes);
    }

    /** Appends {@code d[from, to)}; returns its index. */
    int add(byte[] d, int from, int to) {
      int n = to - from;
      if (used + n > bytes.length) {
        int grown = bytes.length == 0 ? expectedBytes : bytes.length * 2;
        bytes = Arrays.copyOf(bytes, Math.max(grown, used + n));
      }
      System.arraycopy(d, from, bytes, used, n);
      if (size + 2 > starts.length) {
        starts = Arrays.copyOf(starts, Math.max(8, starts.length * 2));
      }
      starts[size] = used;
      used += n;
      starts[size + 1] = used;
      return size++;
    }

    /** Appends {@code d[from, to)} with {@code A-Z} lower-cased; returns its index. */
    int addLowerCased(byte[] d, int from, int to) {
      int i = add(d, from, to);
      for (int k = starts[i]; k < used; k++) {
        byte b = bytes[k];
        if (b >= 'A' && b <= 'Z') {
          bytes[k] = (byte) (b + ('a' - 'A'));
        }
      }
      return i;
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
      int at = starts[i];
      if (starts[i + 1] - at != to - from) {
        return false;
      }
      for (int k = from; k < to; k++, at++) {
        int b = d[k];
        if (lowerCased && b >= 'A' && b <= 'Z') {
          b += 'a' - 'A';
        }
        if (b != bytes[at]) {
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
