package io.github.reactiverobots.netty;

/**
 * A compressed body that stopped before its end, or whose gzip trailer does not match what was
 * decoded: the body was cut short on the way. Reported as {@code FailureKind.BODY_CUT_SHORT}.
 */
final class BodyCutShortException extends BodyDecodingException {
  private static final long serialVersionUID = 1L;

  BodyCutShortException(String message) {
    super(message);
  }
}
