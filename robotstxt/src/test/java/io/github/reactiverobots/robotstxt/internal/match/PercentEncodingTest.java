package io.github.reactiverobots.robotstxt.internal.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.Profile;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Normalisation (which skips plain input a word at a time) against a byte-by-byte reference of
 * SEMANTICS.md §3, on random patterns whose special bytes fall at every position of a word.
 */
class PercentEncodingTest {
  private static final byte[] ALPHABET = {
    '/',
    'a',
    'Z',
    '~',
    '%',
    '%',
    '4',
    '1',
    '2',
    'A',
    'e',
    'E',
    ' ',
    0x1F,
    0x7F,
    (byte) 0x80,
    (byte) 0xE9,
    '*',
    '$'
  };

  @ParameterizedTest
  @EnumSource(Profile.class)
  void agreesWithAByteByByteReference(Profile profile) {
    Random random = new Random(profile.ordinal() + 7);
    for (int round = 0; round < 20_000; round++) {
      byte[] in = randomBytes(random, 30, random.nextBoolean() ? 2 : 6);
      String byteString = new String(in, StandardCharsets.ISO_8859_1);
      assertThat(PercentEncoding.pattern(byteString, profile.normalisesPercentEncoding()))
          .as(byteString)
          .isEqualTo(reference(in, profile == Profile.RFC_9309, false));
    }
  }

  /**
   * A path is normalised like a pattern, except that under {@code RFC_9309} its {@code *} and
   * {@code %2A} become the one octet {@link PercentEncoding#LITERAL_STAR} and its {@code %24} a
   * {@code $} (SEMANTICS.md §3), as a pattern's {@code %2A} and {@code %24} do in its body.
   */
  @ParameterizedTest
  @EnumSource(Profile.class)
  void aPathAgreesWithAByteByByteReference(Profile profile) {
    Random random = new Random(profile.ordinal() + 27);
    for (int round = 0; round < 20_000; round++) {
      byte[] in = randomBytes(random, 30, random.nextBoolean() ? 2 : 6);
      assertThat(
              PercentEncoding.normalisedPath(
                  in, 0, in.length, profile.normalisesPercentEncoding(), false))
          .as(new String(in, StandardCharsets.ISO_8859_1))
          .isEqualTo(reference(in, profile == Profile.RFC_9309, true));
    }
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void aPathIsMatchedAsItIsExactlyWhenNoByteCouldChange(Profile profile) {
    Random random = new Random(profile.ordinal() + 17);
    for (int round = 0; round < 20_000; round++) {
      byte[] in = randomBytes(random, 40, 12);
      int from = in.length == 0 ? 0 : random.nextInt(in.length + 1);
      int to = from + random.nextInt(in.length - from + 1);
      boolean plain = true;
      for (int i = from; i < to; i++) {
        int b = in[i] & 0xFF;
        plain &= b > ' ' && b != '%' && b != '*' && b < 0x7F;
      }
      assertThat(
              PercentEncoding.isMatchedAsIs(
                  in, from, to, profile.normalisesPercentEncoding(), false))
          .as(new String(in, from, to - from, StandardCharsets.ISO_8859_1))
          .isEqualTo(profile == Profile.GOOGLE || plain);
    }
  }

  /** Up to {@code maxLength} bytes, each from the alphabet one time in {@code oneIn}, else 'a'. */
  private static byte[] randomBytes(Random random, int maxLength, int oneIn) {
    byte[] in = new byte[random.nextInt(maxLength)];
    for (int i = 0; i < in.length; i++) {
      in[i] = random.nextInt(oneIn) == 0 ? ALPHABET[random.nextInt(ALPHABET.length)] : (byte) 'a';
    }
    return in;
  }

  private static byte[] reference(byte[] in, boolean rfc, boolean path) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String hex = "0123456789ABCDEF";
    for (int i = 0; i < in.length; i++) {
      int b = in[i] & 0xFF;
      if (b == '%' && i + 2 < in.length && hex(in[i + 1]) >= 0 && hex(in[i + 2]) >= 0) {
        int v = hex(in[i + 1]) * 16 + hex(in[i + 2]);
        boolean unreserved = Character.isLetterOrDigit(v) && v < 0x80 || "-._~".indexOf(v) >= 0;
        if (rfc && path && v == '*') {
          out.write(PercentEncoding.LITERAL_STAR);
        } else if (rfc && (unreserved || (path && v == '$'))) {
          out.write(v);
        } else {
          out.write('%');
          out.write(hex.charAt(v >> 4));
          out.write(hex.charAt(v & 15));
        }
        i += 2;
      } else if (rfc && path && b == '*') {
        out.write(PercentEncoding.LITERAL_STAR);
      } else if (b < 0x20 || b >= 0x7F || (rfc && b == ' ')) {
        out.write('%');
        out.write(hex.charAt(b >> 4));
        out.write(hex.charAt(b & 15));
      } else {
        out.write(b);
      }
    }
    return out.toByteArray();
  }

  private static int hex(byte b) {
    return Character.digit((char) b, 16);
  }
}
