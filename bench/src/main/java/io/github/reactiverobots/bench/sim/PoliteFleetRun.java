package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.sim.FleetSimulator.RedisProcess;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.pacing.Pacer;
import io.github.reactiverobots.core.testing.Corpus;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.redis.RedisSharedSpacing;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * {@code simulate --polite --workers N}: N workers, each its own robots.txt cache, netty
 * fetcher, {@link Pacer} and page client, take page URLs from one shared queue (as autoscaled
 * crawlers not partitioned by host do) and space each origin through one
 * {@link RedisSharedSpacing} on a shared redis-server. The farm records, per origin, the
 * smallest gap between two page requests from any worker, and from one worker. With
 * {@code --redis-outage-s S}, Redis is killed once half the pages are released and restarted
 * empty S seconds later: the workers fall back to their local rules meanwhile. Bounded in count
 * and time. Single use.
 */
public final class PoliteFleetRun {
  /** How long a reservation may take here, where farm, workers and Redis share one machine. */
  static final Duration SHARED_WAIT = Duration.ofSeconds(1);

  private final PoliteOptions options;
  private final int workers;
  private final String redisUri;
  private final Duration outage;
  private final int workerQueue;
  private final PoliteRun counts;

  /**
   * @param options the polite run's settings
   * @param workers the number of workers, 1 to 64
   * @param redisUri a Redis to share, or null to start a redis-server from the PATH
   * @param outage how long Redis is stopped mid-run, or zero for never (needs no redisUri)
   * @param workerQueue items each worker's pacer holds at most
   */
  public PoliteFleetRun(PoliteOptions options, int workers, String redisUri, Duration outage,
      int workerQueue) {
    if (workers < 1 || workers > PoliteSite.MAX_WORKERS) {
      throw new IllegalArgumentException("--workers must be 1..64");
    }
    if (!outage.isZero() && redisUri != null) {
      throw new IllegalArgumentException("--redis-outage-s needs the run's own redis-server");
    }
    if (outage.isNegative() || outage.compareTo(Duration.ofMinutes(1)) > 0 || workerQueue < 1) {
      throw new IllegalArgumentException("--redis-outage-s must be 0..60, --worker-queue >= 1");
    }
    this.options = options;
    this.workers = workers;
    this.redisUri = redisUri;
    this.outage = outage;
    this.workerQueue = workerQueue;
    this.counts = new PoliteRun(options);
  }

  /** {@code simulate --polite --workers N [options]}: runs and prints the report. */
  public static PoliteFleetReport main(String[] args, PrintStream out) throws Exception {
    SimulateCommand.FleetArgs fleet = SimulateCommand.FleetArgs.of(args);
    List<String> rest = new ArrayList<>();
    long outageSeconds = 0;
    int queue = 32;
    String[] r = fleet.rest();
    for (int i = 0; i < r.length; i++) {
      boolean own = r[i].equals("--redis-outage-s") || r[i].equals("--worker-queue");
      if (own && i + 1 >= r.length) {
        throw new IllegalArgumentException(r[i] + " needs a value");
      }
      if (r[i].equals("--redis-outage-s")) {
        outageSeconds = SimOptions.number(r[i], r[++i]);
      } else if (r[i].equals("--worker-queue")) {
        queue = (int) Math.min(Integer.MAX_VALUE, SimOptions.number(r[i], r[++i]));
      } else {
        rest.add(r[i]);
      }
    }
    PoliteOptions options = PoliteOptions.parse(rest.toArray(String[]::new));
    System.err.printf(Locale.ROOT, "simulate --polite --workers %d: %,d origins, %,d pages%n",
        fleet.workers(), options.sim().origins(), options.sim().checks());
    PoliteFleetReport report = new PoliteFleetRun(options, fleet.workers(), fleet.redisUri(),
        Duration.ofSeconds(outageSeconds), queue).run();
    out.print(report.text());
    return report;
  }

  /** One worker: its own cache, fetcher, ledger connection, pacer and page client. */
  private final class Worker implements AutoCloseable {
    final NettyRobotsFetcher fetcher;
    final RobotsCache cache;
    final RedisSharedSpacing ledger;
    final Pacer pacer;
    final HttpClient http;
    final LongAdder released = new LongAdder();

    Worker(int id, FarmResolver resolver, String uri) {
      SimOptions sim = options.sim();
      fetcher = SimulateCommand.nettyFetcher(sim, resolver);
      cache = RobotsCache.builder()
          .fetcher(fetcher)
          .crawler(sim.agent())
          .maximumWeight(sim.cacheWeightBytes())
          .retryBackoff(Duration.ofHours(1), Duration.ofHours(1))
          .ttlBounds(Duration.ofHours(1), Duration.ofHours(24))
          .build();
      ledger = RedisSharedSpacing.builder().uri(uri).build();
      pacer = Pacer.builder(cache)
          .minimumDelay(options.minimumDelay())
          .maximumDelay(options.maximumDelay())
          .totalQueue(workerQueue)
          .sharedSpacing(ledger)
          .sharedSpacingWait(SHARED_WAIT)
          .build();
      http = counts.httpClient(resolver)
          .headers(h -> h.set(PoliteSite.WORKER_HEADER, Integer.toString(id)));
    }

    /** Crawls from the shared queue until it is empty and every item came out. */
    Mono<Void> crawl(Queue<String> queue) {
      Flux<String> source = Flux.generate(sink -> {
        String url = queue.poll();
        if (url == null) {
          sink.complete();
        } else {
          sink.next(url);
        }
      });
      return pacer.pace(source)
          .doOnNext(p -> {
            if (p.isReleased()) {
              released.increment();
            }
          })
          .flatMap(p -> counts.handle(http, p), options.sim().concurrency())
          .then();
    }

    @Override
    public void close() throws Exception {
      try {
        cache.close();
        fetcher.close();
      } finally {
        ledger.close();
      }
    }
  }

  /** Runs the fleet and returns its report. */
  public PoliteFleetReport run() throws Exception {
    SimOptions sim = options.sim();
    Corpus corpus = io.github.reactiverobots.bench.BenchCorpus.selected();
    PoliteSite site = new PoliteSite(sim.origins(), sim.seed(), options.pacedPercent(),
        options.busyPercent(), options.retryAfterSeconds(), workers);
    try (OriginFarm farm = new OriginFarm(sim.origins(), corpus.files(), sim.mix(), sim.seed(),
            sim.slowDelay(), site);
        RedisProcess redis = redisUri == null ? RedisProcess.start() : null) {
      String uri = redisUri != null ? redisUri : redis.uri();
      FarmResolver resolver = new FarmResolver(farm.address());
      List<Worker> all = new ArrayList<>();
      try {
        for (int w = 0; w < workers; w++) {
          all.add(new Worker(w, resolver, uri));
        }
        Pacing[] rules = PoliteRun.servedRules(farm, sim.origins(), sim.agent());
        boolean[] crawled = PoliteRun.openThroughout(rules, Instant.now(), sim.maxDuration());
        List<String> urls = counts.pageUrls(crawled);
        Queue<String> queue = new ConcurrentLinkedQueue<>(urls);
        Outage cut = new Outage(redis, urls.size() / 2);
        long start = System.nanoTime();
        boolean completed = Boolean.TRUE.equals(Flux.fromIterable(all)
            .flatMap(w -> w.crawl(queue), workers)
            .then(Mono.just(true))
            .take(sim.maxDuration())
            .defaultIfEmpty(false)
            .block(sim.maxDuration().plusSeconds(30)));
        long elapsed = System.nanoTime() - start;
        cut.awaitEnd();
        PoliteReport polite = PoliteReport.of(options, counts, site, all.get(0).pacer, rules,
            crawled, urls.size(), elapsed, completed);
        return PoliteFleetReport.of(polite, workers, site, rules, all.get(0).pacer,
            all.stream().map(w -> w.released.sum()).toList(),
            all.stream().mapToLong(w -> w.ledger.commandsSent()).sum(),
            all.stream().mapToLong(w -> w.pacer.sharedSpacingFallbacks()).sum(),
            outage, cut.startedAtNanos.get() < 0 ? -1 : cut.startedAtNanos.get() - start);
      } finally {
        for (Worker w : all) {
          w.close();
        }
        resolver.close();
      }
    }
  }

  /** Kills Redis once {@code after} pages are released, and restarts it {@link #outage} later. */
  private final class Outage {
    final AtomicLong startedAtNanos = new AtomicLong(-1);
    private final Thread thread;

    Outage(RedisProcess redis, long after) {
      if (redis == null || outage.isZero()) {
        thread = null;
        return;
      }
      thread = new Thread(() -> {
        try {
          long deadline = System.nanoTime() + options.sim().maxDuration().toNanos();
          while (counts.released.sum() < after && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
          }
          startedAtNanos.set(System.nanoTime());
          redis.kill();
          TimeUnit.NANOSECONDS.sleep(outage.toNanos());
          redis.restart();
        } catch (Exception e) {
          throw new IllegalStateException("the Redis outage did not run as planned", e);
        }
      }, "polite-redis-outage");
      thread.setDaemon(true);
      thread.start();
    }

    void awaitEnd() throws InterruptedException {
      if (thread != null) {
        thread.join(options.sim().maxDuration().plus(outage).toMillis());
      }
    }
  }
}
