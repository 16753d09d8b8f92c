package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.bench.HeapInUse;
import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The crawl simulator: an {@link OriginFarm} on loopback, a real {@link RobotsCache} over the
 * fetcher {@code fetcherFactory} builds for the farm's resolver, and a crawl of visits: each visit
 * draws an origin with a Zipf skew and checks {@code pages} of its URLs one after another, the way
 * a crawler works through a site; {@code concurrency} visits run at once. Bounded in count and
 * time: it stops after {@code checks} checks or {@code maxDuration}, whichever comes first. Single
 * use; not thread-safe.
 */
public final class Simulator {
  /** The most popular origins whose survival of a scan the report gives. */
  private static final int HOT_SET = 1_000;

  /** One-shot origins checked once each after the run, to see what they leave of the hot set. */
  private static final int SCAN = 2_000;

  private final SimOptions options;
  private final Function<FarmResolver, RobotsFetcher> fetcherFactory;
  private final Corpus corpus;

  /** Visit index to origin rank, -1 until the visit is made: the trace of origin requests. */
  private int[] trace = new int[0];

  /**
   * @param options the settings
   * @param fetcherFactory builds the fetcher, which must resolve names with the given resolver
   *     only; it is closed after the run when it is {@link AutoCloseable}
   */
  public Simulator(SimOptions options, Function<FarmResolver, RobotsFetcher> fetcherFactory) {
    this.options = options;
    this.fetcherFactory = fetcherFactory;
    this.corpus = BenchCorpus.selected();
  }

  /** Runs the simulation and returns its report; progress goes to standard error if asked. */
  public SimReport run() throws Exception {
    SimStats stats = new SimStats(options.origins());
    try (OriginFarm farm =
        new OriginFarm(
            options.origins(),
            corpus.files(),
            options.mix(),
            options.seed(),
            options.slowDelay())) {
      FarmResolver resolver = new FarmResolver(farm);
      RobotsFetcher fetcher = fetcherFactory.apply(resolver);
      RobotsCache cache =
          RobotsCache.builder()
              .fetcher(fetcher)
              .maximumWeight(options.cacheWeightBytes())
              // Nothing may be fetched twice within a run: no retry, refresh or expiry before its
              // end.
              .retryBackoff(Duration.ofHours(1), Duration.ofHours(1))
              .ttlBounds(options.ttl(), max(options.ttl(), Duration.ofHours(24)))
              .listener(stats)
              .build();
      try (cache;
          AutoCloseable metrics = MetricsExposure.start(cache, options.prometheusPort())) {
        String[] paths = corpus.rows().stream().map(UrlRow::path).distinct().toArray(String[]::new);
        ZipfSampler zipf = new ZipfSampler(options.origins(), options.zipfExponent());
        ScheduledExecutorService ticker =
            Executors.newSingleThreadScheduledExecutor(
                r -> {
                  Thread t = new Thread(r, "simulate-progress");
                  t.setDaemon(true);
                  return t;
                });
        long start = System.nanoTime();
        Progress progress = new Progress(options, stats, cache, start);
        if (options.progress()) {
          ticker.scheduleAtFixedRate(progress::print, 1, 1, TimeUnit.SECONDS);
        }
        boolean finished;
        long visits = (options.checks() + options.pages() - 1) / options.pages();
        trace = new int[(int) Math.min(Integer.MAX_VALUE, visits)];
        Arrays.fill(trace, -1);
        try {
          finished =
              Flux.range(0, (int) Math.min(Integer.MAX_VALUE, visits))
                  .flatMap(i -> visit(cache, stats, zipf, paths, i), options.concurrency(), 1)
                  .take(options.maxDuration())
                  .reduce(0L, Long::sum)
                  .map(n -> n == options.checks())
                  .block(options.maxDuration().plusSeconds(30));
        } finally {
          ticker.shutdownNow();
        }
        long elapsed = System.nanoTime() - start;
        if (options.progress()) {
          progress.print();
        }
        CacheStats full = cache.stats();
        long heapFull = usedAfterGc();
        // What the report counts ends here; the scan probe's checks are its own.
        stats.freeze();
        long farmRequests = farm.robotsRequests();
        ScanProbe scan = ScanProbe.run(cache, options, HOT_SET, SCAN);
        cache.close();
        long heapEmptied = usedAfterGc();
        TraceBounds bounds =
            TraceBounds.of(
                trace,
                options.cacheWeightBytes(),
                full.origins() == 0 ? 1 : full.weightBytes() / full.origins(),
                stats.weights(),
                options.zipfExponent(),
                stats.fetchesStarted(),
                scan);
        return SimReport.of(
            options,
            stats,
            full,
            farmRequests,
            elapsed,
            heapFull - heapEmptied,
            finished,
            options.prometheusPort() >= 0 ? MetricsExposure.describe(metrics) : null,
            bounds);
      } finally {
        if (fetcher instanceof AutoCloseable c) {
          c.close();
        }
        resolver.close();
      }
    }
  }

  /**
   * Visit {@code i}: one origin, its pages checked one after another (the last visit checks only
   * what remains of {@code checks}). Emits the number of checks made.
   */
  private Mono<Long> visit(
      RobotsCache cache, SimStats stats, ZipfSampler zipf, String[] paths, int i) {
    SplittableRandom r = new SplittableRandom(options.seed() * 0x9E3779B97F4A7C15L + i);
    int origin = zipf.sample(r.nextDouble());
    trace[i] = origin;
    String base = "http://" + OriginFarm.host(origin);
    long remaining = options.checks() - (long) i * options.pages();
    int pages = (int) Math.min(options.pages(), remaining);
    String[] urls = new String[pages];
    for (int p = 0; p < pages; p++) {
      urls[p] = base + paths[r.nextInt(paths.length)];
    }
    // [started, ended]: the visit ends with its last page's verdict, not in doFinally, which runs
    // only once the downstream's onNext returns, and flatMap may go on draining other visits on
    // this thread before it does.
    boolean[] state = new boolean[2];
    Runnable end =
        () -> {
          if (state[0] && !state[1]) {
            state[1] = true;
            stats.visitEnded(origin);
          }
        };
    return Flux.range(0, pages)
        .concatMap(
            p ->
                check(cache, stats, origin, urls[p])
                    .doOnNext(
                        ok -> {
                          if (p == 0) {
                            state[0] = true;
                            stats.visitStarted(origin);
                          }
                          if (p == pages - 1) {
                            end.run();
                          }
                        }))
        .count()
        .doFinally(signal -> end.run());
  }

  private Mono<Boolean> check(RobotsCache cache, SimStats stats, int origin, String url) {
    return Mono.defer(
            () -> {
              stats.asked(origin);
              long t0 = System.nanoTime();
              return cache
                  .check(url, options.agent())
                  .doOnNext(v -> stats.checked(v, System.nanoTime() - t0))
                  .map(v -> Boolean.TRUE);
            })
        .onErrorResume(
            e -> {
              stats.failed();
              return Mono.just(Boolean.FALSE);
            });
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /**
   * Heap in use after full collections. The farm's and the cache's threads are still alive, so
   * readings settle less tightly than in {@code MemoryFootprint}.
   */
  private static long usedAfterGc() {
    return HeapInUse.afterGc(10, 256 * 1024);
  }
}
