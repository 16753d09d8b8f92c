package io.github.reactiverobots.core.internal.match;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Comparator;

/**
 * One rule's pattern prepared for the trie: the body with runs of {@code *} collapsed and
 * trailing {@code *} removed, whether a final {@code $} anchors it, and its priority (the octet
 * length of the normalised pattern as written).
 */
final class PatternEntry {
  /**
   * Unsigned byte order of the bodies. Most comparisons end on the two 8-byte prefix keys;
   * normalised patterns never hold a 0x00 byte, so padding the keys with zeros keeps the order.
   */
  static final Comparator<PatternEntry> BY_BODY = (a, b) -> {
    int c = Long.compareUnsigned(a.key1, b.key1);
    if (c != 0) {
      return c;
    }
    c = Long.compareUnsigned(a.key2, b.key2);
    if (c != 0 || (a.body.length <= 16 && b.body.length <= 16)) {
      return c != 0 ? c : Integer.compare(a.body.length, b.body.length);
    }
    return Arrays.compareUnsigned(a.body, b.body);
  };

  private static final VarHandle BIG_ENDIAN_WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  final byte[] body;
  final boolean anchored;
  final int priority;
  final boolean allow;
  final Object payload;
  final boolean wildcard;
  /** The number of {@code *} in the body. */
  final int stars;
  private final long key1;
  private final long key2;

  private PatternEntry(
      byte[] body, boolean anchored, int priority, boolean allow, Object payload, int stars) {
    this.body = body;
    this.anchored = anchored;
    this.priority = priority;
    this.allow = allow;
    this.payload = payload;
    this.wildcard = stars > 0;
    this.stars = stars;
    this.key1 = prefixKey(body, 0);
    this.key2 = prefixKey(body, 8);
  }

  private static long prefixKey(byte[] body, int from) {
    if (from + Long.BYTES <= body.length) {
      return (long) BIG_ENDIAN_WORDS.get(body, from);
    }
    long key = 0;
    for (int i = from; i < from + 8; i++) {
      key = (key << 8) | (i < body.length ? body[i] & 0xFF : 0);
    }
    return key;
  }

  static PatternEntry of(byte[] normalised, boolean allow, Object payload) {
    int length = normalised.length;
    boolean anchored = length > 0 && normalised[length - 1] == '$';
    int end = anchored ? length - 1 : length;
    if (!anchored && Trie.firstStar(normalised, 0, length) == length) {
      return new PatternEntry(normalised, false, length, allow, payload, 0);
    }
    byte[] body = new byte[end];
    int n = 0;
    int stars = 0;
    for (int i = 0; i < end; i++) {
      byte b = normalised[i];
      if (b == Trie.STAR) {
        if (n > 0 && body[n - 1] == Trie.STAR) {
          continue;
        }
        stars++;
      }
      body[n++] = b;
    }
    while (n > 0 && body[n - 1] == Trie.STAR) {
      // "/a*" and "/a*$" both match exactly what the prefix "/a" matches.
      n--;
      stars--;
      anchored = false;
    }
    byte[] trimmed = n == end ? body : Arrays.copyOf(body, n);
    return new PatternEntry(trimmed, anchored, length, allow, payload, stars);
  }
}
