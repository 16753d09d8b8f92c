package io.github.reactiverobots.robotstxt;

import java.nio.charset.StandardCharsets;

/** Conversions for the byte strings the scanner hands out (one {@code char} per input byte). */
final class ByteStrings {
  private ByteStrings() {}

  /**
   * The bytes of a byte string.
   *
   * @param byteString a byte string, one {@code char} per byte
   * @return a new array of its bytes
   */
  public static byte[] bytes(String byteString) {
    return byteString.getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Whether every char is ASCII, so the byte string is also the text.
   *
   * @param byteString a byte string, one {@code char} per byte
   * @return true if every char is below {@code 0x80}
   */
  public static boolean isAscii(String byteString) {
    int seen = 0;
    for (int i = 0, n = byteString.length(); i < n; i++) {
      seen |= byteString.charAt(i);
    }
    return seen < 0x80;
  }

  /**
   * The text a person would read: the bytes decoded as UTF-8 (invalid bytes replaced).
   *
   * @param byteString a byte string, one {@code char} per byte
   * @return the text; {@code byteString} itself when it is ASCII
   */
  public static String toText(String byteString) {
    return isAscii(byteString) ? byteString : new String(bytes(byteString), StandardCharsets.UTF_8);
  }

  /** The text of {@code d[from, to)}: ASCII as it is, anything else decoded as UTF-8. */
  static String toText(byte[] d, int from, int to) {
    return new String(
        d,
        from,
        to - from,
        LineBreaks.isAscii(d, from, to) ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
  }
}
