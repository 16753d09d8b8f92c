package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.spring.actuate.RobotsHealthIndicator;
import java.util.OptionalInt;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Defines the {@code robots} health contributor ({@link RobotsHealthIndicator}: the fetcher's
 * saturation, never the health of the sites crawled) when Spring Boot's health support is on the
 * class path, unless {@code management.health.robots.enabled=false}. The capacity it reports is the
 * in-flight cap of the {@code RobotsFetcher} bean when that is a {@link NettyRobotsFetcher}.
 */
@AutoConfiguration(after = RobotsAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
public class RobotsHealthAutoConfiguration {
  /** Created by Spring Boot when it applies this auto-configuration. */
  public RobotsHealthAutoConfiguration() {}

  // On the method, not the class: its condition class is only loaded once the class passed.
  @Bean
  @ConditionalOnEnabledHealthIndicator("robots")
  @ConditionalOnBean(RobotsCache.class)
  @ConditionalOnMissingBean(name = "robotsHealthIndicator")
  RobotsHealthIndicator robotsHealthIndicator(
      RobotsCache cache, ObjectProvider<RobotsFetcher> fetcher) {
    OptionalInt capacity =
        fetcher.getIfUnique() instanceof NettyRobotsFetcher netty
            ? OptionalInt.of(netty.maxInFlight())
            : OptionalInt.empty();
    return new RobotsHealthIndicator(cache, capacity);
  }
}
