package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.bench.HeapInUse;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Parse + compile memory: the heap retained per parsed origin, measured, not estimated.
 *
 * <p>Method: {@code copies} times over, every corpus body is parsed and the result kept in an
 * array; the heap in use after a full collection ({@code System.gc()} repeated until the figure
 * settles, read from the {@link MemoryMXBean}) is compared with the same reading before, and the
 * difference divided by the number of results kept. The bodies themselves are loaded before the
 * first reading, so they are not counted unless a result keeps its own copy. Many copies make the
 * JVM's noise (a few hundred KB) small per result. Run it in a fresh JVM for a clean figure; it is
 * single-threaded and not thread-safe.
 *
 * @param copies how many times each body was parsed and kept
 * @param origins corpus files per copy
 * @param rawBytesPerOrigin mean body size
 * @param oursBytesPerOrigin mean retained heap per {@code RobotsTxt} after one {@code forAgent}
 *     call (what a crawler with one agent holds: its own group and {@code *} compiled)
 * @param oursEstimatedPerOrigin mean of reactive-robots' own {@code estimatedWeight()}
 * @param theirsBytesPerOrigin mean retained heap per crawler-commons {@code SimpleRobotRules}
 *     (which keeps only the rules of the one agent it was parsed for)
 * @param blanketEntryBytes retained heap per origin of a {@code RobotsCache} holding only allow-all
 *     entries (robots.txt answered 404): entry, state, origin key and Caffeine's node, after the
 *     minimum residency (no pins)
 * @param blanketEntryWeight the cache's own weight estimate for those entries
 * @param cachedEntryBytes retained heap per origin of a {@code RobotsCache} holding one entry per
 *     corpus file (each served as a 200), checked by an agent named on each check (no crawler
 *     identity), full vs closed, after the minimum residency (no pins)
 * @param cachedEntryWeight the cache's own weight estimate for those entries
 * @param wildcardFiles corpus files with at least {@value #WILDCARD_RULES} wildcard rules
 * @param wildcardBodyBytes their mean body size
 * @param wildcardOursBytes their mean retained heap, parsed and compiled for one crawler
 * @param wildcardWorstRatio the largest retained heap over body among them, file by file
 */
public record MemoryFootprint(
    int copies,
    int origins,
    double rawBytesPerOrigin,
    double oursBytesPerOrigin,
    double oursEstimatedPerOrigin,
    double theirsBytesPerOrigin,
    double blanketEntryBytes,
    double blanketEntryWeight,
    double cachedEntryBytes,
    double cachedEntryWeight,
    int wildcardFiles,
    double wildcardBodyBytes,
    double wildcardOursBytes,
    double wildcardWorstRatio) {

  /** Wildcard rules that make a file wildcard-heavy. */
  public static final int WILDCARD_RULES = 100;

  private static final int BLANKET_ORIGINS = 20_000;

  /** The agent both libraries parse for. */
  static final String AGENT = "googlebot";

  /**
   * Measures over the bench's corpus ({@link BenchCorpus#selected()}) with {@code copies} copies.
   */
  public static MemoryFootprint measure(int copies) {
    Corpus corpus = BenchCorpus.selected();
    List<CorpusFile> files = corpus.files();
    double raw = (double) corpus.totalBytes() / files.size();
    double ours = retainedPerResult(files, copies, MemoryFootprint::parseOurs);
    double theirs =
        retainedPerResult(
            files, copies, f -> CrawlerCommons.parse(f.url("/robots.txt"), f.body(), AGENT));
    double estimated =
        files.stream()
            .mapToLong(
                f -> {
                  RobotsTxt txt = RobotsTxt.parse(f.body(), Ours.DEFAULTS);
                  txt.forAgent(AGENT);
                  return txt.estimatedWeight();
                })
            .average()
            .orElse(0);
    List<CorpusFile> wildcards = files.stream().filter(MemoryFootprint::isWildcardHeavy).toList();
    double worst = 0;
    for (CorpusFile f : wildcards) {
      double retained = retainedPerResult(List.of(f), copies * 8, MemoryFootprint::parseOurs);
      worst = Math.max(worst, retained / f.body().length);
    }
    double wildcardBody = wildcards.stream().mapToInt(f -> f.body().length).average().orElse(0);
    double wildcardOurs =
        wildcards.isEmpty()
            ? 0
            : retainedPerResult(wildcards, copies * 4, MemoryFootprint::parseOurs);
    double[] blanket = measureEntries(BLANKET_ORIGINS, i -> FetchResult.status(404).build());
    double[] cached =
        measureEntries(
            files.size(), i -> FetchResult.status(200).body(files.get(i).body()).build());
    return new MemoryFootprint(
        copies,
        files.size(),
        raw,
        ours,
        estimated,
        theirs,
        blanket[0],
        blanket[1],
        cached[0],
        cached[1],
        wildcards.size(),
        wildcardBody,
        wildcardOurs,
        worst);
  }

  /** Retained heap per origin over the raw body. */
  public double oursOverBody() {
    return oursBytesPerOrigin / rawBytesPerOrigin;
  }

  /** Mean retained heap of the wildcard-heavy files over their mean body. */
  public double wildcardOverBody() {
    return wildcardOursBytes / wildcardBodyBytes;
  }

  /**
   * Whether {@code f} has at least {@value #WILDCARD_RULES} allow/disallow rules with a {@code *}.
   */
  static boolean isWildcardHeavy(CorpusFile f) {
    int rules = 0;
    for (String line : new String(f.body(), StandardCharsets.ISO_8859_1).split("\n")) {
      String l = line.trim().toLowerCase(java.util.Locale.ROOT);
      if ((l.startsWith("disallow") || l.startsWith("allow")) && l.indexOf('*') > 0) {
        rules++;
      }
    }
    return rules >= WILDCARD_RULES;
  }

  /**
   * Retained heap and weight estimate per entry of a cache holding {@code origins} entries, origin
   * {@code i} answered {@code response.apply(i)}: {measured (full vs closed), estimate}. The agent
   * is named on each check, as a crawler without an identity on the builder does.
   */
  private static double[] measureEntries(int origins, IntFunction<FetchResult> response) {
    RobotsCache cache =
        RobotsCache.builder()
            .fetcher(
                (origin, validators) ->
                    Mono.just(
                        response.apply(
                            Integer.parseInt(
                                origin.host().substring(5, origin.host().indexOf('.'))))))
            .parseScheduler(Schedulers.immediate())
            .maximumWeight(1L << 30)
            .minimumResidency(Duration.ZERO)
            .build();
    try (cache) {
      for (int i = 0; i < origins; i++) {
        cache.check("https://site-" + i + ".example/", AGENT).block(Duration.ofSeconds(10));
      }
      if (cache.stats().origins() != origins) {
        throw new IllegalStateException(
            "expected " + origins + " entries, held " + cache.stats().origins());
      }
      long full = usedAfterGc();
      double weight = (double) cache.stats().weightBytes() / origins;
      cache.close();
      return new double[] {(double) (full - usedAfterGc()) / origins, weight};
    }
  }

  private static RobotsTxt parseOurs(CorpusFile f) {
    RobotsTxt txt = RobotsTxt.parse(f.body(), Ours.DEFAULTS);
    txt.forAgent(AGENT);
    return txt;
  }

  static double retainedPerResult(
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
