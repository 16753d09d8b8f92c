package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.robotstxt.model.Pacing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The polite fleet run's report: the fleet-wide polite report (every gap measured at the farm
 * between two page requests of one origin from any worker), and what the fleet adds: pages per
 * worker, Redis commands per page, releases that fell back to local rules, and the smallest gap
 * between two page requests of one origin from one worker. Immutable.
 *
 * @param polite the fleet-wide report
 * @param workers the number of workers
 * @param releasedPerWorker pages each worker released
 * @param redisCommands Redis commands the workers' ledgers sent
 * @param fallbacks releases made under local rules alone (Redis failed or answered late)
 * @param spacing how the workers shared the spacing
 * @param outage how long Redis was stopped, zero for never
 * @param outageStartNanos when it was stopped, from the start of the crawl, or -1
 * @param smallestWorkerGapNanos the smallest gap between two page requests of one origin from one
 *     worker
 * @param workerViolations origins one worker contacted more often than their rules allow
 */
public record PoliteFleetReport(
    PoliteReport polite,
    int workers,
    List<Long> releasedPerWorker,
    long redisCommands,
    long fallbacks,
    PoliteFleetRun.Spacing spacing,
    Duration outage,
    long outageStartNanos,
    long smallestWorkerGapNanos,
    List<String> workerViolations) {

  static PoliteFleetReport of(
      PoliteReport polite,
      int workers,
      PoliteSite site,
      Pacing[] rules,
      Pacer pacer,
      List<Long> releasedPerWorker,
      long redisCommands,
      long fallbacks,
      PoliteFleetRun.Spacing spacing,
      Duration outage,
      long outageStartNanos) {
    List<String> violations = new ArrayList<>();
    long smallest = Long.MAX_VALUE;
    for (int i = 0; i < rules.length; i++) {
      long gap = site.smallestWorkerGapNanos(i);
      long interval = pacer.interval(rules[i]).toNanos();
      smallest = Math.min(smallest, gap);
      if (gap < interval) {
        violations.add(
            OriginFarm.host(i) + ": " + gap / 1_000_000 + " ms < " + interval / 1_000_000 + " ms");
      }
    }
    return new PoliteFleetReport(
        polite,
        workers,
        List.copyOf(releasedPerWorker),
        redisCommands,
        fallbacks,
        spacing,
        outage,
        outageStartNanos,
        smallest,
        List.copyOf(violations));
  }

  /**
   * Pages released per second by each worker, on average.
   *
   * @return released pages over workers over the crawl's seconds
   */
  public double pagesPerSecondPerWorker() {
    long sum = releasedPerWorker.stream().mapToLong(Long::longValue).sum();
    return sum / (double) workers / (polite.elapsedNanos() / 1e9);
  }

  /**
   * Redis commands per released page.
   *
   * @return commands over pages, 0 without pages
   */
  public double commandsPerPage() {
    return polite.released() == 0 ? 0 : redisCommands / (double) polite.released();
  }

  /**
   * Whether the run was polite: it completed without errors, no worker contacted an origin more
   * often than its rules allow; without an outage, neither did the fleet as a whole (and every
   * Retry-After held for every worker), and with one, the fallback releases were counted.
   *
   * @return true if all held
   */
  public boolean held() {
    boolean base = polite.completed() && polite.errors() == 0 && workerViolations.isEmpty();
    return outage.isZero() ? base && polite.held() : base && fallbacks > 0;
  }

  /** The report as text. */
  public String text() {
    StringBuilder sb = new StringBuilder(polite.text());
    line(
        sb,
        "  fleet         %d workers, %s",
        workers,
        switch (spacing) {
          case SHARED ->
              "one shared queue, spacing shared on one Redis (RedisSharedSpacing,"
                  + " reservation wait "
                  + PoliteFleetRun.SHARED_WAIT.toMillis()
                  + " ms)";
          case LOCAL -> "one shared queue, each worker spacing by its local rules alone";
          case PARTITION -> "partitioned by host (each worker its own origins), no Redis";
        });
    line(
        sb,
        "  per worker    pages released %s; %.1f pages/s per worker",
        releasedPerWorker,
        pagesPerSecondPerWorker());
    line(
        sb,
        "  redis         %,d commands, %.2f per page; %,d releases fell back to local rules",
        redisCommands,
        commandsPerPage(),
        fallbacks);
    if (!outage.isZero()) {
      line(
          sb,
          "  outage        Redis killed at %.1f s, restarted empty %d s later",
          outageStartNanos / 1e9,
          outage.toSeconds());
    }
    line(
        sb,
        "  one worker    smallest gap between two page requests of one origin from one"
            + " worker: %.1f ms; %s",
        smallestWorkerGapNanos / 1e6,
        workerViolations.isEmpty()
            ? "no worker contacted an origin faster than its local rules allow"
            : workerViolations.size()
                + " ORIGINS CONTACTED FASTER BY ONE WORKER: "
                + String.join(
                    "; ", workerViolations.subList(0, Math.min(5, workerViolations.size()))));
    if (!outage.isZero()) {
      line(
          sb,
          "  fleet-wide    %,d origins got two requests from different workers closer than"
              + " their interval while Redis was down or just back (expected: local rules only)",
          polite.violations().size());
    }
    line(sb, "  verdict       %s", held() ? "held" : "NOT HELD");
    return sb.toString();
  }

  private static void line(StringBuilder sb, String format, Object... args) {
    sb.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
