package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class GzipFramingTest {
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final byte[] DATA = {(byte) 0xaa, (byte) 0xbb};

  /**
   * Every flag combination, an extra field empty or past 255 bytes, split at every byte boundary.
   */
  @Test
  void everyHeaderEndsExactlyAtItsLastByteHoweverItIsSplit() {
    for (int flags = 0; flags < 32; flags += 2) {
      for (int xlen : new int[] {0, 300}) {
        if (xlen > 0 && (flags & FEXTRA) == 0) {
          continue;
        }
        byte[] header = header(flags, xlen);
        byte[] wire =
            ByteBuffer.allocate(header.length + DATA.length).put(header).put(DATA).array();
        for (int split = 0; split <= header.length; split++) {
          String what = "flags " + flags + ", XLEN " + xlen + ", split at " + split;
          GzipFraming framing = new GzipFraming();
          framing.startMember();
          ByteBuffer first = ByteBuffer.wrap(wire, 0, split);
          assertThat(framing.readHeader(first))
              .as(what)
              .isEqualTo(
                  split == header.length
                      ? GzipFraming.Header.COMPLETE
                      : GzipFraming.Header.INCOMPLETE);
          if (split < header.length) {
            ByteBuffer rest = ByteBuffer.wrap(wire, split, wire.length - split);
            assertThat(framing.readHeader(rest)).as(what).isEqualTo(GzipFraming.Header.COMPLETE);
            assertThat(rest.position()).as(what).isEqualTo(header.length);
          }
        }
      }
    }
  }

  @Test
  void aFirstMemberWithoutTheMagicIsAnErrorButBytesAfterAMemberAreTheEnd() {
    GzipFraming framing = new GzipFraming();
    framing.startMember();
    assertThatThrownBy(() -> framing.readHeader(ByteBuffer.wrap(new byte[] {0x1f, 0})))
        .isInstanceOf(BodyDecodingException.class)
        .hasMessage("not a gzip stream");

    GzipFraming after = new GzipFraming();
    after.startMember();
    assertThat(after.readHeader(ByteBuffer.wrap(header(0, 0))))
        .isEqualTo(GzipFraming.Header.COMPLETE);
    after.data(DATA, 0, DATA.length);
    after.endData();
    assertThat(after.readTrailer(ByteBuffer.wrap(trailer(DATA)))).isTrue();
    after.startMember();
    assertThat(after.readHeader(ByteBuffer.wrap(new byte[] {0x1f, (byte) 0x8b, 7})))
        .isEqualTo(GzipFraming.Header.NOT_A_MEMBER);
  }

  /** The trailer is read across any split, and the bytes after it are left. */
  @Test
  void aTrailerSplitAnywhereMatchesAndTheStreamMayEndOnlyBetweenMembers() {
    byte[] wire = ByteBuffer.allocate(9).put(trailer(DATA)).put((byte) 0x1f).array();
    for (int split = 0; split <= 8; split++) {
      GzipFraming framing = new GzipFraming();
      framing.startMember();
      assertThat(framing.betweenMembers()).isFalse();
      framing.readHeader(ByteBuffer.wrap(header(0, 0)));
      framing.data(DATA, 0, 1);
      framing.data(DATA, 1, 1);
      framing.endData();
      assertThat(framing.readTrailer(ByteBuffer.wrap(wire, 0, split))).isEqualTo(split == 8);
      ByteBuffer rest = ByteBuffer.wrap(wire, split, wire.length - split);
      if (split < 8) {
        assertThat(framing.readTrailer(rest)).isTrue();
      }
      assertThat(rest.remaining()).as("split at " + split).isEqualTo(1);
      assertThat(framing.betweenMembers()).isFalse();
      framing.startMember();
      assertThat(framing.betweenMembers()).isTrue();
      assertThat(framing.readHeader(rest)).isEqualTo(GzipFraming.Header.INCOMPLETE);
      assertThat(framing.betweenMembers()).isFalse();
    }
  }

  private static byte[] header(int flags, int xlen) {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, (byte) flags, 0, 0, 0, 0, 0, 3});
    if ((flags & FEXTRA) != 0) {
      header.write(xlen & 0xff);
      header.write(xlen >> 8);
      header.writeBytes(new byte[xlen]);
    }
    if ((flags & FNAME) != 0) {
      header.writeBytes("name.txt\0".getBytes(StandardCharsets.US_ASCII));
    }
    if ((flags & FCOMMENT) != 0) {
      header.writeBytes("a comment\0".getBytes(StandardCharsets.US_ASCII));
    }
    if ((flags & FHCRC) != 0) {
      header.writeBytes(new byte[] {0, 0});
    }
    return header.toByteArray();
  }

  private static byte[] trailer(byte[] data) {
    CRC32 crc = new CRC32();
    crc.update(data);
    return ByteBuffer.allocate(8)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt((int) crc.getValue())
        .putInt(data.length)
        .array();
  }
}
