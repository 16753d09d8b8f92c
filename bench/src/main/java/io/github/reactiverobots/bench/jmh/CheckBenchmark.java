package io.github.reactiverobots.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Check throughput over every {@code urls.tsv} row: one operation checks every row once; the {@code
 * checks} secondary result is checks per second. Rules are parsed and the agent's rules selected
 * before measurement, for both libraries.
 *
 * <p>crawler-commons' {@code isAllowed} takes an absolute URL and splits it itself; {@link
 * #reactiveRobots} is given the path as the brief's contract has it, and {@link
 * #reactiveRobotsFromUrl} is given the URL too ({@code AgentRules.checkUrl}, which reads its path
 * as the cache does), for a like-for-like figure.
 *
 * <p>{@code rows=all} checks every row; {@code rows=short-paths} leaves out the rows whose path is
 * longer than 2,048 characters (two rows of 23 KB of {@code %00}), which dominate the mean of
 * {@code all}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CheckBenchmark {
  /** Longest path kept by {@code rows=short-paths}. */
  public static final int SHORT_PATH = 2048;

  /** {@code all} rows, or {@code short-paths} only. */
  @Param({"all", "short-paths"})
  public String rows;

  private CheckInputs inputs;

  @Setup
  public void load() {
    inputs =
        CheckInputs.corpusRows(Ours.DEFAULTS, rows.equals("all") ? Integer.MAX_VALUE : SHORT_PATH);
  }

  @Benchmark
  public int reactiveRobots(Checks counter) {
    counter.checks += inputs.size();
    return inputs.checkAllOurs();
  }

  @Benchmark
  public int reactiveRobotsFromUrl(Checks counter) {
    int allowed = 0;
    String[] urls = inputs.urls;
    for (int i = 0; i < urls.length; i++) {
      if (inputs.ours[i].checkUrl(urls[i]).allowed()) {
        allowed++;
      }
    }
    counter.checks += urls.length;
    return allowed;
  }

  /** reactive-robots through crawler-commons' API: {@code ReactiveRobotRules.isAllowed(url)}. */
  @Benchmark
  public int adapter(Checks counter) {
    counter.checks += inputs.size();
    return inputs.checkAllAdapter();
  }

  @Benchmark
  public int crawlerCommons(Checks counter) {
    counter.checks += inputs.size();
    return inputs.checkAllTheirs();
  }
}
