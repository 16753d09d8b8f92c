package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Parse throughput over the bench's corpus ({@link BenchCorpus#selected()}: the full shared corpus
 * unless the oddity sample is asked for): one operation parses every body of it once, for one
 * agent. The {@code bytes} secondary result is body bytes per second (divide by 10^6 for MB/s).
 *
 * <p>Both sides do what a crawler does with a fresh body: crawler-commons' {@code parseContent} for
 * the crawler's name, and reactive-robots' {@code RobotsTxt.parse} followed by {@code forAgent}
 * (which compiles the rules of the crawler's named groups, or of {@code *} when it has none).
 * {@code files=all} includes the three corpus bodies above 500 KiB, of which reactive-robots parses
 * only the first 500 KiB (its RFC 9309 parse limit); {@code files=within-limit} leaves them out so
 * both sides read every byte.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ParseBenchmark {
  /** The crawler whose rules are selected. */
  @Param("googlebot")
  public String agent;

  /** {@code all} corpus files, or only those {@code within-limit} (at most 500 KiB). */
  @Param({"all", "within-limit"})
  public String files;

  private byte[][] bodies;
  private String[] robotsUrls;
  private long bytesPerOp;
  private ParseOptions options;

  /** Counts the body bytes parsed; reset every iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Bytes {
    /** Body bytes parsed. */
    public long bytes;

    @Setup(Level.Iteration)
    public void reset() {
      bytes = 0;
    }
  }

  @Setup
  public void load() {
    List<CorpusFile> selected =
        BenchCorpus.selected().files().stream()
            .filter(f -> files.equals("all") || f.body().length <= ParseOptions.MIN_PARSE_LIMIT)
            .toList();
    bodies = new byte[selected.size()][];
    robotsUrls = new String[selected.size()];
    bytesPerOp = 0;
    for (int i = 0; i < bodies.length; i++) {
      bodies[i] = selected.get(i).body();
      robotsUrls[i] = selected.get(i).url("/robots.txt");
      bytesPerOp += bodies[i].length;
    }
    options = Ours.DEFAULTS;
  }

  @Benchmark
  public void reactiveRobots(Bytes counter, Blackhole bh) {
    for (byte[] body : bodies) {
      bh.consume(RobotsTxt.parse(body, options).forAgent(agent));
    }
    counter.bytes += bytesPerOp;
  }

  /**
   * reactive-robots through crawler-commons' API: {@code ReactiveRobotsParser.parseContent}, what a
   * crawler that takes a {@code BaseRobotsParser} gets with one line changed.
   */
  @Benchmark
  public void adapter(Bytes counter, Blackhole bh) {
    for (int i = 0; i < bodies.length; i++) {
      bh.consume(CrawlerCommons.parseWithAdapter(robotsUrls[i], bodies[i], agent));
    }
    counter.bytes += bytesPerOp;
  }

  @Benchmark
  public void crawlerCommons(Bytes counter, Blackhole bh) {
    for (int i = 0; i < bodies.length; i++) {
      bh.consume(CrawlerCommons.parse(robotsUrls[i], bodies[i], agent));
    }
    counter.bytes += bytesPerOp;
  }
}
