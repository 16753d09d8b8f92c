package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.redis.RedisRobotsStore;
import io.lettuce.core.RedisException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Defines the cache's shared store on Redis, a {@link RedisRobotsStore} built from the {@code
 * reactive-robots.redis.*} properties, when {@code reactive-robots.redis.uri} is set, the {@code
 * reactive-robots-redis} module is on the class path and the application defines no {@link
 * RobotsStore} of its own. The auto-configured cache takes it as its store (the {@code
 * reactive-robots.cache.store-*} properties bound the cache's calls to it).
 *
 * <p>The store connects when it is created, at start-up: a malformed URI or a Redis that cannot be
 * reached fails the start, naming the property. Once running, a Redis that goes away never fails a
 * check: the cache fetches for itself until Lettuce has reconnected. The context closes the store
 * after the cache.
 */
@AutoConfiguration(before = RobotsAutoConfiguration.class)
@ConditionalOnClass(RedisRobotsStore.class)
@ConditionalOnProperty(RobotsRedisAutoConfiguration.URI)
@EnableConfigurationProperties(RobotsProperties.class)
public class RobotsRedisAutoConfiguration {
  static final String URI = "reactive-robots.redis.uri";

  /** Created by Spring Boot when it applies this auto-configuration. */
  public RobotsRedisAutoConfiguration() {}

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean(RobotsStore.class)
  RedisRobotsStore robotsRedisStore(
      RobotsProperties properties, ObjectProvider<RedisRobotsStoreBuilderCustomizer> customizers) {
    RedisRobotsStore.Builder builder = builder(properties.redis());
    customizers.orderedStream().forEach(c -> c.customize(builder));
    try {
      return builder.build();
    } catch (RedisException e) {
      String uri = properties.redis().uri();
      throw new IllegalStateException(
          "Cannot connect to the Redis of the shared robots.txt store ("
              + URI
              + "="
              + Builders.withoutPassword(uri)
              + "): "
              + Builders.withoutPassword(e.getMessage(), uri),
          Builders.causeWithoutPassword(e, uri));
    }
  }

  static RedisRobotsStore.Builder builder(RobotsProperties.Redis redis) {
    PropertyValidation.redis(redis);
    RedisRobotsStore.Builder builder = RedisRobotsStore.builder();
    try {
      builder.uri(redis.uri());
    } catch (IllegalArgumentException e) {
      throw new InvalidRobotsPropertyException(
          URI,
          Builders.withoutPassword(redis.uri()),
          "a Redis URI such as redis://127.0.0.1:6379/0, rediss://host:6380 or"
              + " redis+cluster://host1:7000,host2:7001 ("
              + Builders.withoutPassword(e.getMessage(), redis.uri())
              + ")",
          InvalidRobotsPropertyException.Unset.NOTHING);
    }
    return builder
        .keyPrefix(redis.keyPrefix())
        .commandTimeout(redis.commandTimeout())
        .waitBackoff(redis.waitBackoffMinimum(), redis.waitBackoffMaximum());
  }
}
