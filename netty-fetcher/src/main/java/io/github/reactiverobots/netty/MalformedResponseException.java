package io.github.reactiverobots.netty;

/** The reply was not a well-formed HTTP response (not HTTP at all, or headers over the limit). */
final class MalformedResponseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  MalformedResponseException(Throwable cause) {
    super("malformed HTTP response: " + cause.getMessage(), cause, false, false);
  }
}
