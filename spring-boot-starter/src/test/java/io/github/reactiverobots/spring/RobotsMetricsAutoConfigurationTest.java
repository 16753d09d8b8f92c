package io.github.reactiverobots.spring;

import static io.github.reactiverobots.spring.StarterTests.USER_AGENT;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.metrics.PacingMetrics;
import io.github.reactiverobots.metrics.RobotsMetrics;
import io.github.reactiverobots.pacing.Pacer;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Meters in the application's registry when Micrometer and the metrics module are present. */
class RobotsMetricsAutoConfigurationTest {
  private static final String URL = "https://site.test/private/x";

  private final ApplicationContextRunner withMicrometer =
      StarterTests.runner()
          .withConfiguration(
              AutoConfigurations.of(
                  MetricsAutoConfiguration.class,
                  SimpleMetricsExportAutoConfiguration.class,
                  CompositeMeterRegistryAutoConfiguration.class))
          .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT);

  @Test
  void theCacheAndPacerMetersAreBoundToTheRegistry() {
    withMicrometer.run(
        context -> {
          assertThat(context).hasSingleBean(RobotsMetrics.class).hasSingleBean(PacingMetrics.class);
          MeterRegistry registry = context.getBean(MeterRegistry.class);
          RobotsCache cache = context.getBean(RobotsCache.class);
          cache.put(URL, StarterTests.BODY.getBytes(StandardCharsets.UTF_8));
          assertThat(cache.checkIfCached(URL))
              .hasValueSatisfying(v -> assertThat(v.allowed()).isFalse());

          assertThat(registry.get(RobotsMetrics.ORIGINS).gauge().value()).isEqualTo(1.0);
          assertThat(
                  registry
                      .get(RobotsMetrics.VERDICTS)
                      .tag("decision", "disallow")
                      .counter()
                      .count())
              .isEqualTo(1.0);
          assertThat(registry.get(PacingMetrics.WAITING).gauge().value()).isZero();
          assertThat(context.getBean(RobotsMetrics.class).isBound()).isTrue();
        });
  }

  @Test
  void anApplicationCacheIsMeasuredToo() {
    StarterTests.runner()
        .withConfiguration(
            AutoConfigurations.of(
                MetricsAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class))
        .withUserConfiguration(RobotsAutoConfigurationTest.OwnCache.class)
        .run(
            context -> {
              RobotsCache own = context.getBean(RobotsCache.class);
              own.check(URL).block();
              assertThat(
                      context
                          .getBean(MeterRegistry.class)
                          .get(RobotsMetrics.VERDICTS)
                          .counter()
                          .count())
                  .isEqualTo(1.0);
            });
  }

  @Test
  void withoutMicrometerThereAreNoMeters() {
    withMicrometer
        .withClassLoader(new FilteredClassLoader("io.micrometer"))
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(RobotsCache.class)
                    .doesNotHaveBean(RobotsMetrics.class)
                    .doesNotHaveBean(PacingMetrics.class));
  }

  @Test
  void withoutTheMetricsModuleThereAreNoMeters() {
    withMicrometer
        .withClassLoader(new FilteredClassLoader(RobotsMetrics.class))
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(RobotsCache.class)
                    .hasSingleBean(MeterRegistry.class)
                    .doesNotHaveBean(RobotsMetrics.class));
  }

  @Test
  void withoutARegistryThereAreNoMeters() {
    StarterTests.runner()
        .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT)
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(Pacer.class)
                    .doesNotHaveBean(MeterRegistry.class)
                    .doesNotHaveBean(RobotsMetrics.class));
  }
}
