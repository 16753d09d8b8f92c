package io.github.reactiverobots.crawlercommons;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Whether bytes are UTF-8: eight ASCII bytes a step, a strict decoder past the first other. */
final class Utf8 {
  private static final long HIGHS = 0x8080808080808080L;

  private Utf8() {}

  static boolean isValid(byte[] b) {
    int i = 0;
    for (; i + Long.BYTES <= b.length; i += Long.BYTES) {
      long w = 0;
      for (int k = 0; k < Long.BYTES; k++) {
        w = w << 8 | (b[i + k] & 0xFF);
      }
      if ((w & HIGHS) != 0) {
        break;
      }
    }
    while (i < b.length && b[i] >= 0) {
      i++;
    }
    if (i == b.length) {
      return true;
    }
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b, i, b.length - i));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
