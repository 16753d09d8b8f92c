package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.RobotsCacheBuilder;

/**
 * Adjusts the auto-configured cache's builder after the {@code reactive-robots.*} properties are
 * applied and before {@code build()}: for a listener, a clock or ticker, a parse scheduler, or a
 * setting the properties do not cover (such as a shared store once the cache has one). Every bean
 * of this type is applied, in {@code @Order}; none applies to a {@code RobotsCache} the application
 * defines itself.
 */
@FunctionalInterface
public interface RobotsCacheBuilderCustomizer {
  /**
   * Adjusts {@code builder}; called once, on the thread creating the bean.
   *
   * @param builder the builder, with the fetcher and the properties set
   */
  void customize(RobotsCacheBuilder builder);
}
