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
    for (int i = 0; i < byteString.length(); i++) {
      if (byteString.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** The text a person would read: the bytes decoded as UTF-8 (invalid bytes replaced). */
  public static String toText(String byteString) {
    return isAscii(byteString) ? byteString : new String(bytes(byteString), StandardCharsets.UTF_8);
  }
}
