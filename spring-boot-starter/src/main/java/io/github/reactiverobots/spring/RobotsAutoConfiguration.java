package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerBuilder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configures a {@link RobotsCache} from the {@code reactive-robots.*} properties ({@link
 * RobotsProperties}) over a {@link NettyRobotsFetcher}, and a politeness {@link Pacer} over the
 * cache.
 *
 * <p>Each bean backs off when the application defines one of its type: a {@code RobotsCache} of the
 * application's is used as it is (no fetcher is created); a {@code RobotsFetcher} of the
 * application's is used by the auto-configured cache. Customizer beans ({@link
 * NettyRobotsFetcherBuilderCustomizer}, {@link RobotsCacheBuilderCustomizer}, {@link
 * PacerBuilderCustomizer}) adjust the builders after the properties. A {@link RobotsStore} bean
 * (the application's, or the {@code RedisRobotsStore} that {@link RobotsRedisAutoConfiguration}
 * defines for {@code reactive-robots.redis.uri}) becomes the cache's second-level store shared by a
 * fleet. The context closes the cache, then the fetcher, when it shuts down: fetches in flight are
 * cancelled and the connections closed.
 */
@AutoConfiguration
@EnableConfigurationProperties(RobotsProperties.class)
public class RobotsAutoConfiguration {
  /** Created by Spring Boot when it applies this auto-configuration. */
  public RobotsAutoConfiguration() {}

  /**
   * Fails the start when the class path's Netty does not fit reactor-netty ({@link NettyCheck}):
   * run with the bean factory's post-processors, so before any bean is created or a web server
   * started, instead of a {@code NoSuchMethodError} on every fetch.
   */
  @Bean
  static BeanFactoryPostProcessor robotsNettyCheck() {
    return beanFactory -> {
      ClassLoader loader = beanFactory.getBeanClassLoader();
      NettyCheck.check(loader != null ? loader : NettyCheck.class.getClassLoader());
    };
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean({RobotsFetcher.class, RobotsCache.class})
  NettyRobotsFetcher robotsFetcher(
      RobotsProperties properties,
      ObjectProvider<NettyRobotsFetcherBuilderCustomizer> customizers) {
    NettyRobotsFetcherBuilder builder = Builders.fetcher(properties);
    customizers.orderedStream().forEach(c -> c.customize(builder));
    return builder.build();
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  RobotsCache robotsCache(
      RobotsProperties properties,
      RobotsFetcher fetcher,
      ObjectProvider<RobotsStore> store,
      ObjectProvider<RobotsCacheBuilderCustomizer> customizers) {
    RobotsCacheBuilder builder = Builders.cache(properties, fetcher);
    RobotsStore shared = store.getIfAvailable();
    if (shared != null) {
      builder.store(shared);
    } else if (properties.redis().uri() != null) {
      throw new InvalidRobotsPropertyException(
          RobotsRedisAutoConfiguration.URI,
          Builders.withoutPassword(properties.redis().uri()),
          "unset, unless the reactive-robots-redis module is on the class path (the shared store"
              + " on Redis needs it)",
          InvalidRobotsPropertyException.Unset.NOTHING);
    }
    customizers.orderedStream().forEach(c -> c.customize(builder));
    return builder.build();
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBooleanProperty(name = "reactive-robots.pacer.enabled", matchIfMissing = true)
  Pacer robotsPacer(
      RobotsProperties properties,
      RobotsCache cache,
      ObjectProvider<PacerBuilderCustomizer> customizers) {
    PacerBuilder builder = Builders.pacer(properties, cache);
    customizers.orderedStream().forEach(c -> c.customize(builder));
    return builder.build();
  }
}
