package io.github.reactiverobots.netty;

/**
 * A compressed body could not be decoded. Reported as {@code FailureKind.OTHER}, or as {@code
 * BODY_CUT_SHORT} for the {@link BodyCutShortException} subtype.
 */
class BodyDecodingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BodyDecodingException(String message) {
    super(message, null, false, false);
  }
}
