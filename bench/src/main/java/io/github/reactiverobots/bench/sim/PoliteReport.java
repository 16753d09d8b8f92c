package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The polite run's report, as values (for tests) and as text. Every interval is measured at the
 * farm, between the arrivals of two page requests of one origin. Immutable.
 *
 * @param options the settings of the run
 * @param completed whether every page came out of the pacer within the time bound
 * @param elapsedNanos wall time of the crawl
 * @param pages page URLs offered to the pacer
 * @param released pages released and fetched
 * @param statuses released pages by the status the farm answered
 * @param errors released pages whose fetch failed without a response
 * @param disallowed pages reported as disallowed, by reason
 * @param invalid pages reported as invalid URLs
 * @param pacedOrigins origins serving a generated pacing line
 * @param skipped origins not crawled because their visit-time window closes during the run
 * @param rules per rule served, the interval the pacer applies and the smallest gap measured
 * @param measured origins with two page requests or more
 * @param smallestGapNanos the smallest gap over all of them
 * @param violations origins whose smallest gap is below the interval the pacer applies
 * @param capped origins whose crawl-delay or request-rate asked for more than the maximum delay
 * @param cappedReported capped values the pacer reported to its listener
 * @param busyOrigins origins that answered their first page 503 and got another request
 * @param smallestGapAfterRetryNanos the smallest gap after such a 503, or -1
 * @param deferred pages the pacer handed back because their origin's queue was full
 * @param mostHeld the most items the pacer held at once (sampled every 100 ms)
 * @param heavy the busy origin's share ({@code --heavy}), or null
 */
public record PoliteReport(
    PoliteOptions options,
    boolean completed,
    long elapsedNanos,
    int pages,
    long released,
    Map<Integer, Long> statuses,
    long errors,
    Map<Reason, Long> disallowed,
    long invalid,
    int pacedOrigins,
    int skipped,
    List<RuleRow> rules,
    int measured,
    long smallestGapNanos,
    List<String> violations,
    int capped,
    long cappedReported,
    int busyOrigins,
    long smallestGapAfterRetryNanos,
    long deferred,
    long mostHeld,
    Heavy heavy) {

  /**
   * One busy origin among the others ({@code --heavy}).
   *
   * @param host the busy origin's host
   * @param pages its page URLs
   * @param released its pages released
   * @param otherOrigins the other origins crawled
   * @param otherReleased pages of the other origins released
   */
  public record Heavy(
      String host, long pages, long released, int otherOrigins, long otherReleased) {}

  /**
   * The origins that serve one rule.
   *
   * @param rule the rule as served
   * @param intervalNanos the interval the pacer applies for it
   * @param capped whether that is the maximum delay rather than what the rule asks
   * @param origins origins with two page requests or more
   * @param smallestGapNanos the smallest gap between two page requests over them
   */
  public record RuleRow(
      String rule, long intervalNanos, boolean capped, int origins, long smallestGapNanos) {}

  static PoliteReport of(
      PoliteOptions options,
      PoliteRun run,
      PoliteSite site,
      Pacer pacer,
      Pacing[] served,
      boolean[] crawled,
      int pages,
      long elapsedNanos,
      boolean completed) {
    long minNanos = options.minimumDelay().toNanos();
    Map<String, long[]> byRule = new TreeMap<>();
    List<String> violations = new ArrayList<>();
    int measured = 0;
    int capped = 0;
    int paced = 0;
    int skipped = 0;
    int busy = 0;
    long smallest = Long.MAX_VALUE;
    long afterRetry = Long.MAX_VALUE;
    for (int i = 0; i < served.length; i++) {
      paced += site.pacingLine(i) != null ? 1 : 0;
      skipped += crawled[i] ? 0 : 1;
      long interval = pacer.interval(served[i]).toNanos();
      boolean wasCapped = asked(served[i], minNanos) > interval;
      long gap = site.smallestGapNanos(i);
      if (site.pageRequests(i) < 2) {
        continue;
      }
      measured++;
      capped += wasCapped ? 1 : 0;
      smallest = Math.min(smallest, gap);
      if (gap < interval) {
        violations.add(OriginFarm.host(i) + ": " + time(gap) + " < " + time(interval));
      }
      if (site.gapAfterRetryNanos(i) >= 0) {
        busy++;
        afterRetry = Math.min(afterRetry, site.gapAfterRetryNanos(i));
      }
      long[] row =
          byRule.computeIfAbsent(
              describe(served[i]) + (wasCapped ? " (capped)" : ""),
              k -> new long[] {interval, wasCapped ? 1 : 0, 0, Long.MAX_VALUE});
      row[2]++;
      row[3] = Math.min(row[3], gap);
    }
    List<RuleRow> rows = new ArrayList<>();
    byRule.forEach((rule, r) -> rows.add(new RuleRow(rule, r[0], r[1] == 1, (int) r[2], r[3])));
    rows.sort(Comparator.comparingLong(RuleRow::intervalNanos).thenComparing(RuleRow::rule));
    return new PoliteReport(
        options,
        completed,
        elapsedNanos,
        pages,
        run.released.sum(),
        sums(new TreeMap<>(), run.statuses),
        run.errors.sum(),
        sums(new EnumMap<>(Reason.class), run.disallowed),
        run.invalid.sum(),
        paced,
        skipped,
        List.copyOf(rows),
        measured,
        smallest,
        List.copyOf(violations),
        capped,
        run.cappedReported.sum(),
        busy,
        busy == 0 ? -1 : afterRetry,
        run.deferred.sum(),
        run.mostHeld.get(),
        run.heavyHost == null
            ? null
            : new Heavy(
                run.heavyHost,
                run.heavyPages,
                run.heavyReleased.sum(),
                countCrawled(crawled) - 1,
                run.released.sum() - run.heavyReleased.sum()));
  }

  private static int countCrawled(boolean[] crawled) {
    int n = 0;
    for (boolean c : crawled) {
      n += c ? 1 : 0;
    }
    return n;
  }

  private static <K> Map<K, Long> sums(Map<K, Long> into, Map<K, LongAdder> counts) {
    counts.forEach((k, v) -> into.put(k, v.sum()));
    return into;
  }

  /** The interval the rules ask for, before any cap. */
  private static long asked(Pacing p, long minNanos) {
    long asked = minNanos;
    if (p.crawlDelay().isPresent()) {
      asked = Math.max(asked, p.crawlDelay().get().toNanos());
    }
    if (p.requestRate().isPresent()) {
      RequestRate r = p.requestRate().get();
      asked = Math.max(asked, r.period().toNanos() / r.requests());
    }
    return asked;
  }

  private static String describe(Pacing p) {
    List<String> parts = new ArrayList<>();
    p.crawlDelay().ifPresent(d -> parts.add("crawl-delay " + seconds(d)));
    p.requestRate()
        .ifPresent(
            r ->
                parts.add(
                    "request-rate " + r.requests() + "/" + seconds(r.period()).replace(" ", "")));
    p.visitTime().ifPresent(w -> parts.add("visit-time " + w.from() + "-" + w.to()));
    return parts.isEmpty() ? "none" : String.join(", ", parts);
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0
        ? d.toSeconds() + " s"
        : String.format(Locale.ROOT, "%.3f s", d.toMillis() / 1e3).replaceAll("0+ s$", " s");
  }

  /**
   * Whether the run was polite: it completed (or, with {@code --heavy}, ran into its time bound,
   * which measures the releases within it), no origin was contacted more often than its rules (as
   * the pacer applies them) allow, and every busy origin's Retry-After was honoured.
   *
   * @return true if all held
   */
  public boolean held() {
    return (completed || heavy != null)
        && violations.isEmpty()
        && errors == 0
        && (busyOrigins == 0
            || smallestGapAfterRetryNanos >= options.retryAfterSeconds() * 1_000_000_000L);
  }

  /** The report as text. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    SimOptions sim = options.sim();
    line(sb, "reactive-robots polite crawl simulation");
    line(
        sb,
        "  workload      %,d origins, %,d page URLs (%s, interleaved), concurrency %d, agent %s",
        sim.origins(),
        pages,
        heavy == null
            ? String.format(
                Locale.ROOT, "%,d per origin", Math.max(1, sim.checks() / sim.origins()))
            : String.format(Locale.ROOT, "%.0f%% for one busy origin", options.heavyPercent()),
        sim.concurrency(),
        sim.agent());
    line(sb, "  origin mix    %s", sim.mix());
    line(
        sb,
        "  pacer         minimum delay %s, maximum delay %s, 1 fetch in flight per origin,"
            + " deferWhenFull %s; held at most %,d items",
        time(options.minimumDelay().toNanos()),
        time(options.maximumDelay().toNanos()),
        options.defer(),
        mostHeld);
    line(
        sb,
        "  farm          %,d origins serve a generated crawl-delay or request-rate line;"
            + " %,d%% answer their first page 503 Retry-After: %d",
        pacedOrigins,
        Math.round(options.busyPercent()),
        options.retryAfterSeconds());
    if (skipped > 0) {
      line(
          sb,
          "                %,d origins not crawled: their visit-time window closes during"
              + " the run",
          skipped);
    }
    line(
        sb,
        "  finished      %s in %.1f s",
        completed ? "all pages" : "TIME LIMIT REACHED",
        elapsedNanos / 1e9);
    long disallowedSum = disallowed.values().stream().mapToLong(Long::longValue).sum();
    StringBuilder byStatus = new StringBuilder();
    statuses.forEach(
        (s, n) ->
            byStatus
                .append(byStatus.length() == 0 ? "" : ", ")
                .append(String.format(Locale.ROOT, "%d: %,d", s, n)));
    line(
        sb,
        "  pages         %,d released and fetched (%s; %,d errors), %,d disallowed,"
            + " %,d invalid, %,d deferred",
        released,
        byStatus,
        errors,
        disallowedSum,
        invalid,
        deferred);
    if (heavy != null) {
      line(
          sb,
          "  busy origin   %s: %,d of the %,d page URLs; %,d released",
          heavy.host(),
          heavy.pages(),
          pages,
          heavy.released());
      line(
          sb,
          "  other origins %,d releases to the %,d other origins in %.1f s",
          heavy.otherReleased(),
          heavy.otherOrigins(),
          elapsedNanos / 1e9);
    }
    disallowed.forEach(
        (r, n) -> line(sb, "                  %-28s %,d", r.name().toLowerCase(Locale.ROOT), n));
    line(
        sb,
        "  rules served  to %s: interval applied, origins with 2+ page requests, smallest"
            + " gap at the farm",
        sim.agent());
    for (RuleRow r : rules) {
      line(
          sb,
          "                  %-50s %10s %7d %12s",
          r.rule(),
          time(r.intervalNanos()),
          r.origins(),
          time(r.smallestGapNanos()));
    }
    line(
        sb,
        "  intervals     smallest gap between two page requests at the farm: %s over %,d"
            + " origins (configured minimum %s)",
        time(smallestGapNanos),
        measured,
        time(options.minimumDelay().toNanos()));
    if (busyOrigins > 0) {
      line(
          sb,
          "  retry-after   %,d origins answered 503 Retry-After: %d; smallest gap to their"
              + " next page request %s: %s",
          busyOrigins,
          options.retryAfterSeconds(),
          time(smallestGapAfterRetryNanos),
          smallestGapAfterRetryNanos >= options.retryAfterSeconds() * 1_000_000_000L
              ? "honoured"
              : "NOT HONOURED");
    }
    line(
        sb,
        "  capped        %,d origins ask for more than the %s maximum delay and were paced"
            + " at it, as configured; the pacer reported %,d capped values",
        capped,
        time(options.maximumDelay().toNanos()),
        cappedReported);
    if (violations.isEmpty()) {
      line(
          sb,
          "  verdict       no origin was contacted more often than its rules allow"
              + " (0 of %,d origins with 2+ page requests%s)",
          measured,
          capped > 0 ? "; the capped ones at the maximum delay" : "");
    } else {
      line(
          sb,
          "  verdict       %,d ORIGINS CONTACTED MORE OFTEN THAN THEIR RULES ALLOW: %s",
          violations.size(),
          String.join("; ", violations.subList(0, Math.min(5, violations.size()))));
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, String format, Object... args) {
    sb.append(String.format(Locale.ROOT, format, args)).append('\n');
  }

  private static String time(long nanos) {
    if (nanos == Long.MAX_VALUE) {
      return "-";
    }
    return nanos < 1_000_000_000L
        ? String.format(Locale.ROOT, "%.1f ms", nanos / 1e6)
        : String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
  }
}
