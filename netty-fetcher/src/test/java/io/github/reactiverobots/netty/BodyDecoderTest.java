package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class BodyDecoderTest {
  private static final int CAP = 500 * 1024;
  private static final byte[] TEXT =
      "User-agent: *\nDisallow: /private\n".repeat(100).getBytes(StandardCharsets.UTF_8);

  private static byte[] decodeByteByByte(BodyDecoder.Declared declared, byte[] wire, int cap) {
    try (BodyDecoder d = new BodyDecoder(declared, cap, -1)) {
      for (byte b : wire) {
        if (!d.accept(ByteBuffer.wrap(new byte[] {b}))) {
          break;
        }
      }
      return d.finish();
    }
  }

  private static byte[] decodeWhole(BodyDecoder.Declared declared, byte[] wire) {
    try (BodyDecoder d = new BodyDecoder(declared, CAP, wire.length)) {
      d.accept(ByteBuffer.wrap(wire));
      return d.finish();
    }
  }

  @Test
  void identityPassesThrough() {
    assertThat(decodeWhole(BodyDecoder.Declared.IDENTITY, TEXT)).isEqualTo(TEXT);
    assertThat(decodeByteByByte(BodyDecoder.Declared.IDENTITY, TEXT, CAP)).isEqualTo(TEXT);
    assertThat(decodeWhole(BodyDecoder.Declared.IDENTITY, new byte[] {'a', 'b'}))
        .containsExactly('a', 'b');
    assertThat(decodeWhole(BodyDecoder.Declared.IDENTITY, new byte[0])).isEmpty();
  }

  @Test
  void gzipDecodesWhetherDeclaredOrSniffedAndInAnyChunking() {
    byte[] gz = FetcherTestSupport.gzip(TEXT);
    assertThat(decodeWhole(BodyDecoder.Declared.GZIP, gz)).isEqualTo(TEXT);
    assertThat(decodeWhole(BodyDecoder.Declared.IDENTITY, gz)).isEqualTo(TEXT);
    assertThat(decodeByteByByte(BodyDecoder.Declared.GZIP, gz, CAP)).isEqualTo(TEXT);
    assertThat(decodeByteByByte(BodyDecoder.Declared.IDENTITY, gz, CAP)).isEqualTo(TEXT);
  }

  @Test
  void gzipWithOptionalHeaderFieldsAndSeveralMembers() {
    byte[] raw = rawDeflate(TEXT);
    ByteArrayOutputStream member = new ByteArrayOutputStream();
    // FLG = FHCRC | FEXTRA | FNAME | FCOMMENT
    member.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3});
    member.writeBytes(new byte[] {3, 0, 'x', 'y', 'z'});
    member.writeBytes("name.txt\0".getBytes(StandardCharsets.US_ASCII));
    member.writeBytes("a comment\0".getBytes(StandardCharsets.US_ASCII));
    member.writeBytes(new byte[] {0, 0});
    member.writeBytes(raw);
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(TEXT);
    member.writeBytes(
        ByteBuffer.allocate(8)
            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
            .putInt((int) crc.getValue())
            .putInt(TEXT.length)
            .array()); // trailer: CRC-32, ISIZE
    byte[] one = member.toByteArray();
    byte[] two = concat(one, FetcherTestSupport.gzip("second".getBytes(StandardCharsets.US_ASCII)));
    assertThat(decodeByteByByte(BodyDecoder.Declared.GZIP, one, CAP)).isEqualTo(TEXT);
    assertThat(
            new String(
                decodeByteByByte(BodyDecoder.Declared.GZIP, two, CAP), StandardCharsets.US_ASCII))
        .isEqualTo(new String(TEXT, StandardCharsets.US_ASCII) + "second");
    // Trailing bytes that are not another member are ignored.
    assertThat(decodeWhole(BodyDecoder.Declared.GZIP, concat(one, new byte[] {0, 0, 0, 0})))
        .isEqualTo(TEXT);
  }

  @Test
  void deflateAcceptsZlibAndRawStreams() {
    Deflater d = new Deflater();
    d.setInput(TEXT);
    d.finish();
    byte[] buf = new byte[TEXT.length];
    byte[] zlib = Arrays.copyOf(buf, d.deflate(buf));
    d.end();
    assertThat(decodeWhole(BodyDecoder.Declared.DEFLATE, zlib)).isEqualTo(TEXT);
    assertThat(decodeByteByByte(BodyDecoder.Declared.DEFLATE, zlib, CAP)).isEqualTo(TEXT);
    assertThat(decodeWhole(BodyDecoder.Declared.DEFLATE, rawDeflate(TEXT))).isEqualTo(TEXT);
  }

  @Test
  void aDeclaredGzipThatIsPlainTextIsTakenAsItStands() {
    assertThat(decodeWhole(BodyDecoder.Declared.GZIP, TEXT)).isEqualTo(TEXT);
  }

  @Test
  void corruptCompressedDataIsAnError() {
    byte[] gz = FetcherTestSupport.gzip(TEXT);
    byte[] broken = Arrays.copyOf(gz, gz.length);
    for (int i = 12; i < 40; i++) {
      broken[i] = (byte) 0xff;
    }
    assertThatThrownBy(() -> decodeWhole(BodyDecoder.Declared.GZIP, broken))
        .isInstanceOf(BodyDecodingException.class)
        .hasMessageContaining("corrupt");
  }

  /** Every prefix of a compressed stream, fed whole or byte by byte, is a body cut short. */
  @Test
  void everyPrefixOfACompressedStreamIsCutShort() {
    byte[] gz = FetcherTestSupport.gzip(TEXT);
    byte[] raw = rawDeflate(TEXT);
    Deflater zlibDeflater = new Deflater();
    zlibDeflater.setInput(TEXT);
    zlibDeflater.finish();
    byte[] buf = new byte[TEXT.length + 64];
    byte[] zlib = Arrays.copyOf(buf, zlibDeflater.deflate(buf));
    zlibDeflater.end();
    Object[][] streams = {
      {BodyDecoder.Declared.GZIP, gz}, {BodyDecoder.Declared.IDENTITY, gz},
      {BodyDecoder.Declared.DEFLATE, raw}, {BodyDecoder.Declared.DEFLATE, zlib}
    };
    for (Object[] stream : streams) {
      BodyDecoder.Declared declared = (BodyDecoder.Declared) stream[0];
      byte[] whole = (byte[]) stream[1];
      assertThat(decodeWhole(declared, whole)).isEqualTo(TEXT);
      for (int n = 1; n < whole.length; n++) {
        byte[] prefix = Arrays.copyOf(whole, n);
        String what = declared + " prefix of " + n + " of " + whole.length;
        assertThatThrownBy(() -> decodeWhole(declared, prefix))
            .as(what)
            .isInstanceOf(BodyCutShortException.class);
        assertThatThrownBy(() -> decodeByteByByte(declared, prefix, CAP))
            .as(what)
            .isInstanceOf(BodyCutShortException.class);
      }
    }
  }

  @Test
  void aGzipTrailerThatDoesNotMatchIsCutShortAndBetweenMembersIsAnEnd() {
    byte[] gz = FetcherTestSupport.gzip(TEXT);
    for (int i = gz.length - 8; i < gz.length; i++) {
      byte[] bad = gz.clone();
      bad[i] ^= 1;
      assertThatThrownBy(() -> decodeWhole(BodyDecoder.Declared.GZIP, bad))
          .isInstanceOf(BodyCutShortException.class)
          .hasMessageContaining("trailer");
    }
    byte[] two = concat(gz, gz);
    assertThat(decodeWhole(BodyDecoder.Declared.GZIP, two)).hasSize(2 * TEXT.length);
    assertThatThrownBy(
            () -> decodeWhole(BodyDecoder.Declared.GZIP, Arrays.copyOf(two, gz.length + 5)))
        .isInstanceOf(BodyCutShortException.class);
  }

  /** A stream cut beyond the cap is not checked: the rest was never to be read. */
  @Test
  void aStreamLongerThanTheCapIsTruncatedNotCutShort() {
    byte[] gz = FetcherTestSupport.gzip(TEXT);
    try (BodyDecoder d = new BodyDecoder(BodyDecoder.Declared.GZIP, 1000, -1)) {
      d.accept(ByteBuffer.wrap(Arrays.copyOf(gz, gz.length - 8)));
      assertThat(d.finish()).hasSize(1000);
      assertThat(d.truncated()).isTrue();
    }
  }

  @Test
  void identityIsCutAtTheCapAndMarkedTruncatedOnlyWhenMoreCame() {
    byte[] exact = new byte[CAP];
    try (BodyDecoder d = new BodyDecoder(BodyDecoder.Declared.IDENTITY, CAP, -1)) {
      assertThat(d.accept(ByteBuffer.wrap(exact))).isTrue();
      assertThat(d.finish()).hasSize(CAP);
      assertThat(d.truncated()).isFalse();
    }
    try (BodyDecoder d = new BodyDecoder(BodyDecoder.Declared.IDENTITY, CAP, -1)) {
      assertThat(d.accept(ByteBuffer.wrap(exact))).isTrue();
      assertThat(d.accept(ByteBuffer.wrap(new byte[] {'x'}))).isFalse();
      assertThat(d.finish()).hasSize(CAP);
      assertThat(d.truncated()).isTrue();
    }
  }

  @Test
  void aGzipBombOfOneGibibyteIsCutAtTheCapWithFlatMemory() {
    ZeroGzipStream bomb = new ZeroGzipStream(1L << 30);
    try (BodyDecoder d = new BodyDecoder(BodyDecoder.Declared.IDENTITY, CAP, -1)) {
      byte[] chunk;
      int chunks = 0;
      while ((chunk = bomb.next()) != null && d.accept(ByteBuffer.wrap(chunk))) {
        chunks++;
        assertThat(chunks).isLessThan(1000);
      }
      byte[] body = d.finish();
      assertThat(body).hasSize(CAP);
      assertThat(d.truncated()).isTrue();
      for (byte b : body) {
        assertThat(b).isZero();
      }
      // Only the first chunk(s) of the ~1 MiB stream were read, and no more than the cap held.
      assertThat(d.wireBytes()).isLessThan(64 * 1024);
      assertThat(d.retainedCapacity()).isLessThanOrEqualTo(CAP);
      assertThat(bomb.fed()).isLessThan(1L << 30);
    }
  }

  @Test
  void randomBytesNeverBreakTheDecoder() {
    Random random = new Random(42);
    for (int i = 0; i < 200; i++) {
      byte[] garbage = new byte[random.nextInt(4096)];
      random.nextBytes(garbage);
      if (garbage.length > 3 && i % 2 == 0) {
        garbage[0] = 0x1f;
        garbage[1] = (byte) 0x8b;
        garbage[2] = 8;
      }
      try (BodyDecoder d = new BodyDecoder(BodyDecoder.Declared.IDENTITY, CAP, -1)) {
        try {
          d.accept(ByteBuffer.wrap(garbage));
          assertThat(d.finish().length).isLessThanOrEqualTo(CAP);
        } catch (BodyDecodingException expected) {
          assertThat(expected.getMessage()).isNotBlank();
        }
      }
    }
  }

  @Test
  void unknownEncodingsAreRecognised() {
    assertThat(BodyDecoder.declared(null)).isEqualTo(BodyDecoder.Declared.IDENTITY);
    assertThat(BodyDecoder.declared(" GZIP ")).isEqualTo(BodyDecoder.Declared.GZIP);
    assertThat(BodyDecoder.declared("x-gzip")).isEqualTo(BodyDecoder.Declared.GZIP);
    assertThat(BodyDecoder.declared("Deflate")).isEqualTo(BodyDecoder.Declared.DEFLATE);
    assertThat(BodyDecoder.declared("identity")).isEqualTo(BodyDecoder.Declared.IDENTITY);
    assertThat(BodyDecoder.declared("br")).isNull();
    assertThat(BodyDecoder.declared("gzip, br")).isNull();
  }

  private static byte[] rawDeflate(byte[] data) {
    Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    d.setInput(data);
    d.finish();
    byte[] buf = new byte[data.length + 64];
    int n = d.deflate(buf);
    d.end();
    return Arrays.copyOf(buf, n);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
