package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.spring.actuate.RobotsEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Defines the {@code robots} Actuator endpoint ({@link RobotsEndpoint}) over the {@link
 * RobotsCache} bean when Actuator is on the class path and the endpoint is available (enabled and
 * exposed, as {@code management.endpoints.web.exposure.include=robots} makes it over HTTP).
 */
@AutoConfiguration(after = RobotsAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
public class RobotsEndpointAutoConfiguration {
  /** Created by Spring Boot when it applies this auto-configuration. */
  public RobotsEndpointAutoConfiguration() {}

  // The endpoint condition sits on the method so that its class is loaded only with Actuator's.
  @Bean
  @ConditionalOnBean(RobotsCache.class)
  @ConditionalOnMissingBean
  @ConditionalOnAvailableEndpoint(RobotsEndpoint.class)
  RobotsEndpoint robotsEndpoint(RobotsCache cache, RobotsProperties properties) {
    return new RobotsEndpoint(cache, properties.endpoint().fetch());
  }
}
