package io.github.reactiverobots.netty;

import io.github.reactiverobots.robotstxt.model.FailureKind;

/** A redirect that ends the exchange: too many, a loop, or an unusable {@code Location}. */
final class RedirectException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final FailureKind kind;

  RedirectException(FailureKind kind, String message) {
    super(message, null, false, false);
    this.kind = kind;
  }

  FailureKind kind() {
    return kind;
  }
}
