package io.github.reactiverobots.metrics;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.pacing.Pacer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Prometheus text exposition contains: sample names, and the values seen for each label.
 * Built from a real scrape, so tests compare against what the module actually renders.
 */
final class Exposition {
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  final Set<String> sampleNames = new TreeSet<>();
  final Map<String, Set<String>> labelValues = new TreeMap<>();

  private Exposition() {}

  static Exposition of(String text) {
    Exposition e = new Exposition();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int brace = line.indexOf('{');
      int space = line.indexOf(' ');
      int end = brace >= 0 && brace < space ? brace : space;
      e.sampleNames.add(line.substring(0, end));
      if (end == brace) {
        String labels = line.substring(brace + 1, line.lastIndexOf('}'));
        Matcher m = LABEL.matcher(labels);
        while (m.find()) {
          e.labelValues.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
        }
      }
    }
    return e;
  }

  /**
   * A Prometheus registry in which every meter of the module exists and has moved (the cache's and
   * a pacer's), with the metrics that feed it. Micrometer holds gauge state weakly, so a test must
   * keep the returned object (for instance in a field) for as long as it reads the gauges.
   */
  record Exercised(PrometheusMeterRegistry registry, RobotsMetrics metrics, PacingMetrics pacing) {}

  static Exercised exercised() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    RobotsMetrics metrics = new RobotsMetrics();
    metrics.bindTo(registry);
    metrics.gaugesFrom(() -> new CacheStats(2, 2048, 1, 0));
    RobotsMetricsListenerTest.exerciseEverything(metrics);
    // A pacer over a cache that never fetches, for the pacing gauges to read.
    RobotsCache cache = RobotsCache.builder().fetcher(new FakeFetcher()).crawler("TestBot").build();
    PacingMetrics pacing = new PacingMetrics().gaugesFrom(Pacer.builder(cache).build());
    pacing.bindTo(registry);
    PacingMetricsTest.exerciseEverything(pacing);
    return new Exercised(registry, metrics, pacing);
  }
}
