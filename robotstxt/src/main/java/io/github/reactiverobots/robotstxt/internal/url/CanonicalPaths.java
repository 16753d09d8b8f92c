package io.github.reactiverobots.robotstxt.internal.url;

import io.github.reactiverobots.robotstxt.internal.bytes.ScratchBytes;
import io.github.reactiverobots.robotstxt.url.SplitUrl;

/**
 * The path of a URL in the canonical form {@link SplitUrl#originKeyLength} recognises, read from
 * the URL's own characters: what {@link SplitUrl#of} reads as its path, without building the
 * origin, its key and the path string first. Stateless.
 */
public final class CanonicalPaths {
  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[256]);

  private CanonicalPaths() {}

  /**
   * The UTF-8 path with params and query of {@code url}, whose first {@code keyLength} characters
   * are its origin's key ({@code keyLength} as {@link SplitUrl#originKeyLength} gives it, not -1):
   * the rest up to any {@code #}, with {@code /} put first when that is empty or starts with {@code
   * ?}. That form guarantees the rest is ASCII, so each character is one byte.
   *
   * @param url a URL {@link SplitUrl#originKeyLength} accepts
   * @param keyLength what it returned for {@code url}
   * @return a new array holding the path
   */
  public static byte[] bytes(String url, int keyLength) {
    int end = end(url, keyLength);
    byte[] path = new byte[length(url, keyLength, end)];
    copy(url, keyLength, end, path);
    return path;
  }

  /**
   * Where the path and query of {@code url} end: at its {@code #}, else at its end.
   *
   * @param url a URL {@link SplitUrl#originKeyLength} accepts
   * @param keyLength what it returned for {@code url}
   * @return the index after the path and query
   */
  public static int end(String url, int keyLength) {
    int hash = url.indexOf('#', keyLength);
    return hash < 0 ? url.length() : hash;
  }

  /**
   * The length in bytes of the path {@link #bytes} gives, {@code /} put first included.
   *
   * @param url a URL {@link SplitUrl#originKeyLength} accepts
   * @param keyLength what it returned for {@code url}
   * @param end what {@link #end} returned for them
   * @return the path's length
   */
  public static int length(String url, int keyLength, int end) {
    return end - keyLength + slash(url, keyLength, end);
  }

  /**
   * Writes the path {@link #bytes} gives into {@code into} from index 0, which must hold {@link
   * #length} bytes.
   *
   * @param url a URL {@link SplitUrl#originKeyLength} accepts
   * @param keyLength what it returned for {@code url}
   * @param end what {@link #end} returned for them
   * @param into the array written
   */
  @SuppressWarnings("deprecation")
  public static void copy(String url, int keyLength, int end, byte[] into) {
    int slash = slash(url, keyLength, end);
    if (slash == 1) {
      into[0] = '/';
    }
    // ASCII, checked by the canonical scan: one byte per character.
    url.getBytes(keyLength, end, into, slash);
  }

  /**
   * Writes the path {@link #bytes} gives into this thread's scratch array, from index 0, and
   * returns that array: the path is its first {@link #length} bytes. The array is the thread's own,
   * overwritten by its next call, so the caller reads the path before it asks again and keeps
   * nothing of it.
   *
   * @param url a URL {@link SplitUrl#originKeyLength} accepts
   * @param keyLength what it returned for {@code url}
   * @param end what {@link #end} returned for them
   * @param length what {@link #length} returned for them
   * @return the thread's scratch array, holding the path
   */
  public static byte[] scratch(String url, int keyLength, int end, int length) {
    byte[] held = SCRATCH.get();
    byte[] buffer = ScratchBytes.atLeast(held, length);
    if (buffer != held && ScratchBytes.keeps(buffer)) {
      SCRATCH.set(buffer);
    }
    copy(url, keyLength, end, buffer);
    return buffer;
  }

  /** 1 when the path is empty or starts with {@code ?}, so that a {@code /} goes first. */
  private static int slash(String url, int keyLength, int end) {
    return end == keyLength || url.charAt(keyLength) == '?' ? 1 : 0;
  }
}
