package io.github.reactiverobots.bench.compare;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.bench.jmh.AdapterFootprint;
import io.github.reactiverobots.bench.jmh.CachedCheckBenchmark;
import io.github.reactiverobots.bench.jmh.CheckBenchmark;
import io.github.reactiverobots.bench.jmh.LargestFileCheckBenchmark;
import io.github.reactiverobots.bench.jmh.MemoryFootprint;
import io.github.reactiverobots.bench.jmh.ParseBenchmark;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code compare}: a short JMH run of every side-by-side benchmark, the memory measurement and the
 * agreement report, printed as markdown on standard output. JMH's own log goes to a file named on
 * standard error. Options: {@code --warmup N}, {@code --iterations N}, {@code --time S} (seconds
 * per iteration), {@code --forks N}, {@code --examples N} (rows shown per cause; -1 for all),
 * {@code --no-jmh} (memory and agreement only), {@code --jmh-log FILE}, {@code --corpus
 * full|oddity} (the whole shared corpus by default; see {@link BenchCorpus}).
 */
public final class CompareCommand {
  private static final double BLANKET_TARGET_BYTES = 250;
  private static final double WILDCARD_TARGET_RATIO = 2;

  /**
   * On 2 cores C2 takes about ten one-second iterations to finish compiling either library's check
   * path, so a shorter warm-up measures the JIT rather than the libraries; crawler-commons' parse
   * path keeps climbing for several seconds more, so the parse benchmarks warm up twice as long.
   */
  private int warmup = 10;

  private int iterations = 8;
  private int seconds = 1;
  private int forks = 1;
  private int examples = 5;
  private boolean jmh = true;
  private Path log;
  private String corpus = "full";

  private CompareCommand() {}

  /** Parses {@code args}; throws {@link IllegalArgumentException} naming a bad option. */
  static CompareCommand parse(String[] args) {
    CompareCommand c = new CompareCommand();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--warmup" -> c.warmup = positive(a, value(args, ++i, a), 0);
        case "--iterations" -> c.iterations = positive(a, value(args, ++i, a), 1);
        case "--time" -> c.seconds = positive(a, value(args, ++i, a), 1);
        case "--forks" -> c.forks = positive(a, value(args, ++i, a), 0);
        case "--examples" -> c.examples = Integer.parseInt(value(args, ++i, a));
        case "--no-jmh" -> c.jmh = false;
        case "--jmh-log" -> c.log = Path.of(value(args, ++i, a));
        case "--corpus" -> c.corpus = value(args, ++i, a);
        default -> throw new IllegalArgumentException("unknown option for compare: " + a);
      }
    }
    return c;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static int positive(String option, String v, int min) {
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number, got " + v);
    }
    if (n < min) {
      throw new IllegalArgumentException(option + " must be at least " + min + ", got " + n);
    }
    return n;
  }

  /** Runs {@code compare} with {@code args}, printing the report to {@code out}. */
  public static void main(String[] args, PrintStream out) throws IOException, RunnerException {
    parse(args).run(out);
  }

  private void run(PrintStream out) throws IOException, RunnerException {
    System.setProperty(BenchCorpus.PROPERTY, this.corpus);
    Corpus corpus = BenchCorpus.selected();
    Instant started = Instant.now();
    List<String> rows = new ArrayList<>();
    if (jmh) {
      Path logFile = log != null ? log : Files.createTempFile("reactive-robots-compare-", ".log");
      System.err.println("compare: JMH log in " + logFile.toAbsolutePath());
      List<RunResult> single =
          new ArrayList<>(run(Path.of(logFile + ".parse"), 1, 2 * warmup, ParseBenchmark.class));
      single.addAll(
          run(
              logFile,
              1,
              warmup,
              CheckBenchmark.class,
              LargestFileCheckBenchmark.class,
              CachedCheckBenchmark.class));
      Collection<RunResult> two =
          run(Path.of(logFile + ".2-threads"), 2, warmup, CachedCheckBenchmark.class);
      Collection<RunResult> crawler = runForTheCrawler(Path.of(logFile + ".crawler"), warmup);
      rows.addAll(ComparisonRows.throughput(corpus, single));
      rows.addAll(ComparisonRows.cached(single, 1));
      rows.add(ComparisonRows.cachedForTheCrawler(crawler));
      rows.addAll(ComparisonRows.cached(two, 2));
    }
    System.err.println("compare: measuring retained memory");
    MemoryFootprint mem = MemoryFootprint.measure(8);
    AdapterFootprint adapter = AdapterFootprint.measure(8);
    System.err.println("compare: agreement report");
    AgreementReport agreement = new AgreementReport(corpus);
    List<AgreementReport.ProfileResult> results =
        List.of(agreement.run(Profile.RFC_9309), agreement.run(Profile.GOOGLE));

    out.println("# reactive-robots vs crawler-commons 1.6");
    out.println();
    out.printf(
        Locale.ROOT,
        "Measured %s on %d cores, %s %s; JMH %d fork(s), %d x %d s warm-up"
            + " (parse: %d x %d s), %d x %d s measurement, a 2 GiB heap touched at start."
            + " Corpus: %s, %,d bytes,"
            + " %,d urls.tsv rows.%n%n",
        started.truncatedTo(ChronoUnit.SECONDS),
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"),
        forks,
        warmup,
        seconds,
        2 * warmup,
        seconds,
        iterations,
        seconds,
        corpus,
        corpus.totalBytes(),
        corpus.rows().size());
    if (jmh) {
      out.println("| benchmark | reactive-robots | crawler-commons | ratio | target |");
      out.println("| --- | ---: | ---: | ---: | --- |");
      rows.forEach(out::println);
      out.println();
      out.printf(
          Locale.ROOT,
          "Throughput: the mean of the %d measured iterations, with the slowest"
              + " and fastest iteration in brackets. Ratio: of the means, with the worst pairing (our"
              + " slowest iteration against their fastest) and the best in brackets; a target is met"
              + " when even the worst pairing meets it, met on the means when only the means do.%n%n",
          iterations * Math.max(1, forks));
    }
    out.println("| parse + compile memory, mean per origin | bytes |");
    out.println("| --- | ---: |");
    out.printf(Locale.ROOT, "| raw robots.txt body | %,.0f |%n", mem.rawBytesPerOrigin());
    out.printf(
        Locale.ROOT,
        "| reactive-robots `RobotsTxt` after `forAgent(\"googlebot\")` (measured) | %,.0f |%n",
        mem.oursBytesPerOrigin());
    out.printf(
        Locale.ROOT,
        "| reactive-robots `estimatedWeight()` (its own estimate) | %,.0f |%n",
        mem.oursEstimatedPerOrigin());
    out.printf(
        Locale.ROOT,
        "| crawler-commons `SimpleRobotRules` for googlebot (measured) | %,.0f |%n",
        mem.theirsBytesPerOrigin());
    out.printf(
        Locale.ROOT,
        "| crawler-commons API: `ReactiveRobotRules` for googlebot (measured) | %,.0f |%n",
        adapter.adapterRetained());
    out.printf(
        Locale.ROOT,
        "| crawler-commons API: serialised `ReactiveRobotRules` vs `SimpleRobotRules`, mean"
            + " (median) | %,.0f (%,.0f) vs %,.0f (%,.0f) |%n",
        adapter.adapterSerialisedMean(),
        adapter.adapterSerialisedMedian(),
        adapter.theirsSerialisedMean(),
        adapter.theirsSerialisedMedian());
    out.println();
    out.println("| memory figure | measured | target |");
    out.println("| --- | ---: | --- |");
    boolean memoryMet =
        mem.oursOverBody() <= 1.0 && mem.oursBytesPerOrigin() < mem.theirsBytesPerOrigin();
    out.printf(
        Locale.ROOT,
        "| retained per origin, one crawler, vs raw body | %.2fx (crawler-commons"
            + " %.2fx) | <= 1.0x and below crawler-commons: %s |%n",
        mem.oursOverBody(),
        mem.theirsBytesPerOrigin() / mem.rawBytesPerOrigin(),
        memoryMet ? "met" : "NOT met");
    out.printf(
        Locale.ROOT,
        "| allow-all entry in a `RobotsCache` (entry, state, key, Caffeine node)"
            + " | %,.0f B | <= 250 B: %s |%n",
        mem.blanketEntryBytes(),
        mem.blanketEntryBytes() <= BLANKET_TARGET_BYTES ? "met" : "NOT met");
    double blanketRatio = mem.blanketEntryWeight() / mem.blanketEntryBytes();
    double cachedRatio = mem.cachedEntryWeight() / mem.cachedEntryBytes();
    out.printf(
        Locale.ROOT,
        "| weight estimate vs heap, allow-all entry | %,.0f B vs %,.0f B"
            + " (%.2fx) | within 10%%: %s |%n",
        mem.blanketEntryWeight(),
        mem.blanketEntryBytes(),
        blanketRatio,
        Math.abs(blanketRatio - 1) <= 0.10 ? "met" : "NOT met");
    out.printf(
        Locale.ROOT,
        "| weight estimate vs heap, cached entry per corpus file | %,.0f B vs"
            + " %,.0f B (%.2fx) | within 10%%: %s |%n",
        mem.cachedEntryWeight(),
        mem.cachedEntryBytes(),
        cachedRatio,
        Math.abs(cachedRatio - 1) <= 0.10 ? "met" : "NOT met");
    out.printf(
        Locale.ROOT,
        "| wildcard-heavy files (%d with >= %d `*` rules, mean body %,.0f B) vs"
            + " raw body | %.2fx (worst file %.2fx) | <= 2x: %s |%n",
        mem.wildcardFiles(),
        MemoryFootprint.WILDCARD_RULES,
        mem.wildcardBodyBytes(),
        mem.wildcardOverBody(),
        mem.wildcardWorstRatio(),
        mem.wildcardOverBody() <= WILDCARD_TARGET_RATIO
            ? (mem.wildcardWorstRatio() <= WILDCARD_TARGET_RATIO ? "met" : "met on the mean")
            : "NOT met");
    out.printf(
        Locale.ROOT,
        "%nMemory: heap in use after System.gc() (MemoryMXBean), before and after"
            + " keeping %d parsed copies of each of the %d bodies, divided by the results kept.%n%n",
        mem.copies(),
        mem.origins());
    out.print(agreement.markdown(results, examples));
  }

  private Collection<RunResult> run(
      Path logFile, int threads, int warmupIterations, Class<?>... benchmarks)
      throws RunnerException {
    ChainedOptionsBuilder b = options(logFile, threads, warmupIterations);
    for (Class<?> c : benchmarks) {
      b.include("^" + c.getName().replace(".", "\\.") + "\\.");
    }
    System.err.println(
        "compare: running "
            + benchmarks.length
            + " benchmark class(es) on "
            + threads
            + " thread(s)");
    return new Runner(b.build()).run();
  }

  /** The warm {@code checkIfCached} of a cache built for one crawler, which passes no agent. */
  private Collection<RunResult> runForTheCrawler(Path logFile, int warmupIterations)
      throws RunnerException {
    ChainedOptionsBuilder b =
        options(logFile, 1, warmupIterations)
            .include(
                "^"
                    + CachedCheckBenchmark.class.getName().replace(".", "\\.")
                    + "\\.checkIfCached$")
            .param("agents", "crawler");
    System.err.println("compare: running the warm check of the cache's crawler on 1 thread");
    return new Runner(b.build()).run();
  }

  private ChainedOptionsBuilder options(Path logFile, int threads, int warmupIterations) {
    return new OptionsBuilder()
        .forks(forks)
        .warmupIterations(warmupIterations)
        .warmupTime(TimeValue.seconds(seconds))
        .measurementIterations(iterations)
        .measurementTime(TimeValue.seconds(seconds))
        .threads(threads)
        // A fixed heap for both libraries, every page of it touched before the first iteration: a
        // heap still being resized, or young regions faulted in for the first time mid-run , slow
        // whichever iterations run meanwhile.
        .jvmArgsAppend(
            "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-D" + BenchCorpus.PROPERTY + "=" + corpus)
        .shouldFailOnError(true)
        .output(logFile.toString());
  }
}
