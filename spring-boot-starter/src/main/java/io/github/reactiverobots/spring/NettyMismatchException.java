package io.github.reactiverobots.spring;

/**
 * The class path's Netty does not fit reactor-netty (several Netty versions, or one outside the
 * range reactor-netty asks for): the message names the versions found and the range. {@link
 * NettyMismatchFailureAnalyzer} turns it into the start-up report.
 */
final class NettyMismatchException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  NettyMismatchException(String message) {
    super(message);
  }
}
