package io.github.reactiverobots.metrics;

import io.github.reactiverobots.robotstxt.testing.ApiDump;
import org.junit.jupiter.api.Test;

/**
 * The module's public API is the one committed in {@code api/metrics.api} (see {@link ApiDump}).
 */
class ApiDumpTest {
  @Test
  void theApiIsTheCommittedOne() throws Exception {
    ApiDump.check(RobotsMetrics.class, "metrics");
  }
}
