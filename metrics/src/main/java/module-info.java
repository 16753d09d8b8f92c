/**
 * Micrometer meters for a {@code RobotsCache} ({@link
 * io.github.reactiverobots.metrics.RobotsMetrics}) and a {@code Pacer} ({@link
 * io.github.reactiverobots.metrics.PacingMetrics}), and a Prometheus scrape endpoint on
 * reactor-netty ({@link io.github.reactiverobots.metrics.PrometheusEndpoint}).
 */
module io.github.reactiverobots.metrics {
  requires transitive io.github.reactiverobots.core;
  requires transitive io.github.reactiverobots.pacing;
  requires transitive micrometer.core;
  requires transitive micrometer.registry.prometheus;
  requires reactor.netty.core;
  requires reactor.netty.http;
  requires io.netty.codec.http;

  exports io.github.reactiverobots.metrics;
}
