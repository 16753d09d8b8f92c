package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.bench.HeapInUse;
import io.github.reactiverobots.core.parse.RobotsTxt;
import io.github.reactiverobots.core.testing.Corpus;
import io.github.reactiverobots.core.testing.CorpusFile;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.function.Function;

/**
 * Parse + compile memory: the heap retained per parsed origin, measured, not estimated.
 *
 * <p>Method: {@code copies} times over, every corpus body is parsed and the result kept in an
 * array; the heap in use after a full collection ({@code System.gc()} repeated until the figure
 * settles, read from the {@link MemoryMXBean}) is compared with the same reading before, and the
 * difference divided by the number of results kept. The bodies themselves are loaded before the
 * first reading, so they are not counted unless a result keeps its own copy. Many copies make
 * the JVM's noise (a few hundred KB) small per result. Run it in a fresh JVM for a clean
 * figure; it is single-threaded and not thread-safe.
 *
 * @param copies how many times each body was parsed and kept
 * @param origins corpus files per copy
 * @param rawBytesPerOrigin mean body size
 * @param oursBytesPerOrigin mean retained heap per {@code RobotsTxt} after one {@code forAgent}
 *     call (what a crawler with one agent holds: its own group and {@code *} compiled)
 * @param oursEstimatedPerOrigin mean of reactive-robots' own {@code estimatedWeight()}
 * @param theirsBytesPerOrigin mean retained heap per crawler-commons {@code SimpleRobotRules}
 *     (which keeps only the rules of the one agent it was parsed for)
 */
public record MemoryFootprint(
    int copies,
    int origins,
    double rawBytesPerOrigin,
    double oursBytesPerOrigin,
    double oursEstimatedPerOrigin,
    double theirsBytesPerOrigin) {

  /** The agent both libraries parse for. */
  static final String AGENT = "googlebot";

  /** Measures over the corpus' oddity sample with {@code copies} copies. */
  public static MemoryFootprint measure(int copies) {
    Corpus corpus = BenchCorpus.selected();
    List<CorpusFile> files = corpus.files();
    double raw = (double) corpus.totalBytes() / files.size();
    double ours = retainedPerResult(files, copies, f -> {
      RobotsTxt txt = RobotsTxt.parse(f.body(), Ours.DEFAULTS);
      txt.forAgent(AGENT);
      return txt;
    });
    double theirs = retainedPerResult(files, copies,
        f -> CrawlerCommons.parse(f.url("/robots.txt"), f.body(), AGENT));
    double estimated = files.stream()
        .mapToLong(f -> {
          RobotsTxt txt = RobotsTxt.parse(f.body(), Ours.DEFAULTS);
          txt.forAgent(AGENT);
          return txt.estimatedWeight();
        })
        .average().orElse(0);
    return new MemoryFootprint(copies, files.size(), raw, ours, estimated, theirs);
  }

  private static double retainedPerResult(
      List<CorpusFile> files, int copies, Function<CorpusFile, Object> parse) {
    Object[] kept = new Object[files.size() * copies];
    long before = usedAfterGc();
    int k = 0;
    for (int c = 0; c < copies; c++) {
      for (CorpusFile f : files) {
        kept[k++] = parse.apply(f);
      }
    }
    long after = usedAfterGc();
    double perResult = (double) (after - before) / kept.length;
    if (kept[kept.length - 1] == null) {
      throw new IllegalStateException("unreachable: keeps the results alive until here");
    }
    return perResult;
  }

  /** Heap in use after full collections, once two readings in a row agree within 64 KB. */
  private static long usedAfterGc() {
    return HeapInUse.afterGc(20, 64 * 1024);
  }
}
