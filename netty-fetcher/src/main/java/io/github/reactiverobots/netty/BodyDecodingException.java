package io.github.reactiverobots.netty;

/** A compressed body could not be decoded. Reported as {@code FailureKind.OTHER}. */
final class BodyDecodingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BodyDecodingException(String message) {
    super(message, null, false, false);
  }
}
