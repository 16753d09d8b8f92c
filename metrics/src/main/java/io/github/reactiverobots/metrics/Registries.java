package io.github.reactiverobots.metrics;

import io.micrometer.core.instrument.MeterRegistry;

/** The rule this module's meter binders share: one instance binds to one registry. */
final class Registries {
  private Registries() {}

  /**
   * Checks that a binder bound to {@code current} is asked for the same registry again (which
   * does nothing).
   *
   * @param current the registry the binder is bound to
   * @param registry the registry asked for
   * @param who the binder's name, for the error
   * @throws IllegalStateException if {@code registry} is another one
   */
  static void requireSame(MeterRegistry current, MeterRegistry registry, String who) {
    if (current != registry) {
      throw new IllegalStateException(who + " is already bound to another registry; bind it"
          + " once to a CompositeMeterRegistry to publish to several");
    }
  }
}
