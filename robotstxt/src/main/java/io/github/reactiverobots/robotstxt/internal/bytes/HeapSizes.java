package io.github.reactiverobots.robotstxt.internal.bytes;

/**
 * The heap layout of a 64-bit HotSpot JVM with compressed class pointers and compressed references
 * (heaps under 32 GiB, the default), for weight estimates: every object is a 12-byte header plus
 * its fields, every array a 16-byte header plus its elements, both padded to 8 bytes. Stateless.
 */
public final class HeapSizes {
  /** An object's header: mark word and compressed class pointer. */
  public static final int OBJECT_HEADER = 12;

  /** An array's header: mark word, compressed class pointer and length. */
  public static final int ARRAY_HEADER = 16;

  /** A compressed reference. */
  public static final int REFERENCE = 4;

  private HeapSizes() {}

  /**
   * An object with {@code fieldBytes} bytes of fields.
   *
   * @param fieldBytes the summed size of its fields
   * @return its size, padded
   */
  public static long object(long fieldBytes) {
    return align(OBJECT_HEADER + fieldBytes);
  }

  /**
   * An array of {@code length} elements of {@code elementBytes} bytes each.
   *
   * @param length the number of elements
   * @param elementBytes the size of one element (a reference is {@link #REFERENCE})
   * @return its size, padded
   */
  public static long array(long length, int elementBytes) {
    return align(ARRAY_HEADER + length * elementBytes);
  }

  private static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }
}
