package io.github.reactiverobots.netty;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Turns the wire bytes of a response body into at most {@code cap} decoded bytes, one network chunk
 * at a time. Handles identity, {@code gzip} (several members too) and {@code deflate} (zlib or
 * raw), and recognises a gzip body served without {@code Content-Encoding} by its magic bytes.
 *
 * <p>Integrity: a compressed stream must reach its end, and each gzip member's trailer (CRC-32 and
 * length) must match what was decoded; otherwise {@link #finish()} or {@link #accept(ByteBuffer)}
 * throws {@link BodyCutShortException}, since a proxy or server that cut the body inside the parse
 * limit must never leave rules behind. A body cut at the cap is not checked (the rest is never
 * read): it is kept as truncated, like an identity body.
 *
 * <p>Memory stays flat whatever the input: the output never grows past {@code cap}, and once it is
 * full the decoder asks for no more input, so a gzip bomb costs {@code cap} bytes plus the
 * inflater's window. One decoder per response, fed serially. {@link #close()} frees the native
 * inflater and may come from another thread (a deadline firing mid-read): after it, input is
 * refused, so the inflater is never used once freed.
 */
final class BodyDecoder implements AutoCloseable {
  private static final int INITIAL_CAPACITY = 8 * 1024;
  private static final int SNIFF_LENGTH = 3;
  private static final int GZIP_FIXED_HEADER = 10;
  private static final int GZIP_TRAILER = 8;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  /** What the {@code Content-Encoding} header asked for. */
  enum Declared {
    IDENTITY,
    GZIP,
    DEFLATE
  }

  private enum Mode {
    SNIFF,
    IDENTITY,
    GZIP_HEADER,
    INFLATE,
    GZIP_TRAILER,
    DONE
  }

  private enum HeaderPart {
    FIXED,
    XLEN,
    EXTRA,
    NAME,
    COMMENT,
    HCRC
  }

  private final int cap;
  private final Declared declared;
  private final byte[] sniffed = new byte[SNIFF_LENGTH];
  private final byte[] probe = new byte[1];
  private int sniffedLength;
  private byte[] out;
  private int size;
  private boolean truncated;
  private long wireBytes;
  private Mode mode = Mode.SNIFF;
  private Inflater inflater;
  private boolean gzipMember;
  private HeaderPart headerPart;
  private int headerFlags;
  private int partRemaining;
  private int xlenLow;
  private int membersDone;
  private final CRC32 crc = new CRC32();
  private long memberBytes;
  private final byte[] trailer = new byte[GZIP_TRAILER];
  private boolean closed;

  BodyDecoder(Declared declared, int cap, long contentLengthHint) {
    if (cap <= 0) {
      throw new IllegalArgumentException("cap must be positive: " + cap);
    }
    this.cap = cap;
    this.declared = declared;
    long initial =
        declared == Declared.IDENTITY && contentLengthHint > 0
            ? Math.min(contentLengthHint, cap)
            : Math.min(INITIAL_CAPACITY, cap);
    this.out = new byte[(int) initial];
  }

  /**
   * Maps a {@code Content-Encoding} value to what the decoder handles, or null when it is an
   * encoding that was not asked for (brotli, zstd, a chain of several).
   */
  static Declared declared(String contentEncoding) {
    if (contentEncoding == null) {
      return Declared.IDENTITY;
    }
    String v = contentEncoding.trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "":
      case "identity":
        return Declared.IDENTITY;
      case "gzip":
      case "x-gzip":
        return Declared.GZIP;
      case "deflate":
        return Declared.DEFLATE;
      default:
        return null;
    }
  }

  /**
   * Feeds the next chunk of wire bytes; the buffer is consumed before this returns.
   *
   * @return whether more input is wanted: false once the cap is reached or the encoded stream has
   *     ended, after which the caller should stop reading
   * @throws BodyDecodingException if the compressed data is corrupt
   */
  synchronized boolean accept(ByteBuffer in) {
    if (closed) {
      return false;
    }
    wireBytes += in.remaining();
    while (in.hasRemaining()) {
      switch (mode) {
        case SNIFF:
          sniff(in);
          break;
        case IDENTITY:
          copy(in);
          break;
        case GZIP_HEADER:
          gzipHeader(in);
          break;
        case INFLATE:
          inflate(in);
          break;
        case GZIP_TRAILER:
          gzipTrailer(in);
          break;
        default:
          return false;
      }
      if (truncated || mode == Mode.DONE) {
        return false;
      }
    }
    return !truncated && mode != Mode.DONE;
  }

  /**
   * Ends the input (the body ended normally) and returns the decoded bytes, trimmed.
   *
   * @throws BodyCutShortException if a compressed stream stopped before its end
   */
  synchronized byte[] finish() {
    if (mode == Mode.SNIFF) {
      checkShortSniff();
      mode = Mode.IDENTITY;
      copy(ByteBuffer.wrap(sniffed, 0, sniffedLength));
    }
    if (!truncated && !ended()) {
      throw new BodyCutShortException(
          "the "
              + (gzipMember ? "gzip" : "deflate")
              + " stream ended before its end marker"
              + (gzipMember ? " and trailer" : ""));
    }
    return size == out.length ? out : Arrays.copyOf(out, size);
  }

  /** Whether the body may end here: identity, a finished stream, or between gzip members. */
  private boolean ended() {
    switch (mode) {
      case IDENTITY:
      case DONE:
        return true;
      case GZIP_HEADER:
        return membersDone > 0
            && headerPart == HeaderPart.FIXED
            && partRemaining == GZIP_FIXED_HEADER;
      default:
        return false;
    }
  }

  /** A body of fewer bytes than the sniff needs that starts a declared compressed stream. */
  private void checkShortSniff() {
    if (sniffedLength == 0 || declared == Declared.IDENTITY && (sniffed[0] & 0xff) != 0x1f) {
      return;
    }
    boolean gzipStart =
        (sniffed[0] & 0xff) == 0x1f && (sniffedLength == 1 || (sniffed[1] & 0xff) == 0x8b);
    if (gzipStart || declared == Declared.DEFLATE) {
      throw new BodyCutShortException("a compressed body of only " + sniffedLength + " byte(s)");
    }
  }

  /** Whether bytes past the cap were seen and dropped. */
  boolean truncated() {
    return truncated;
  }

  /** Wire bytes fed so far (before decompression). */
  synchronized long wireBytes() {
    return wireBytes;
  }

  /** Bytes held for the decoded body: never more than the cap. */
  int retainedCapacity() {
    return out.length;
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (inflater != null) {
      inflater.end();
      inflater = null;
    }
  }

  private void sniff(ByteBuffer in) {
    while (sniffedLength < SNIFF_LENGTH && in.hasRemaining()) {
      sniffed[sniffedLength++] = in.get();
    }
    if (sniffedLength < SNIFF_LENGTH) {
      return;
    }
    boolean gzipMagic =
        (sniffed[0] & 0xff) == 0x1f && (sniffed[1] & 0xff) == 0x8b && sniffed[2] == 8;
    if (gzipMagic) {
      startGzipMember();
    } else if (declared == Declared.DEFLATE) {
      int cmf = sniffed[0] & 0xff;
      int flg = sniffed[1] & 0xff;
      boolean zlib = (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
      inflater = new Inflater(!zlib);
      mode = Mode.INFLATE;
    } else {
      // A declared gzip body that is not gzip is taken as it stands, like an identity body.
      mode = Mode.IDENTITY;
    }
    ByteBuffer head = ByteBuffer.wrap(sniffed, 0, sniffedLength);
    while (head.hasRemaining() && !truncated && mode != Mode.DONE) {
      switch (mode) {
        case IDENTITY:
          copy(head);
          break;
        case GZIP_HEADER:
          gzipHeader(head);
          break;
        default:
          inflate(head);
          break;
      }
    }
  }

  private void copy(ByteBuffer in) {
    int room = cap - size;
    if (in.remaining() > room) {
      truncated = true;
    }
    int n = Math.min(room, in.remaining());
    ensureRoom(n);
    in.get(out, size, n);
    size += n;
    in.position(in.limit());
  }

  private void startGzipMember() {
    gzipMember = true;
    mode = Mode.GZIP_HEADER;
    headerPart = HeaderPart.FIXED;
    partRemaining = GZIP_FIXED_HEADER;
    headerFlags = 0;
    crc.reset();
    memberBytes = 0;
  }

  private void gzipHeader(ByteBuffer in) {
    while (in.hasRemaining() && mode == Mode.GZIP_HEADER) {
      int b = in.get() & 0xff;
      switch (headerPart) {
        case FIXED:
          int index = GZIP_FIXED_HEADER - partRemaining;
          if ((index == 0 && b != 0x1f) || (index == 1 && b != 0x8b) || (index == 2 && b != 8)) {
            if (membersDone > 0) {
              // Bytes after a complete member that are not another member: ignored.
              mode = Mode.DONE;
              return;
            }
            throw new BodyDecodingException("not a gzip stream");
          }
          if (index == 3) {
            headerFlags = b;
          }
          if (--partRemaining == 0) {
            advanceHeader(HeaderPart.FIXED);
          }
          break;
        case XLEN:
          if (partRemaining == 2) {
            xlenLow = b;
            partRemaining--;
          } else {
            partRemaining = xlenLow | (b << 8);
            headerPart = HeaderPart.EXTRA;
            if (partRemaining == 0) {
              advanceHeader(HeaderPart.EXTRA);
            }
          }
          break;
        case EXTRA:
        case HCRC:
          if (--partRemaining == 0) {
            advanceHeader(headerPart);
          }
          break;
        default:
          if (b == 0) {
            advanceHeader(headerPart);
          }
          break;
      }
    }
  }

  /**
   * Moves to the next optional header field present after {@code done}, or to the data. The fields
   * come in the order of {@link HeaderPart}, each only when its flag is set.
   */
  private void advanceHeader(HeaderPart done) {
    int after = done.ordinal();
    if (after < HeaderPart.XLEN.ordinal() && (headerFlags & FEXTRA) != 0) {
      headerPart = HeaderPart.XLEN;
      partRemaining = 2;
    } else if (after < HeaderPart.NAME.ordinal() && (headerFlags & FNAME) != 0) {
      headerPart = HeaderPart.NAME;
    } else if (after < HeaderPart.COMMENT.ordinal() && (headerFlags & FCOMMENT) != 0) {
      headerPart = HeaderPart.COMMENT;
    } else if (after < HeaderPart.HCRC.ordinal() && (headerFlags & FHCRC) != 0) {
      headerPart = HeaderPart.HCRC;
      partRemaining = 2;
    } else {
      if (inflater == null) {
        inflater = new Inflater(true);
      } else {
        inflater.reset();
      }
      mode = Mode.INFLATE;
    }
  }

  private void inflate(ByteBuffer in) {
    inflater.setInput(in);
    try {
      while (true) {
        int before = in.remaining();
        int n;
        if (size == cap) {
          n = inflater.inflate(probe, 0, 1);
          if (n > 0) {
            truncated = true;
            return;
          }
        } else {
          ensureRoom(1);
          n = inflater.inflate(out, size, out.length - size);
          if (gzipMember) {
            crc.update(out, size, n);
            memberBytes += n;
          }
          size += n;
        }
        if (inflater.finished()) {
          if (gzipMember) {
            membersDone++;
            mode = Mode.GZIP_TRAILER;
            partRemaining = GZIP_TRAILER;
          } else {
            mode = Mode.DONE;
          }
          return;
        }
        if (n == 0) {
          if (inflater.needsDictionary()) {
            throw new BodyDecodingException("deflate stream needs a preset dictionary");
          }
          if (inflater.needsInput()) {
            return;
          }
          if (in.remaining() == before) {
            throw new BodyDecodingException("compressed body makes no progress");
          }
        }
      }
    } catch (DataFormatException e) {
      throw new BodyDecodingException("corrupt compressed body: " + e.getMessage());
    }
  }

  private void gzipTrailer(ByteBuffer in) {
    int n = Math.min(partRemaining, in.remaining());
    in.get(trailer, GZIP_TRAILER - partRemaining, n);
    partRemaining -= n;
    if (partRemaining == 0) {
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
      startGzipMember();
    }
  }

  private long littleEndian(int offset) {
    return (trailer[offset] & 0xffL)
        | (trailer[offset + 1] & 0xffL) << 8
        | (trailer[offset + 2] & 0xffL) << 16
        | (trailer[offset + 3] & 0xffL) << 24;
  }

  private void ensureRoom(int n) {
    int needed = size + n;
    if (needed <= out.length) {
      return;
    }
    long grown = Math.max(needed, Math.min((long) out.length * 2, cap));
    out = Arrays.copyOf(out, (int) Math.min(grown, cap));
  }
}
