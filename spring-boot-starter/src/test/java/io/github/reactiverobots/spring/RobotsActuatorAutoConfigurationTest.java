package io.github.reactiverobots.spring;

import static io.github.reactiverobots.spring.StarterTests.USER_AGENT;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.spring.actuate.RobotsEndpoint;
import io.github.reactiverobots.spring.actuate.RobotsHealthIndicator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.OperationType;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableReactiveWebApplicationContext;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;

/** The endpoint and the health contributor, with and without Actuator. */
class RobotsActuatorAutoConfigurationTest {
  private final ReactiveWebApplicationContextRunner actuator =
      StarterTests.reactiveRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  EndpointAutoConfiguration.class,
                  WebEndpointAutoConfiguration.class,
                  HealthContributorAutoConfiguration.class))
          .withPropertyValues(
              "reactive-robots.user-agent=" + USER_AGENT,
              "management.endpoints.web.exposure.include=robots");

  @Test
  void theEndpointIsReadOnlyByDefault() {
    actuator.run(
        context -> {
          assertThat(context).hasSingleBean(RobotsEndpoint.class);
          assertThat(operations(context)).containsExactly(OperationType.READ);
        });
  }

  @Test
  void invalidationIsExposedWhenTheApplicationAllowsIt() {
    actuator
        .withPropertyValues("management.endpoint.robots.access=unrestricted")
        .run(
            context ->
                assertThat(operations(context))
                    .containsExactlyInAnyOrder(OperationType.READ, OperationType.DELETE));
  }

  @Test
  void anEndpointNotExposedIsNotDefined() {
    actuator
        .withPropertyValues("management.endpoints.web.exposure.include=health")
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(RobotsCache.class)
                    .doesNotHaveBean(RobotsEndpoint.class));
  }

  @Test
  void theHealthContributorReportsTheFetchersCapacity() {
    actuator
        .withPropertyValues("reactive-robots.fetcher.max-in-flight=64")
        .run(
            context -> {
              Health health =
                  context.getBean("robotsHealthIndicator", RobotsHealthIndicator.class).health();
              assertThat(health.getStatus()).isEqualTo(Status.UP);
              assertThat(health.getDetails())
                  .containsAllEntriesOf(
                      Map.of(
                          "active",
                          0,
                          "queued",
                          0,
                          "capacity",
                          64,
                          "saturation",
                          0.0,
                          "saturated",
                          false));
            });
  }

  @Test
  void overAnApplicationFetcherTheCapacityIsUnknown() {
    actuator
        .withUserConfiguration(RobotsAutoConfigurationTest.OwnFetcher.class)
        .run(
            context ->
                assertThat(context.getBean(RobotsHealthIndicator.class).health().getDetails())
                    .containsOnlyKeys("active", "queued", "saturated"));
  }

  @Test
  void theHealthContributorCanBeSwitchedOff() {
    actuator
        .withPropertyValues("management.health.robots.enabled=false")
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(RobotsEndpoint.class)
                    .doesNotHaveBean(RobotsHealthIndicator.class));
  }

  @Test
  void withoutActuatorThereIsNeitherEndpointNorHealth() {
    StarterTests.reactiveRunner()
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT,
            "management.endpoints.web.exposure.include=robots")
        .withClassLoader(
            new FilteredClassLoader(
                "org.springframework.boot.actuate", "org.springframework.boot.health"))
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(RobotsCache.class)
                    .doesNotHaveBean(RobotsEndpoint.class)
                    .doesNotHaveBean(RobotsHealthIndicator.class));
  }

  private static List<OperationType> operations(AssertableReactiveWebApplicationContext context) {
    ExposableWebEndpoint robots =
        context.getBean(WebEndpointsSupplier.class).getEndpoints().stream()
            .filter(e -> e.getEndpointId().toString().equals("robots"))
            .findFirst()
            .orElseThrow();
    return robots.getOperations().stream().map(WebOperation::getType).toList();
  }
}
