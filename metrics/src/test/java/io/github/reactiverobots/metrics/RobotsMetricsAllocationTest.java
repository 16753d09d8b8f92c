package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Once a tag combination has been seen, recording it again must not allocate per event (no tag
 * lists, no map keys). Measured with HotSpot's per-thread allocation counter; skipped on JVMs
 * without one. The bound is a few KB for 20,000 events, so a single allocation per event (at least
 * 16 bytes each) would fail it.
 */
class RobotsMetricsAllocationTest {
  private static final int EVENTS = 20_000;

  @Test
  void recordingAKnownCombinationDoesNotAllocatePerEvent() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(threads.isThreadAllocatedMemorySupported(), "no per-thread allocation counter");
    threads.setThreadAllocatedMemoryEnabled(true);

    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    RobotsMetrics metrics = new RobotsMetrics();
    metrics.bindTo(registry);
    Origin origin = Origin.of("https://example.com");
    Verdict allow = Verdict.of(true, Reason.MATCHED_ALLOW, null, null);
    Verdict deny = Verdict.of(false, Reason.MATCHED_DISALLOW, null, null);

    fire(metrics, origin, allow, deny, EVENTS); // warm up: registers meters, compiles the path
    long tid = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(tid);
    fire(metrics, origin, allow, deny, EVENTS);
    long allocated = threads.getThreadAllocatedBytes(tid) - before;

    assertThat(registry.get(RobotsMetrics.REQUESTS).tag("result", "hit").counter().count())
        .isEqualTo(2.0 * EVENTS);
    assertThat(allocated).as("bytes allocated by %d x 7 events", EVENTS).isLessThan(8 * 1024);
  }

  private static void fire(
      RobotsMetrics metrics, Origin origin, Verdict allow, Verdict deny, int events) {
    for (int i = 0; i < events; i++) {
      metrics.onLookup(origin, Lookup.HIT);
      metrics.onFetchFinished(origin, FetchOutcome.OK, 200, null, 300 + (i & 63), 1_000_000L + i);
      metrics.onFetchFinished(
          origin, FetchOutcome.UNREACHABLE, 0, FailureKind.RESET, 0, 5_000_000L + i);
      metrics.onParsed(origin, 300, 20_000 + i);
      metrics.onEviction(origin, EvictionCause.SIZE, 300);
      metrics.onVerdict((i & 1) == 0 ? allow : deny, 500 + i);
    }
  }
}
