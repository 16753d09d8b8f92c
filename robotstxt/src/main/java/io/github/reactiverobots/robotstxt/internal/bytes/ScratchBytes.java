package io.github.reactiverobots.robotstxt.internal.bytes;

/**
 * The growth rule of a thread's scratch byte buffer: it grows (at least doubling) up to {@value
 * #KEPT} bytes and is kept; a larger need gets an array of its own, used once, so that one long
 * path does not pin a large buffer to a thread for good. Stateless.
 */
public final class ScratchBytes {
  /** The largest buffer a thread keeps. */
  public static final int KEPT = 4096;

  private ScratchBytes() {}

  /**
   * A buffer of at least {@code capacity} bytes: {@code held} when it is large enough, else a new
   * array, which the caller keeps in place of {@code held} only when {@link #keeps} says so.
   *
   * @param held the thread's buffer
   * @param capacity the bytes needed
   * @return {@code held} or a new array
   */
  public static byte[] atLeast(byte[] held, int capacity) {
    if (held.length >= capacity) {
      return held;
    }
    return new byte
        [capacity > KEPT ? capacity : Math.min(KEPT, Math.max(capacity, 2 * held.length))];
  }

  /**
   * Whether a thread keeps {@code buffer} as its scratch.
   *
   * @param buffer a buffer {@link #atLeast} returned
   * @return true when it is within {@link #KEPT} bytes
   */
  public static boolean keeps(byte[] buffer) {
    return buffer.length <= KEPT;
  }
}
