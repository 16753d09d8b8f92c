package io.github.reactiverobots.netty;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A gzip stream of {@code size} zero bytes, produced lazily chunk by chunk, so a test can serve a
 * bomb that inflates to 1 GiB without ever holding more than one chunk. Deterministic. Not
 * thread-safe.
 */
final class ZeroGzipStream {
  private static final byte[] ZEROS = new byte[256 * 1024];
  private static final int CHUNK = 8 * 1024;
  private final long size;
  private final Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
  private final CRC32 crc = new CRC32();
  private final byte[] out = new byte[CHUNK];
  private long fed;
  private long produced;
  private boolean headerSent;
  private boolean done;

  ZeroGzipStream(long size) {
    this.size = size;
  }

  /** The next chunk, or null at the end. */
  byte[] next() {
    if (done) {
      return null;
    }
    if (!headerSent) {
      headerSent = true;
      return count(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 2, (byte) 0xff});
    }
    ByteArrayOutputStream chunk = new ByteArrayOutputStream(CHUNK + 16);
    while (chunk.size() < CHUNK) {
      if (deflater.needsInput()) {
        if (fed < size) {
          int n = (int) Math.min(ZEROS.length, size - fed);
          deflater.setInput(ZEROS, 0, n);
          crc.update(ZEROS, 0, n);
          fed += n;
        } else {
          deflater.finish();
        }
      }
      int n = deflater.deflate(out);
      chunk.write(out, 0, n);
      if (deflater.finished()) {
        deflater.end();
        writeIntLe(chunk, (int) crc.getValue());
        writeIntLe(chunk, (int) size);
        done = true;
        break;
      }
    }
    return count(chunk.toByteArray());
  }

  /** Compressed bytes handed out so far. */
  long produced() {
    return produced;
  }

  /** Uncompressed bytes consumed so far. */
  long fed() {
    return fed;
  }

  private byte[] count(byte[] chunk) {
    produced += chunk.length;
    return chunk;
  }

  private static void writeIntLe(ByteArrayOutputStream out, int v) {
    out.write(v);
    out.write(v >>> 8);
    out.write(v >>> 16);
    out.write(v >>> 24);
  }
}
