package io.github.reactiverobots.bench;

import io.github.reactiverobots.bench.compare.AgreementReport;
import io.github.reactiverobots.bench.compare.CompareCommand;
import io.github.reactiverobots.bench.jmh.MemoryFootprint;
import io.github.reactiverobots.bench.sim.PoliteFleetReport;
import io.github.reactiverobots.bench.sim.PoliteFleetRun;
import io.github.reactiverobots.bench.sim.PoliteReport;
import io.github.reactiverobots.bench.sim.PoliteRun;
import io.github.reactiverobots.bench.sim.ScanRun;
import io.github.reactiverobots.bench.sim.SimReport;
import io.github.reactiverobots.bench.sim.SimulateCommand;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The bench jar's entry point: {@code jmh [JMH args]}, {@code compare [options]}, {@code agree
 * [--all]}, {@code memory} and {@code simulate [options]}.
 */
public final class Main {
  private Main() {}

  private static final String USAGE =
      """
      usage: java -jar reactive-robots-bench.jar COMMAND [options]
        jmh [JMH args]       run the JMH benchmarks (JMH's own options, e.g. -l, -f 1 -wi 3 Parse)
        compare [options]    short side-by-side JMH run vs crawler-commons, memory and agreement,
                             printed as markdown (--warmup N --iterations N --time S --forks N
                             --examples N --no-jmh --jmh-log FILE)
        agree [--all]        the verdict-agreement report only (--all lists every differing row)
        memory               the retained-memory measurement only
        simulate [options]   the crawl simulator (simulate --help for its options)
        simulate --polite    pages fetched through the Pacer; the farm checks each origin's pace
        simulate --polite --workers N [--redis-outage-s S]
                             N workers, one shared queue, spacing shared on Redis
        scan [options]       N new origins once each on a farm of many loopback addresses:
                             outcomes by kind, peak open descriptors (scan --help)
        parse-digest         per corpus file, a digest of its parse and verdicts: diff the
                             output of two builds to show they parse alike
      """;

  public static void main(String[] args) throws Exception {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      System.out.print(USAGE);
      return;
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    try {
      switch (args[0]) {
        case "jmh" -> org.openjdk.jmh.Main.main(rest);
        case "compare" -> CompareCommand.main(rest, System.out);
        case "agree" -> {
          AgreementReport report = new AgreementReport(BenchCorpus.selected());
          boolean all = List.of(rest).contains("--all");
          System.out.print(
              report.markdown(
                  List.of(report.run(Profile.RFC_9309), report.run(Profile.GOOGLE)), all ? -1 : 5));
        }
        case "memory" -> {
          MemoryFootprint m = MemoryFootprint.measure(8);
          System.out.printf(
              Locale.ROOT,
              "raw body %,.0f B, reactive-robots %,.0f B (estimate %,.0f B),"
                  + " crawler-commons %,.0f B per origin (%d copies of %d files); allow-all entry"
                  + " %,.0f B (weight %,.0f B); cached entry %,.0f B (weight %,.0f B);"
                  + " %d wildcard-heavy files: %,.0f B body, %,.0f B parsed (%.2fx, worst"
                  + " file %.2fx)%n",
              m.rawBytesPerOrigin(),
              m.oursBytesPerOrigin(),
              m.oursEstimatedPerOrigin(),
              m.theirsBytesPerOrigin(),
              m.copies(),
              m.origins(),
              m.blanketEntryBytes(),
              m.blanketEntryWeight(),
              m.cachedEntryBytes(),
              m.cachedEntryWeight(),
              m.wildcardFiles(),
              m.wildcardBodyBytes(),
              m.wildcardOursBytes(),
              m.wildcardOverBody(),
              m.wildcardWorstRatio());
        }
        case "parse-digest" -> ParseDigest.main(rest);
        case "scan" -> System.exit(ScanRun.main(rest, System.out) ? 0 : 1);
        case "simulate" -> {
          if (List.of(rest).contains("--polite") && List.of(rest).contains("--workers")) {
            PoliteFleetReport fleet = PoliteFleetRun.main(rest, System.out);
            System.exit(fleet == null || fleet.held() ? 0 : 1);
          }
          if (List.of(rest).contains("--polite")) {
            PoliteReport polite = PoliteRun.main(rest, System.out);
            System.exit(polite == null || polite.held() ? 0 : 1);
          }
          SimReport report = SimulateCommand.main(rest, System.out);
          if (report != null && !report.held()) {
            System.exit(1);
          }
        }
        default -> {
          System.err.print("unknown command: " + args[0] + "\n" + USAGE);
          System.exit(2);
        }
      }
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(2);
    }
    System.exit(0);
  }
}
