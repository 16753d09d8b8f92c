package io.github.reactiverobots.robotstxt.internal.match;

import io.github.reactiverobots.robotstxt.internal.bytes.ScratchBytes;

/**
 * A thread's own buffer for the bytes a path is matched as when they differ from the path given
 * (SEMANTICS.md §4), so that a check allocates nothing for them: {@link #matchedAs} writes what
 * {@link PercentEncoding#normalisedPath} would answer, in one pass, into the calling thread's
 * buffer, which grows as {@link ScratchBytes} says. One per thread, used by one call at a time: a
 * result is valid until that thread's next call.
 */
public final class PathScratch {
  private static final ThreadLocal<PathScratch> LOCAL = ThreadLocal.withInitial(PathScratch::new);

  private byte[] buffer = new byte[256];
  private int length;

  private PathScratch() {}

  /**
   * The bytes the path {@code utf8[from, to)} is matched as: normalised like patterns, then its dot
   * segments removed when {@code removesDots}, exactly as {@link PercentEncoding#normalisedPath}
   * makes them. When neither changes a byte, the answer is {@code utf8} itself (then the path is
   * {@code utf8[from, to)}) and the thread's buffer is not touched; otherwise it is the calling
   * thread's buffer, holding the path in {@code [0, length())}, valid until that thread's next
   * call. {@code utf8} is read, never changed or kept.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @param normalises the profile's {@code normalisesPercentEncoding()}
   * @param removesDots the profile's {@code removesDotSegments()}
   * @return {@code utf8}, or an array holding the path from index 0
   */
  public static byte[] matchedAs(
      byte[] utf8, int from, int to, boolean normalises, boolean removesDots) {
    int first = PercentEncoding.firstChange(utf8, from, to, normalises, true);
    if (first < to) {
      return LOCAL.get().rewrite(utf8, from, to, first, normalises, removesDots);
    }
    if (removesDots && DotSegments.has(utf8, from, to)) {
      return LOCAL.get().withoutDots(utf8, from, to);
    }
    return utf8;
  }

  /**
   * The length of the path {@link #matchedAs} last wrote into the calling thread's buffer.
   *
   * @return the number of bytes from index 0
   */
  public static int length() {
    return LOCAL.get().length;
  }

  /** Normalises the path from its first changed byte {@code first}, then removes dot segments. */
  private byte[] rewrite(
      byte[] utf8, int from, int to, int first, boolean normalises, boolean removesDots) {
    byte[] path = buffer(PercentEncoding.maxNormalisedLength(from, first, to));
    int end = PercentEncoding.normaliseInto(utf8, from, to, first, normalises, true, path);
    if (removesDots && DotSegments.has(path, 0, end)) {
      // Removing dot segments never lengthens a path, and works in place from index 0.
      end = DotSegments.removeInto(path, 0, end, path);
    }
    length = end;
    return path;
  }

  /** Copies the path without its dot segments, which it is known to have. */
  private byte[] withoutDots(byte[] utf8, int from, int to) {
    byte[] out = buffer(to - from);
    length = DotSegments.removeInto(utf8, from, to, out);
    return out;
  }

  private byte[] buffer(int capacity) {
    byte[] b = ScratchBytes.atLeast(buffer, capacity);
    if (ScratchBytes.keeps(b)) {
      buffer = b;
    }
    return b;
  }
}
