package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.internal.url.CanonicalPaths;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Where the time of one uncached-lookup-free check goes, step by step, on the {@code urls.tsv}
 * rows: splitting the URL, selecting the agent's rules, matching the path, and the three together
 * through {@code RobotsTxt.check(url, agent)}. Each operation handles the next row. For finding
 * what to optimise in the warm-cache path, not for comparison.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CheckCostBreakdownBenchmark {
  private String[] urls;
  private String[] agents;
  private String[] paths;
  private RobotsTxt[] parsed;
  private AgentRules[] rules;
  private int next;

  @Setup
  public void load() {
    Corpus corpus = BenchCorpus.selected();
    Map<String, RobotsTxt> byFile = new HashMap<>();
    // Rows whose URL the splitter rejects are left out of every step alike.
    List<UrlRow> usable = CheckInputs.rowsWithValidUrls(corpus);
    int n = usable.size();
    urls = new String[n];
    agents = new String[n];
    paths = new String[n];
    parsed = new RobotsTxt[n];
    rules = new AgentRules[n];
    for (int i = 0; i < n; i++) {
      UrlRow r = usable.get(i);
      urls[i] = corpus.file(r.file()).url(r.path());
      agents[i] = r.agent();
      paths[i] = SplitUrl.of(urls[i]).pathAndQuery();
      parsed[i] =
          byFile.computeIfAbsent(
              r.file(), f -> RobotsTxt.parse(corpus.file(f).body(), Ours.DEFAULTS));
      rules[i] = parsed[i].forAgent(agents[i]);
    }
  }

  private int next() {
    int i = next;
    next = i + 1 == urls.length ? 0 : i + 1;
    return i;
  }

  @Benchmark
  public SplitUrl splitUrl() {
    return SplitUrl.of(urls[next()]);
  }

  /** The warm path's reading of a canonical URL: its key's length and its path's bytes. */
  @Benchmark
  public int canonicalPath() {
    String url = urls[next()];
    int keyLength = SplitUrl.originKeyLength(url);
    if (keyLength < 0) {
      return -1;
    }
    int end = CanonicalPaths.end(url, keyLength);
    int length = CanonicalPaths.length(url, keyLength, end);
    return CanonicalPaths.scratch(url, keyLength, end, length)[length - 1] + keyLength;
  }

  @Benchmark
  public AgentRules forAgent() {
    int i = next();
    return parsed[i].forAgent(agents[i]);
  }

  @Benchmark
  public Verdict matchPath() {
    int i = next();
    return rules[i].check(paths[i]);
  }

  @Benchmark
  public Verdict allThree() {
    int i = next();
    return parsed[i].check(urls[i], agents[i]);
  }
}
