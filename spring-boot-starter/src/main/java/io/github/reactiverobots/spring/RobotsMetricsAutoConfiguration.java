package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.metrics.PacingMetrics;
import io.github.reactiverobots.metrics.RobotsMetrics;
import io.github.reactiverobots.pacing.Pacer;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Publishes the meters of the {@link RobotsCache} and {@link Pacer} beans (the auto-configured ones
 * or the application's) in the application's {@link MeterRegistry}, when the {@code
 * reactive-robots-metrics} module and Micrometer are on the class path and Spring Boot has a
 * registry. The meters are {@link RobotsMetrics} and {@link PacingMetrics} beans: Spring Boot binds
 * them, as every {@code MeterBinder} bean, to its registry (the composite one when there are
 * several); each is added to its cache's or pacer's listeners when created.
 */
@AutoConfiguration(
    after = RobotsAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure"
          + ".CompositeMeterRegistryAutoConfiguration"
    })
@ConditionalOnClass({RobotsMetrics.class, MeterRegistry.class})
@ConditionalOnBean(MeterRegistry.class)
public class RobotsMetricsAutoConfiguration {
  /** Created by Spring Boot when it applies this auto-configuration. */
  public RobotsMetricsAutoConfiguration() {}

  @Bean
  @ConditionalOnBean(RobotsCache.class)
  @ConditionalOnMissingBean
  RobotsMetrics robotsMetrics(RobotsCache cache) {
    RobotsMetrics metrics = new RobotsMetrics().gaugesFrom(cache);
    cache.addListener(metrics);
    return metrics;
  }

  @Bean
  @ConditionalOnBean(Pacer.class)
  @ConditionalOnMissingBean
  PacingMetrics robotsPacingMetrics(Pacer pacer) {
    PacingMetrics metrics = new PacingMetrics().gaugesFrom(pacer);
    pacer.addListener(metrics);
    return metrics;
  }
}
