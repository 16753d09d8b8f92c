package io.github.reactiverobots.core.parse;

import java.nio.charset.StandardCharsets;

/** Conversions for the byte strings the scanner hands out (one {@code char} per input byte). */
public final class ByteStrings {
  private ByteStrings() {}

  /** The bytes of a byte string. */
  public static byte[] bytes(String byteString) {
    return byteString.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Whether every char is ASCII, so the byte string is also the text. */
  public static boolean isAscii(String byteString) {
    int seen = 0;
    for (int i = 0, n = byteString.length(); i < n; i++) {
      seen |= byteString.charAt(i);
    }
    return seen < 0x80;
  }

  /** The text a person would read: the bytes decoded as UTF-8 (invalid bytes replaced). */
  public static String toText(String byteString) {
    return isAscii(byteString) ? byteString : new String(bytes(byteString), StandardCharsets.UTF_8);
  }
}
