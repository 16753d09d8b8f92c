package io.github.reactiverobots.spring;

import io.github.reactiverobots.pacing.PacerBuilder;

/**
 * Adjusts the auto-configured pacer's builder after the {@code reactive-robots.pacer.*} properties
 * are applied and before {@code build()}: for a listener, a scheduler or a clock. Every bean of
 * this type is applied, in {@code @Order}; none applies to a {@code Pacer} the application defines
 * itself.
 */
@FunctionalInterface
public interface PacerBuilderCustomizer {
  /**
   * Adjusts {@code builder}; called once, on the thread creating the bean.
   *
   * @param builder the builder, with the properties set
   */
  void customize(PacerBuilder builder);
}
