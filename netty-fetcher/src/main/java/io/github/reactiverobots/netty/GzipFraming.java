package io.github.reactiverobots.netty;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The framing around each member of a gzip stream (RFC 1952): the header before the deflate data,
 * with its optional fields (extra, name, comment, header CRC, which is skipped unchecked), and the
 * 8-byte trailer after it, checked against the CRC-32 and length of the decoded data. Inflating the
 * data in between is the caller's job; it reports the decoded bytes through {@link #data}.
 *
 * <p>The caller drives one member at a time: {@link #startMember()}, {@link #readHeader} until it
 * answers {@link Header#COMPLETE}, {@link #data} for the decoded bytes, {@link #endData()} once the
 * deflate stream has ended, then {@link #readTrailer} until it returns true, and so on for the next
 * member. The reads take any split of the input, down to a byte at a time, and consume a buffer
 * only up to the end of their part, leaving the bytes after it for the caller.
 *
 * <p>Not thread-safe: each instance belongs to one {@link BodyDecoder}, which serialises the calls.
 */
final class GzipFraming {
  private static final int FIXED_HEADER = 10;
  private static final int TRAILER = 8;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  /** How far {@link #readHeader} got. */
  enum Header {
    /** The input ended inside the header. */
    INCOMPLETE,
    /** The header ended: the member's deflate data follows. */
    COMPLETE,
    /**
     * After a complete member, bytes that do not start another: the stream is over, and the rest of
     * the body is to be ignored.
     */
    NOT_A_MEMBER
  }

  /**
   * The parts of a member up to its data, in wire order; an optional one only when its flag is set.
   */
  private enum Part {
    FIXED,
    XLEN,
    EXTRA,
    NAME,
    COMMENT,
    HCRC,
    DATA
  }

  private final CRC32 crc = new CRC32();
  private final byte[] trailer = new byte[TRAILER];
  private Part part;
  private int flags;
  private int partRemaining;
  private int xlenLow;
  private int membersDone;
  private long memberBytes;

  /** Starts a member: the next bytes are its header. */
  void startMember() {
    part = Part.FIXED;
    partRemaining = FIXED_HEADER;
    flags = 0;
    crc.reset();
    memberBytes = 0;
  }

  /**
   * Reads header bytes, stopping at the header's end.
   *
   * @throws BodyDecodingException if the first member does not start with the gzip magic bytes
   */
  Header readHeader(ByteBuffer in) {
    while (in.hasRemaining() && part != Part.DATA) {
      int b = in.get() & 0xff;
      switch (part) {
        case FIXED:
          int index = FIXED_HEADER - partRemaining;
          if ((index == 0 && b != 0x1f) || (index == 1 && b != 0x8b) || (index == 2 && b != 8)) {
            if (membersDone > 0) {
              return Header.NOT_A_MEMBER;
            }
            throw new BodyDecodingException("not a gzip stream");
          }
          if (index == 3) {
            flags = b;
          }
          if (--partRemaining == 0) {
            advance(Part.FIXED);
          }
          break;
        case XLEN:
          if (partRemaining == 2) {
            xlenLow = b;
            partRemaining--;
          } else {
            partRemaining = xlenLow | (b << 8);
            part = Part.EXTRA;
            if (partRemaining == 0) {
              advance(Part.EXTRA);
            }
          }
          break;
        case EXTRA:
        case HCRC:
          if (--partRemaining == 0) {
            advance(part);
          }
          break;
        default:
          if (b == 0) {
            advance(part);
          }
          break;
      }
    }
    return part == Part.DATA ? Header.COMPLETE : Header.INCOMPLETE;
  }

  /** Moves to the next part present after {@code done}: an optional field, or the data. */
  private void advance(Part done) {
    int after = done.ordinal();
    if (after < Part.XLEN.ordinal() && (flags & FEXTRA) != 0) {
      part = Part.XLEN;
      partRemaining = 2;
    } else if (after < Part.NAME.ordinal() && (flags & FNAME) != 0) {
      part = Part.NAME;
    } else if (after < Part.COMMENT.ordinal() && (flags & FCOMMENT) != 0) {
      part = Part.COMMENT;
    } else if (after < Part.HCRC.ordinal() && (flags & FHCRC) != 0) {
      part = Part.HCRC;
      partRemaining = 2;
    } else {
      part = Part.DATA;
    }
  }

  /** Counts {@code length} decoded bytes of the member's data toward the trailer's check. */
  void data(byte[] decoded, int offset, int length) {
    crc.update(decoded, offset, length);
    memberBytes += length;
  }

  /** The member's deflate stream has ended: the next bytes are its trailer. */
  void endData() {
    membersDone++;
    partRemaining = TRAILER;
  }

  /**
   * Reads trailer bytes, stopping at the trailer's end.
   *
   * @return whether the trailer is complete, and so matched
   * @throws BodyCutShortException if the trailer's CRC-32 or length does not match the data
   */
  boolean readTrailer(ByteBuffer in) {
    int n = Math.min(partRemaining, in.remaining());
    in.get(trailer, TRAILER - partRemaining, n);
    partRemaining -= n;
    if (partRemaining > 0) {
      return false;
    }
    long expectedCrc = littleEndian(0);
    long expectedSize = littleEndian(4);
    if (expectedCrc != crc.getValue() || expectedSize != (memberBytes & 0xffffffffL)) {
      throw new BodyCutShortException(
          "gzip trailer does not match the data (CRC-32 "
              + Long.toHexString(expectedCrc)
              + " vs "
              + Long.toHexString(crc.getValue())
              + ", length "
              + expectedSize
              + " vs "
              + (memberBytes & 0xffffffffL)
              + ")");
    }
    return true;
  }

  /** Whether the stream may end here: after a complete member, before any byte of the next. */
  boolean betweenMembers() {
    return membersDone > 0 && part == Part.FIXED && partRemaining == FIXED_HEADER;
  }

  private long littleEndian(int offset) {
    return (trailer[offset] & 0xffL)
        | (trailer[offset + 1] & 0xffL) << 8
        | (trailer[offset + 2] & 0xffL) << 16
        | (trailer[offset + 3] & 0xffL) << 24;
  }
}
