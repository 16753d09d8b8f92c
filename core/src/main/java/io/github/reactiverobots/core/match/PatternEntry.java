package io.github.reactiverobots.core.match;

import java.util.Arrays;
import java.util.Comparator;

/**
 * One rule's pattern prepared for the trie: the body with runs of {@code *} collapsed and
 * trailing {@code *} removed, whether a final {@code $} anchors it, and its priority (the octet
 * length of the normalised pattern as written).
 */
final class PatternEntry {
  static final Comparator<PatternEntry> BY_BODY = (a, b) -> Arrays.compareUnsigned(a.body, b.body);

  final byte[] body;
  final boolean anchored;
  final int priority;
  final boolean allow;
  final Object payload;
  final boolean wildcard;

  private PatternEntry(
      byte[] body, boolean anchored, int priority, boolean allow, Object payload, boolean wildcard) {
    this.body = body;
    this.anchored = anchored;
    this.priority = priority;
    this.allow = allow;
    this.payload = payload;
    this.wildcard = wildcard;
  }

  static PatternEntry of(byte[] normalised, boolean allow, Object payload) {
    int length = normalised.length;
    boolean anchored = length > 0 && normalised[length - 1] == '$';
    int end = anchored ? length - 1 : length;
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
    return new PatternEntry(trimmed, anchored, length, allow, payload, stars > 0);
  }
}
