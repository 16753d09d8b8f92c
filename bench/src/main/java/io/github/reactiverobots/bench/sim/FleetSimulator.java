package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.redis.RedisRobotsStore;
import io.github.reactiverobots.redis.testing.RedisCluster;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The crawl simulator as a fleet: {@code workers} independent caches (one per worker, each with its
 * own fetcher and its own Redis connections) sharing one Redis, checks dealt to the workers in
 * turn. Halfway through, worker 0 restarts: a new cache and store connection take its place, cold
 * locally, and should come back warm from Redis. Redis is the one at {@code redisUri}, or a {@code
 * redis-server} from the PATH started on a free loopback port without persistence and stopped
 * after. Bounded in count and time like {@link Simulator}. Single use.
 */
public final class FleetSimulator {
  private final SimOptions options;
  private final int workers;
  private final String redisUri;
  private final Function<FarmResolver, RobotsFetcher> fetcherFactory;
  private final boolean privateCluster;
  private final Duration killPrimaryAt;

  /**
   * @param options the run's settings
   * @param workers the number of workers, at least 1
   * @param redisUri a Redis URI, or null to start a redis-server from the PATH
   * @param fetcherFactory builds one worker's fetcher on the farm's resolver
   */
  public FleetSimulator(
      SimOptions options,
      int workers,
      String redisUri,
      Function<FarmResolver, RobotsFetcher> fetcherFactory) {
    this(options, workers, redisUri, false, null, fetcherFactory);
  }

  /**
   * @param options the run's settings
   * @param workers the number of workers, at least 1
   * @param redisUri a Redis URI, or null to start a redis-server (or a cluster) from the PATH
   * @param privateCluster whether to start a private Redis Cluster ({@link RedisCluster}) rather
   *     than one redis-server, when no URI is given
   * @param killPrimaryAt when to kill one of the private cluster's primaries, from the start of the
   *     workload, or null not to
   * @param fetcherFactory builds one worker's fetcher on the farm's resolver
   */
  public FleetSimulator(
      SimOptions options,
      int workers,
      String redisUri,
      boolean privateCluster,
      Duration killPrimaryAt,
      Function<FarmResolver, RobotsFetcher> fetcherFactory) {
    if (workers < 1 || workers > 64) {
      throw new IllegalArgumentException("--workers must be 1..64");
    }
    if (privateCluster && redisUri != null) {
      throw new IllegalArgumentException("--redis-cluster starts its own cluster: no --redis-url");
    }
    if (killPrimaryAt != null && !privateCluster) {
      throw new IllegalArgumentException("--kill-primary-at needs --redis-cluster");
    }
    this.options = options;
    this.workers = workers;
    this.redisUri = redisUri;
    this.privateCluster = privateCluster;
    this.killPrimaryAt = killPrimaryAt;
    this.fetcherFactory = fetcherFactory;
  }

  /**
   * Room per origin in a worker's cache, far above the mean entry's weight: a fleet run never
   * evicts.
   */
  static final long WEIGHT_PER_ORIGIN = 64 * 1024;

  /**
   * The weight bound of each worker's cache: {@code --cache-mb}, raised to room for every origin of
   * the run ({@link #WEIGHT_PER_ORIGIN} each), since every worker meets every origin. A worker that
   * evicted would read Redis again, and the counts of the run are about the fleet, not about one
   * cache's size.
   */
  static long cacheWeight(SimOptions options) {
    return Math.max(options.cacheWeightBytes(), options.origins() * WEIGHT_PER_ORIGIN);
  }

  /**
   * The redis-server a fleet run starts when given no Redis URI (the PATH's, else Debian's).
   *
   * @throws IllegalArgumentException when there is none: the run needs one or {@code --redis-url}
   */
  static Path redisServer() {
    return RedisServer.installed()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "--workers needs redis-server on the PATH (Debian: redis-server), or"
                        + " --redis-url"));
  }

  /** Store events counted for one cache. */
  static final class StoreCounts implements RobotsCacheListener {
    final Map<StoreEvent, LongAdder> events = new EnumMap<>(StoreEvent.class);

    /** When (nanoTime) the last store fault or cool-down skip happened; 0 if none. */
    final AtomicLong lastFault = new AtomicLong();

    StoreCounts() {
      for (StoreEvent e : StoreEvent.values()) {
        events.put(e, new LongAdder());
      }
    }

    @Override
    public void onStore(Origin origin, StoreEvent event) {
      events.get(event).increment();
      if (event == StoreEvent.ERROR
          || event == StoreEvent.TIMEOUT
          || event == StoreEvent.BYPASSED) {
        lastFault.accumulateAndGet(System.nanoTime(), Math::max);
      }
    }

    long get(StoreEvent e) {
      return events.get(e).sum();
    }
  }

  /** One worker's cache and what it counts. */
  private final class Worker implements AutoCloseable {
    final SimStats stats = new SimStats(options.origins());
    final StoreCounts store = new StoreCounts();
    final RobotsFetcher fetcher;
    final RedisRobotsStore redis;
    final RobotsCache cache;

    Worker(FarmResolver resolver, String uri) {
      fetcher = fetcherFactory.apply(resolver);
      redis = RedisRobotsStore.builder().uri(uri).build();
      cache =
          RobotsCache.builder()
              .fetcher(fetcher)
              .maximumWeight(cacheWeight(options))
              .retryBackoff(Duration.ofHours(1), Duration.ofHours(1))
              .ttlBounds(Duration.ofHours(1), Duration.ofHours(24))
              .storeLease(options.fetchTimeout().multipliedBy(4))
              .store(redis)
              .listener(stats)
              .listener(store)
              .build();
    }

    @Override
    public void close() throws Exception {
      cache.close();
      redis.close();
      if (fetcher instanceof AutoCloseable c) {
        c.close();
      }
    }
  }

  /**
   * Lettuce's loggers, held so that the level set below stays set: Lettuce logs a line or two for
   * every reconnect attempt and topology refresh while a node is down, and the run counts store
   * faults itself (the library's quiet-failure policy, applied by this application).
   */
  private static final java.util.logging.Logger LETTUCE =
      java.util.logging.Logger.getLogger("io.lettuce");

  /** Runs the fleet and returns its report. */
  public FleetReport run() throws Exception {
    LETTUCE.setLevel(java.util.logging.Level.SEVERE);
    Corpus corpus = Corpus.odditySample();
    SimStats asked = new SimStats(options.origins());
    try (OriginFarm farm =
            new OriginFarm(
                options.origins(),
                corpus.files(),
                options.mix(),
                options.seed(),
                options.slowDelay());
        RedisCluster cluster = privateCluster ? RedisCluster.start(redisServer()) : null;
        RedisServer started =
            redisUri == null && !privateCluster ? RedisServer.start(redisServer()) : null) {
      String uri = redisUri != null ? redisUri : cluster != null ? cluster.uri() : started.uri();
      FarmResolver resolver = new FarmResolver(farm.address());
      List<Worker> all = new ArrayList<>();
      Worker[] current = new Worker[workers];
      try {
        for (int w = 0; w < workers; w++) {
          current[w] = new Worker(resolver, uri);
          all.add(current[w]);
        }
        String[] paths = corpus.rows().stream().map(UrlRow::path).distinct().toArray(String[]::new);
        ZipfSampler zipf = new ZipfSampler(options.origins(), options.zipfExponent());
        int checks = (int) Math.min(Integer.MAX_VALUE, options.checks());
        int restartAt = checks / 2;
        long start = System.nanoTime();
        FailoverRun failover =
            killPrimaryAt == null
                ? null
                : FailoverRun.start(cluster, start + killPrimaryAt.toNanos());
        Long done =
            Flux.range(0, checks)
                .concatMap(
                    i -> {
                      if (i == restartAt) {
                        current[0] = new Worker(resolver, uri);
                        all.add(current[0]);
                      }
                      return Mono.just(i);
                    },
                    1)
                .flatMap(
                    i -> check(current[i % workers], asked, zipf, paths, i),
                    options.concurrency(),
                    1)
                .take(options.maxDuration())
                .count()
                .block(options.maxDuration().plusSeconds(30));
        long elapsed = System.nanoTime() - start;
        FleetReport.Failover killed =
            failover == null
                ? null
                : failover.finish(
                    start, all.stream().mapToLong(w -> w.store.lastFault.get()).max().orElse(0));
        return FleetReport.of(
            options,
            workers,
            uri,
            done == null ? 0 : done,
            elapsed,
            asked,
            farm.robotsRequests(),
            all.stream().map(w -> w.stats).toList(),
            all.stream().map(w -> w.store).toList(),
            killed);
      } finally {
        for (Worker w : all) {
          w.close();
        }
        resolver.close();
      }
    }
  }

  private Mono<Boolean> check(
      Worker worker, SimStats asked, ZipfSampler zipf, String[] paths, int i) {
    SplittableRandom r = new SplittableRandom(options.seed() * 0x9E3779B97F4A7C15L + i);
    int origin = zipf.sample(r.nextDouble());
    String url = "http://" + OriginFarm.host(origin) + paths[r.nextInt(paths.length)];
    return Mono.defer(
            () -> {
              asked.asked(origin);
              long t0 = System.nanoTime();
              return worker
                  .cache
                  .check(url, options.agent())
                  .doOnNext(v -> asked.checked(v, System.nanoTime() - t0))
                  .map(v -> Boolean.TRUE);
            })
        .onErrorResume(
            e -> {
              asked.failed();
              return Mono.just(Boolean.FALSE);
            });
  }
}
