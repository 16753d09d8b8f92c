package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One check through a warm {@link RobotsCache}: every origin of the bench's corpus ({@link
 * BenchCorpus#selected()}: the full shared corpus unless the oddity sample is asked for) fetched
 * (from memory) and parsed before measurement, then each operation checks the next {@code urls.tsv}
 * row's URL (origin lookup, path split, match). Sampled, so JMH reports the median and tail per
 * check; run with {@code -t 1} and {@code -t 2} for one and two threads.
 *
 * <p>{@code repeat} checks each row that many times before the next: with {@code -p repeat=16} the
 * origin's data, the URL and the branch history are warm, which separates the cost of a check's
 * work from the cost of moving to another origin, agent and path on every check.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CachedCheckBenchmark {
  /** How many times each row is checked in a row. */
  @Param("1")
  public int repeat;

  /**
   * {@code rows}: each check passes its row's agent, a string of its own; {@code crawler}: the
   * cache is built for one crawler ({@value #CRAWLER}) and each check passes no agent, as a crawler
   * with one identity does ({@link RobotsCache#checkIfCached(String)}).
   */
  @Param("rows")
  public String agents;

  /** The crawler of {@code agents=crawler}. */
  public static final String CRAWLER = "MyCrawler/1.0";

  private boolean rowAgents;

  private RobotsCache cache;
  private FakeFetcher fetcher;
  private String[] urls;
  private String[] rowAgent;

  /** Each thread's position in the rows. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;

    @Setup
    public void start() {
      next = (int) (Thread.currentThread().getId() * 7919);
    }
  }

  @Setup
  public void warm() {
    if (repeat < 1) {
      throw new IllegalArgumentException("repeat must be at least 1, got " + repeat);
    }
    if (!agents.equals("rows") && !agents.equals("crawler")) {
      throw new IllegalArgumentException("agents must be rows or crawler, got " + agents);
    }
    rowAgents = agents.equals("rows");
    Corpus corpus = BenchCorpus.selected();
    List<UrlRow> rows = CheckInputs.rowsWithValidUrls(corpus);
    urls = rows.stream().map(r -> corpus.file(r.file()).url(r.path())).toArray(String[]::new);
    rowAgent = rows.stream().map(UrlRow::agent).toArray(String[]::new);
    fetcher = FakeFetcher.serving(corpus.files());
    RobotsCacheBuilder builder = RobotsCache.builder();
    if (!rowAgents) {
      builder.crawler(CRAWLER);
    }
    cache = builder.fetcher(fetcher).maximumOrigins(100_000).maximumWeight(1L << 30).build();
    for (CorpusFile f : corpus.files()) {
      cache.check(f.url("/"), "warmup").block();
    }
    for (int i = 0; i < urls.length; i++) {
      if (cache.checkIfCached(urls[i], rowAgent[i]).isEmpty()) {
        throw new IllegalStateException("not warm after warming: " + urls[i]);
      }
    }
  }

  @TearDown
  public void close() {
    cache.close();
    if (fetcher.calls() != fetcher.servedOrigins()) {
      throw new IllegalStateException(
          "fetched " + fetcher.calls() + " times for " + fetcher.servedOrigins() + " origins");
    }
  }

  private int next(Cursor c) {
    return Math.floorMod(c.next++ / repeat, urls.length);
  }

  @Benchmark
  public Optional<Verdict> checkIfCached(Cursor c) {
    int i = next(c);
    return rowAgents ? cache.checkIfCached(urls[i], rowAgent[i]) : cache.checkIfCached(urls[i]);
  }

  @Benchmark
  public Verdict checkBlock(Cursor c) {
    int i = next(c);
    return (rowAgents ? cache.check(urls[i], rowAgent[i]) : cache.check(urls[i])).block();
  }
}
