package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.bench.HeapInUse;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.testing.Corpus;
import io.github.reactiverobots.core.testing.UrlRow;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The crawl simulator: an {@link OriginFarm} on loopback, a real {@link RobotsCache} over the
 * fetcher {@code fetcherFactory} builds for the farm's resolver, and a workload of URL checks
 * whose origins are drawn with a Zipf skew, {@code concurrency} at a time. Bounded in count and
 * time: it stops after {@code checks} checks or {@code maxDuration}, whichever comes first.
 * Single use; not thread-safe.
 */
public final class Simulator {
  private final SimOptions options;
  private final Function<FarmResolver, RobotsFetcher> fetcherFactory;
  private final Corpus corpus;

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
    try (OriginFarm farm = new OriginFarm(options.origins(), corpus.files(), options.mix(),
        options.seed(), options.slowDelay())) {
      FarmResolver resolver = new FarmResolver(farm.address());
      RobotsFetcher fetcher = fetcherFactory.apply(resolver);
      long heapBefore = usedAfterGc();
      RobotsCache cache = RobotsCache.builder()
          .fetcher(fetcher)
          .maximumWeight(options.cacheWeightBytes())
          // Nothing may be fetched twice within a run: no retry, refresh or expiry before its end.
          .retryBackoff(Duration.ofHours(1), Duration.ofHours(1))
          .ttlBounds(Duration.ofHours(1), Duration.ofHours(24))
          .listener(stats)
          .build();
      try (cache;
          AutoCloseable metrics = MetricsExposure.start(cache, options.prometheusPort())) {
        String[] paths = corpus.rows().stream().map(UrlRow::path).distinct().toArray(String[]::new);
        ZipfSampler zipf = new ZipfSampler(options.origins(), options.zipfExponent());
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
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
        try {
          finished = Flux.range(0, (int) Math.min(Integer.MAX_VALUE, options.checks()))
              .flatMap(i -> check(options, cache, stats, zipf, paths, i), options.concurrency(), 1)
              .take(options.maxDuration())
              .count()
              .map(n -> n == options.checks())
              .block(options.maxDuration().plusSeconds(30));
        } finally {
          ticker.shutdownNow();
        }
        long elapsed = System.nanoTime() - start;
        if (options.progress()) {
          progress.print();
        }
        long heapAfter = usedAfterGc();
        return SimReport.of(options, stats, cache.stats(), farm, elapsed,
            heapAfter - heapBefore, finished, options.prometheusPort() >= 0
                ? MetricsExposure.describe(metrics) : null);
      } finally {
        if (fetcher instanceof AutoCloseable c) {
          c.close();
        }
        resolver.close();
      }
    }
  }

  /**
   * Check {@code i} of a run: a URL on an origin drawn from {@code zipf} (the same for a seed and
   * an index), counted in {@code stats}; true if it got a verdict, false if it failed.
   */
  static Mono<Boolean> check(SimOptions options, RobotsCache cache, SimStats stats,
      ZipfSampler zipf, String[] paths, int i) {
    SplittableRandom r = new SplittableRandom(options.seed() * 0x9E3779B97F4A7C15L + i);
    int origin = zipf.sample(r.nextDouble());
    String url = "http://" + OriginFarm.host(origin) + paths[r.nextInt(paths.length)];
    return Mono.defer(() -> {
      stats.asked(origin);
      long t0 = System.nanoTime();
      return cache.check(url, options.agent())
          .doOnNext(v -> stats.checked(v, System.nanoTime() - t0))
          .map(v -> Boolean.TRUE);
    }).onErrorResume(e -> {
      stats.failed();
      return Mono.just(Boolean.FALSE);
    });
  }

  /**
   * Heap in use after full collections. The farm's and the cache's threads are still alive, so
   * readings settle less tightly than in {@code MemoryFootprint}.
   */
  private static long usedAfterGc() {
    return HeapInUse.afterGc(10, 256 * 1024);
  }
}
