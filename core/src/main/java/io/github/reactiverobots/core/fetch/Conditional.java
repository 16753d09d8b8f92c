package io.github.reactiverobots.core.fetch;

/**
 * The validators of a cached copy, sent as {@code If-None-Match} and {@code If-Modified-Since} on a
 * refresh. Either may be null. Immutable.
 *
 * @param etag the {@code ETag} of the copy held, or null
 * @param lastModified the {@code Last-Modified} of the copy held, or null
 */
public record Conditional(String etag, String lastModified) {
  /** No validators: an unconditional request. */
  public static final Conditional NONE = new Conditional(null, null);

  /**
   * Whether there is nothing to send.
   *
   * @return true when both validators are null
   */
  public boolean isEmpty() {
    return etag == null && lastModified == null;
  }
}
