package io.github.reactiverobots.spring;

import io.github.reactiverobots.redis.RedisRobotsStore;

/**
 * Adjusts the auto-configured Redis store's builder after the {@code reactive-robots.redis.*}
 * properties are applied and before {@code build()}: for Lettuce client resources shared with the
 * application's other Redis clients, or a clock. Every bean of this type is applied, in
 * {@code @Order}; none applies to a {@code RobotsStore} the application defines itself.
 */
@FunctionalInterface
public interface RedisRobotsStoreBuilderCustomizer {
  /**
   * Adjusts {@code builder}; called once, on the thread creating the bean.
   *
   * @param builder the builder, with the properties set
   */
  void customize(RedisRobotsStore.Builder builder);
}
