package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.metrics.PrometheusEndpoint;
import io.github.reactiverobots.metrics.RobotsMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * Serves the metrics module's Prometheus endpoint for the simulator's cache on 127.0.0.1 while a
 * run lasts. Not thread-safe; one per run.
 */
final class MetricsExposure implements AutoCloseable {
  private final PrometheusEndpoint endpoint;

  private MetricsExposure(PrometheusEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  /** Starts the endpoint on {@code port}, or nothing when {@code port} is negative. */
  static AutoCloseable start(RobotsCache cache, int port) {
    if (port < 0) {
      return () -> {};
    }
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    RobotsMetrics.bind(cache, registry);
    PrometheusEndpoint endpoint =
        PrometheusEndpoint.builder(registry).host("127.0.0.1").port(port).bindNow();
    System.err.println("simulate: metrics at " + url(endpoint));
    return new MetricsExposure(endpoint);
  }

  private static String url(PrometheusEndpoint endpoint) {
    return "http://127.0.0.1:" + endpoint.address().getPort() + endpoint.path();
  }

  /** Where {@code exposure} serves, or null when it serves nothing. */
  static String describe(AutoCloseable exposure) {
    return exposure instanceof MetricsExposure m ? url(m.endpoint) : null;
  }

  @Override
  public void close() {
    endpoint.close();
  }
}
