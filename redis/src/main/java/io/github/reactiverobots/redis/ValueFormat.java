package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.zip.CRC32C;

/**
 * The bytes a {@link StoredRobots} is kept as in Redis, version 1: the magic {@code RRS}, a version
 * byte, the origin's key (a value read under another origin's key is foreign), the fields, and a
 * CRC-32C of everything before it. Reading checks each of these and rejects, with a {@link
 * RejectedValueException}, anything written by something else, by another version, cut short or
 * corrupted; it never throws anything else. Enum constants are written by name, so that reordering
 * an enum does not change what a stored value means. Stateless and thread-safe.
 */
final class ValueFormat {
  static final byte[] MAGIC = {'R', 'R', 'S'};
  static final byte VERSION = 1;
  private static final int CHECKSUM_BYTES = 4;
  private static final int HEADER_BYTES = MAGIC.length + 1;

  private ValueFormat() {}

  static byte[] write(Origin origin, StoredRobots v) {
    byte[] key = utf8(origin.key());
    byte[] outcome = utf8(v.state().outcome().name());
    byte[] failure = utf8(v.state().failure() == null ? "" : v.state().failure().name());
    byte[] etag = utf8(v.validators().etag());
    byte[] lastModified = utf8(v.validators().lastModified());
    byte[] body = v.body();
    // Six length-prefixed fields, two ints, four instants (presence, seconds, nanos), checksum.
    int size =
        HEADER_BYTES
            + 6 * 4
            + length(key)
            + length(outcome)
            + length(failure)
            + length(body)
            + length(etag)
            + length(lastModified)
            + 2 * 4
            + 4 * 13
            + CHECKSUM_BYTES;
    ByteBuffer out = ByteBuffer.allocate(size);
    out.put(MAGIC).put(VERSION);
    putBytes(out, key);
    putBytes(out, outcome);
    out.putInt(v.state().status());
    putBytes(out, failure);
    putInstant(out, v.state().fetchedAt());
    putInstant(out, v.state().expiresAt());
    putBytes(out, body);
    putInstant(out, v.confirmedAt());
    putBytes(out, etag);
    putBytes(out, lastModified);
    out.putInt(v.failures());
    putInstant(out, v.failingSince());
    CRC32C crc = new CRC32C();
    crc.update(out.array(), 0, out.position());
    out.putInt((int) crc.getValue());
    byte[] bytes = new byte[out.position()];
    System.arraycopy(out.array(), 0, bytes, 0, bytes.length);
    return bytes;
  }

  /** Whether {@code bytes} hold a value of this format but another version of it. */
  static boolean isOtherVersion(byte[] bytes) {
    return bytes.length > HEADER_BYTES
        && bytes[0] == MAGIC[0]
        && bytes[1] == MAGIC[1]
        && bytes[2] == MAGIC[2]
        && bytes[3] != VERSION;
  }

  /** The value in {@code bytes}, read under {@code origin}'s key. */
  static StoredRobots read(Origin origin, byte[] bytes) {
    if (bytes.length < HEADER_BYTES + CHECKSUM_BYTES
        || bytes[0] != MAGIC[0]
        || bytes[1] != MAGIC[1]
        || bytes[2] != MAGIC[2]) {
      throw new RejectedValueException(origin, "not a reactive-robots value");
    }
    if (bytes[3] != VERSION) {
      throw new RejectedValueException(origin, "unknown format version " + bytes[3]);
    }
    int end = bytes.length - CHECKSUM_BYTES;
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, end);
    if ((int) crc.getValue() != ByteBuffer.wrap(bytes, end, CHECKSUM_BYTES).getInt()) {
      throw new RejectedValueException(origin, "checksum mismatch");
    }
    ByteBuffer in = ByteBuffer.wrap(bytes, HEADER_BYTES, end - HEADER_BYTES);
    try {
      String key = string(in);
      if (!origin.key().equals(key)) {
        throw new RejectedValueException(origin, "written for another origin");
      }
      FetchOutcome outcome = FetchOutcome.valueOf(string(in));
      int status = in.getInt();
      String failure = string(in);
      Instant fetchedAt = instant(in);
      Instant expiresAt = instant(in);
      byte[] body = bytes(in);
      Instant confirmedAt = instant(in);
      Conditional validators = new Conditional(string(in), string(in));
      int failures = in.getInt();
      Instant failingSince = instant(in);
      if (in.hasRemaining()) {
        throw new RejectedValueException(origin, "trailing bytes");
      }
      return StoredRobots.builder()
          .state(
              OriginState.builder()
                  .outcome(outcome)
                  .status(status)
                  .failure(
                      failure == null || failure.isEmpty() ? null : FailureKind.valueOf(failure))
                  .fetchedAt(fetchedAt)
                  .expiresAt(expiresAt)
                  .build())
          .body(body)
          .confirmedAt(confirmedAt)
          .validators(validators)
          .failingSince(failingSince)
          .failures(failures)
          .build();
    } catch (BufferUnderflowException
        | IllegalArgumentException
        | NullPointerException
        | DateTimeException e) {
      throw new RejectedValueException(origin, "malformed: " + e.getMessage());
    }
  }

  private static int length(byte[] b) {
    return b == null ? 0 : b.length;
  }

  private static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  /** A length (-1 for null) and the bytes. */
  private static void putBytes(ByteBuffer out, byte[] b) {
    out.putInt(b == null ? -1 : b.length);
    if (b != null) {
      out.put(b);
    }
  }

  private static byte[] bytes(ByteBuffer in) {
    int n = in.getInt();
    if (n < -1 || n > in.remaining()) {
      throw new IllegalArgumentException("length " + n + " out of range");
    }
    if (n == -1) {
      return null;
    }
    byte[] b = new byte[n];
    in.get(b);
    return b;
  }

  private static String string(ByteBuffer in) {
    byte[] b = bytes(in);
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  /** A presence byte, then seconds and nanoseconds. */
  private static void putInstant(ByteBuffer out, Instant t) {
    out.put((byte) (t == null ? 0 : 1));
    out.putLong(t == null ? 0 : t.getEpochSecond());
    out.putInt(t == null ? 0 : t.getNano());
  }

  private static Instant instant(ByteBuffer in) {
    byte present = in.get();
    long seconds = in.getLong();
    int nanos = in.getInt();
    if (present == 0) {
      return null;
    }
    return Instant.ofEpochSecond(seconds, nanos);
  }
}
