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
  static final PackedStrings EMPTY = new Builder(0).build();

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

  /** Appends strings; not thread-safe. */
  static final class Builder {
    private byte[] bytes;
    private int used;
    private int[] starts = new int[8];
    private int size;

    Builder(int expectedBytes) {
      bytes = new byte[Math.max(16, expectedBytes)];
    }

    /** Appends {@code d[from, to)}; returns its index. */
    int add(byte[] d, int from, int to) {
      int n = to - from;
      if (used + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + n));
      }
      System.arraycopy(d, from, bytes, used, n);
      if (size + 2 > starts.length) {
        starts = Arrays.copyOf(starts, starts.length * 2);
      }
      starts[size] = used;
      used += n;
      starts[size + 1] = used;
      return size++;
    }

    /** Appends a byte string (one byte per char). */
    int add(String byteString) {
      byte[] b = byteString.getBytes(StandardCharsets.ISO_8859_1);
      return add(b, 0, b.length);
    }

    int size() {
      return size;
    }

    /** Appends every string of {@code other}; returns the index the first of them gets. */
    int addAll(Builder other) {
      int base = size;
      for (int i = 0; i < other.size; i++) {
        add(other.bytes, other.starts[i], other.starts[i + 1]);
      }
      return base;
    }

    PackedStrings build() {
      return size == 0 && EMPTY != null
          ? EMPTY
          : new PackedStrings(Arrays.copyOf(bytes, used), Arrays.copyOf(starts, size + 1));
    }
  }
}
