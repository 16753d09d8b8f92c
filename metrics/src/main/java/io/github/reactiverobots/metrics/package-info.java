/**
 * Observability for reactive-robots: {@link io.github.reactiverobots.metrics.RobotsMetrics} turns a
 * {@code RobotsCache}'s events into Micrometer meters with bounded tags, {@link
 * io.github.reactiverobots.metrics.PacingMetrics} does the same for a {@code Pacer}, and {@link
 * io.github.reactiverobots.metrics.PrometheusEndpoint} serves a Prometheus scrape over
 * reactor-netty for applications without a web framework. A Grafana dashboard built on these meters
 * ships as {@code metrics/grafana/reactive-robots.json}.
 *
 * <p>{@code RobotsMetrics} and {@code PacingMetrics} are thread-safe listeners that never block;
 * {@code PrometheusEndpoint} is thread-safe, and its {@code close()} blocks until the server has
 * stopped. {@code PrometheusEndpoint.Builder} is not thread-safe.
 */
package io.github.reactiverobots.metrics;
