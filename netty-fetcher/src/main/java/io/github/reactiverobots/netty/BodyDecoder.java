package io.github.reactiverobots.netty;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
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
  private final GzipFraming gzip = new GzipFraming();
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
          if (gzip.readTrailer(in)) {
            startGzipMember();
          }
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
        return gzip.betweenMembers();
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
    gzip.startMember();
  }

  private void gzipHeader(ByteBuffer in) {
    switch (gzip.readHeader(in)) {
      case COMPLETE:
        if (inflater == null) {
          inflater = new Inflater(true);
        } else {
          inflater.reset();
        }
        mode = Mode.INFLATE;
        break;
      case NOT_A_MEMBER:
        mode = Mode.DONE;
        break;
      default:
        break;
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
            gzip.data(out, size, n);
          }
          size += n;
        }
        if (inflater.finished()) {
          if (gzipMember) {
            gzip.endData();
            mode = Mode.GZIP_TRAILER;
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

  private void ensureRoom(int n) {
    int needed = size + n;
    if (needed <= out.length) {
      return;
    }
    long grown = Math.max(needed, Math.min((long) out.length * 2, cap));
    out = Arrays.copyOf(out, (int) Math.min(grown, cap));
  }
}
