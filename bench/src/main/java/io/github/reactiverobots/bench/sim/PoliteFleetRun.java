package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerBuilder;
import io.github.reactiverobots.pacing.PacerListener;
import io.github.reactiverobots.redis.RedisSharedSpacing;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.url.Origin;
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
 * {@code simulate --polite --workers N}: N workers, each its own robots.txt cache, netty fetcher,
 * {@link Pacer} and page client, take page URLs from one shared queue (as autoscaled crawlers not
 * partitioned by host do) and space each origin through one {@link RedisSharedSpacing} on a shared
 * redis-server. The farm records, per origin, the smallest gap between two page requests from any
 * worker, and from one worker. With {@code --redis-outage-s S}, Redis is killed once half the pages
 * are released and restarted empty S seconds later: the workers fall back to their local rules
 * meanwhile. Bounded in count and time. Single use.
 */
public final class PoliteFleetRun {
  /** How the workers share the origins' spacing. */
  public enum Spacing {
    /** One shared queue, each origin spaced through Redis (the default). */
    SHARED,
    /** One shared queue, each worker spacing by its local rules alone: the fleet multiplies. */
    LOCAL,
    /** Partitioned by host: each worker has its own queue of its origins, no Redis. */
    PARTITION
  }

  /** How long a reservation may take here, where farm, workers and Redis share one machine. */
  static final Duration SHARED_WAIT = Duration.ofSeconds(1);

  private final PoliteOptions options;
  private final int workers;
  private final String redisUri;
  private final Duration outage;
  private final int workerQueue;
  private final Spacing spacing;
  private final PoliteRun counts;

  /**
   * @param options the polite run's settings
   * @param workers the number of workers, 1 to 64
   * @param redisUri a Redis to share, or null to start a redis-server from the PATH
   * @param outage how long Redis is stopped mid-run, or zero for never (needs no redisUri)
   * @param workerQueue items each worker's pacer holds at most
   * @param spacing how the workers share the spacing
   */
  public PoliteFleetRun(
      PoliteOptions options,
      int workers,
      String redisUri,
      Duration outage,
      int workerQueue,
      Spacing spacing) {
    if (workers < 1 || workers > PoliteSite.MAX_WORKERS) {
      throw new IllegalArgumentException("--workers must be 1..64");
    }
    if (!outage.isZero() && (redisUri != null || spacing != Spacing.SHARED)) {
      throw new IllegalArgumentException(
          "--redis-outage-s needs the run's own redis-server and --spacing shared");
    }
    if (outage.isNegative() || outage.compareTo(Duration.ofMinutes(1)) > 0 || workerQueue < 1) {
      throw new IllegalArgumentException("--redis-outage-s must be 0..60, --worker-queue >= 1");
    }
    this.options = options;
    this.workers = workers;
    this.redisUri = redisUri;
    this.outage = outage;
    this.workerQueue = workerQueue;
    this.spacing = spacing;
    this.counts = new PoliteRun(options);
  }

  /** {@code simulate --polite --workers N [options]}: runs and prints the report. */
  public static PoliteFleetReport main(String[] args, PrintStream out) throws Exception {
    SimulateCommand.FleetArgs fleet = SimulateCommand.FleetArgs.of(args);
    List<String> rest = new ArrayList<>();
    long outageSeconds = 0;
    int queue = 32;
    Spacing spacing = Spacing.SHARED;
    String[] r = fleet.rest();
    for (int i = 0; i < r.length; i++) {
      boolean own =
          r[i].equals("--redis-outage-s")
              || r[i].equals("--worker-queue")
              || r[i].equals("--spacing");
      if (own && i + 1 >= r.length) {
        throw new IllegalArgumentException(r[i] + " needs a value");
      }
      if (r[i].equals("--redis-outage-s")) {
        outageSeconds = SimOptions.number(r[i], r[++i]);
      } else if (r[i].equals("--spacing")) {
        String v = r[++i];
        try {
          spacing = Spacing.valueOf(v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("--spacing is shared, local or partition, got " + v);
        }
      } else if (r[i].equals("--worker-queue")) {
        queue = (int) Math.min(Integer.MAX_VALUE, SimOptions.number(r[i], r[++i]));
      } else {
        rest.add(r[i]);
      }
    }
    PoliteOptions options = PoliteOptions.parse(rest.toArray(String[]::new));
    System.err.printf(
        Locale.ROOT,
        "simulate --polite --workers %d: %,d origins, %,d pages%n",
        fleet.workers(),
        options.sim().origins(),
        options.sim().checks());
    PoliteFleetRun run =
        new PoliteFleetRun(
            options,
            fleet.workers(),
            fleet.redisUri(),
            Duration.ofSeconds(outageSeconds),
            queue,
            spacing);
    PoliteFleetReport report = run.run();
    out.print(report.text());
    run.counts.errorKinds.forEach(
        (k, n) -> out.printf(Locale.ROOT, "  page errors   %,d x %s%n", n.sum(), k));
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

    /** This worker's own queue when partitioned by host. */
    final Queue<String> own = new ConcurrentLinkedQueue<>();

    Worker(int id, FarmResolver resolver, String uri) {
      SimOptions sim = options.sim();
      fetcher = SimulateCommand.nettyFetcher(sim, resolver);
      cache = PoliteRun.cache(sim, fetcher);
      ledger = spacing == Spacing.SHARED ? RedisSharedSpacing.builder().uri(uri).build() : null;
      PacerBuilder b =
          Pacer.builder(cache)
              .minimumDelay(options.minimumDelay())
              .maximumDelay(options.maximumDelay())
              .totalQueue(workerQueue)
              .listener(
                  new PacerListener() {
                    @Override
                    public void onCapped(
                        Origin origin, Capped what, Duration asked, Duration applied) {
                      counts.cappedReported.increment();
                    }
                  });
      if (ledger != null) {
        b.sharedSpacing(ledger).sharedSpacingWait(SHARED_WAIT);
      }
      pacer = b.build();
      http =
          counts
              .httpClient(resolver)
              .headers(h -> h.set(PoliteSite.WORKER_HEADER, Integer.toString(id)));
    }

    /** Crawls from the shared queue until it is empty and every item came out. */
    Mono<Void> crawl(Queue<String> queue) {
      Flux<String> source =
          Flux.generate(
              sink -> {
                String url = queue.poll();
                if (url == null) {
                  sink.complete();
                } else {
                  sink.next(url);
                }
              });
      return pacer
          .pace(source)
          .doOnNext(
              p -> {
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
        if (ledger != null) {
          ledger.close();
        }
      }
    }
  }

  /** Runs the fleet and returns its report. */
  public PoliteFleetReport run() throws Exception {
    SimOptions sim = options.sim();
    Corpus corpus = io.github.reactiverobots.bench.BenchCorpus.selected();
    PoliteSite site =
        new PoliteSite(
            sim.origins(),
            sim.seed(),
            options.pacedPercent(),
            options.busyPercent(),
            options.retryAfterSeconds(),
            workers);
    try (OriginFarm farm =
            new OriginFarm(
                sim.origins(), corpus.files(), sim.mix(), sim.seed(), sim.slowDelay(), site);
        RedisServer redis =
            redisUri == null && spacing == Spacing.SHARED
                ? RedisServer.start(FleetSimulator.redisServer())
                : null) {
      String uri = redisUri != null ? redisUri : redis == null ? null : redis.uri();
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
        if (spacing == Spacing.PARTITION) {
          for (String url : urls) {
            String host = java.net.URI.create(url).getHost();
            all.get(Math.floorMod(host.hashCode(), workers)).own.add(url);
          }
          queue.clear();
        }
        Outage cut = new Outage(redis, urls.size() / 2);
        long start = System.nanoTime();
        boolean completed =
            Boolean.TRUE.equals(
                Flux.fromIterable(all)
                    .flatMap(w -> w.crawl(spacing == Spacing.PARTITION ? w.own : queue), workers)
                    .then(Mono.just(true))
                    .take(sim.maxDuration())
                    .defaultIfEmpty(false)
                    .block(sim.maxDuration().plusSeconds(30)));
        long elapsed = System.nanoTime() - start;
        cut.awaitEnd();
        PoliteReport polite =
            PoliteReport.of(
                options,
                counts,
                site,
                all.get(0).pacer,
                rules,
                crawled,
                urls.size(),
                elapsed,
                completed);
        return PoliteFleetReport.of(
            polite,
            workers,
            site,
            rules,
            all.get(0).pacer,
            all.stream().map(w -> w.released.sum()).toList(),
            all.stream().mapToLong(w -> w.ledger == null ? 0 : w.ledger.commandsSent()).sum(),
            all.stream().mapToLong(w -> w.pacer.sharedSpacingFallbacks()).sum(),
            spacing,
            outage,
            cut.startedAtNanos.get() < 0 ? -1 : cut.startedAtNanos.get() - start);
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

    Outage(RedisServer redis, long after) {
      if (redis == null || outage.isZero()) {
        thread = null;
        return;
      }
      thread =
          new Thread(
              () -> {
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
              },
              "polite-redis-outage");
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
