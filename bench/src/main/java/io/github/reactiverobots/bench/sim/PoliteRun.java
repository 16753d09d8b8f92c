package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.pacing.Paced;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerListener;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * The simulator's polite mode: page URLs of every farm origin, interleaved, go through a {@link
 * Pacer} over a real {@link RobotsCache} (netty fetcher), and each released page is fetched from
 * the farm with reactor-netty's {@code HttpClient}, its status and {@code Retry-After} reported
 * back. The farm ({@link PoliteSite}) records each origin's page requests; the report sets the
 * smallest interval measured there against the interval each origin's served robots.txt asks for.
 * Bounded in count and time. Single use.
 */
public final class PoliteRun {
  private static final int LONGEST_PATH = 200;

  /**
   * The page client's response timeout, at least the fetcher's. Pages come from the loopback farm,
   * so a late answer means a starved machine, not a site: with the fetcher's 2 s, a loaded 2-core
   * machine turned late pages into page errors (ReadTimeoutException) that said nothing about
   * pacing. The gaps are measured when requests arrive, so waiting longer changes none.
   */
  static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

  private final PoliteOptions options;
  private final Corpus corpus;
  final LongAdder released = new LongAdder();
  final LongAdder errors = new LongAdder();

  /** Page fetches that failed without a response, by exception class and message. */
  final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();

  final LongAdder invalid = new LongAdder();

  /** Pages handed back because their origin's queue was full. */
  final LongAdder deferred = new LongAdder();

  /** Released pages of the busy origin ({@code --heavy}). */
  final LongAdder heavyReleased = new LongAdder();

  /** The most items the pacer held at once, sampled every 100 ms. */
  final AtomicLong mostHeld = new AtomicLong();

  /** The busy origin's host, or null without {@code --heavy}; set by {@link #pageUrls}. */
  volatile String heavyHost;

  /** The busy origin's page URLs. */
  volatile long heavyPages;

  final LongAdder cappedReported = new LongAdder();
  final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
  final Map<Reason, LongAdder> disallowed = new ConcurrentHashMap<>();

  /**
   * @param options the settings
   */
  public PoliteRun(PoliteOptions options) {
    this.options = options;
    this.corpus = BenchCorpus.selected();
  }

  /**
   * {@code simulate --polite [options]}: runs the polite crawl with {@code args} (see {@link
   * PoliteOptions#usage()}) and prints its report to {@code out}.
   *
   * @return the report, or null after {@code --help}
   */
  public static PoliteReport main(String[] args, PrintStream out) throws Exception {
    if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
      out.print(PoliteOptions.usage());
      return null;
    }
    PoliteOptions options = PoliteOptions.parse(args);
    System.err.printf(
        Locale.ROOT,
        "simulate --polite: %,d origins, %,d pages; mix %s%n",
        options.sim().origins(),
        options.sim().checks(),
        options.sim().mix());
    PoliteReport report = new PoliteRun(options).run();
    out.print(report.text());
    return report;
  }

  /** Runs the polite crawl and returns its report; progress goes to standard error if asked. */
  public PoliteReport run() throws Exception {
    SimOptions sim = options.sim();
    PoliteSite site =
        new PoliteSite(
            sim.origins(),
            sim.seed(),
            options.pacedPercent(),
            options.busyPercent(),
            options.retryAfterSeconds());
    try (OriginFarm farm =
        new OriginFarm(
            sim.origins(), corpus.files(), sim.mix(), sim.seed(), sim.slowDelay(), site)) {
      FarmResolver resolver = new FarmResolver(farm.address());
      NettyRobotsFetcher fetcher = SimulateCommand.nettyFetcher(sim, resolver);
      RobotsCache cache = cache(sim, fetcher);
      try (cache;
          fetcher) {
        Pacer pacer =
            Pacer.builder(cache)
                .minimumDelay(options.minimumDelay())
                .maximumDelay(options.maximumDelay())
                .deferWhenFull(options.defer())
                .listener(
                    new PacerListener() {
                      @Override
                      public void onCapped(
                          Origin origin, Capped what, Duration asked, Duration applied) {
                        cappedReported.increment();
                      }
                    })
                .build();
        Pacing[] rules = servedRules(farm, sim.origins(), sim.agent());
        boolean[] crawled = openThroughout(rules, Instant.now(), sim.maxDuration());
        List<String> urls = pageUrls(crawled);
        long start = System.nanoTime();
        boolean completed = crawl(pacer, urls, httpClient(resolver), start);
        long elapsed = System.nanoTime() - start;
        return PoliteReport.of(
            options, this, site, pacer, rules, crawled, urls.size(), elapsed, completed);
      } finally {
        resolver.close();
      }
    }
  }

  /**
   * What each origin's robots.txt says to the agent, read from the bytes the farm serves (or no
   * pacing for an origin whose robots.txt is not a 2xx).
   */
  static Pacing[] servedRules(OriginFarm farm, int origins, String agent) {
    Pacing[] rules = new Pacing[origins];
    for (int i = 0; i < rules.length; i++) {
      rules[i] =
          switch (farm.behaviour(i)) {
            case OK, SLOW, REDIRECT, GZIP ->
                RobotsTxt.parse(farm.robotsBody(i), ParseOptions.defaults())
                    .forAgent(agent)
                    .pacing();
            case NOT_FOUND, SERVER_ERROR, TIMEOUT -> Pacing.NONE;
          };
    }
    return rules;
  }

  /**
   * The origins to crawl: all but those whose visit-time window does not stay open from {@code now}
   * for the whole run (their pages would wait for it past the time bound).
   */
  static boolean[] openThroughout(Pacing[] rules, Instant now, Duration run) {
    boolean[] crawled = new boolean[rules.length];
    for (int i = 0; i < rules.length; i++) {
      VisitTime w = rules[i].visitTime().orElse(null);
      crawled[i] =
          w == null
              || w.from().equals(w.to())
              || (w.contains(LocalTime.ofInstant(now, ZoneOffset.UTC))
                  && w.contains(LocalTime.ofInstant(now.plus(run), ZoneOffset.UTC)));
    }
    return crawled;
  }

  /**
   * The page URLs: {@code checks / origins} corpus paths per crawled origin, interleaved; with
   * {@code --heavy}, that share of {@code checks} for the first crawled origin, spread evenly among
   * the others' (which take turns, one URL each).
   */
  List<String> pageUrls(boolean[] crawled) {
    SimOptions sim = options.sim();
    String[] paths =
        corpus.rows().stream()
            .map(UrlRow::path)
            .filter(PoliteRun::requestable)
            .distinct()
            .toArray(String[]::new);
    SplittableRandom random = new SplittableRandom(sim.seed());
    if (options.heavyPercent() > 0) {
      return heavyPageUrls(crawled, paths, random);
    }
    int perOrigin = (int) Math.max(1, sim.checks() / sim.origins());
    List<String> urls = new ArrayList<>();
    for (int page = 0; page < perOrigin; page++) {
      for (int i = 0; i < crawled.length; i++) {
        if (crawled[i]) {
          urls.add("http://" + OriginFarm.host(i) + paths[random.nextInt(paths.length)]);
        }
      }
    }
    return urls;
  }

  private List<String> heavyPageUrls(boolean[] crawled, String[] paths, SplittableRandom random) {
    List<Integer> others = new ArrayList<>();
    for (int i = 0; i < crawled.length; i++) {
      if (crawled[i]) {
        others.add(i);
      }
    }
    if (others.size() < 2) {
      throw new IllegalStateException("--heavy needs two crawled origins, " + others.size());
    }
    int heavy = others.remove(0);
    heavyHost = OriginFarm.host(heavy);
    long checks = options.sim().checks();
    long heavyCount = Math.round(checks * options.heavyPercent() / 100);
    heavyPages = heavyCount;
    List<String> urls = new ArrayList<>();
    int next = 0;
    for (long k = 0; k < checks; k++) {
      boolean isHeavy = (k + 1) * heavyCount / checks > k * heavyCount / checks;
      int origin = isHeavy ? heavy : others.get(next++ % others.size());
      urls.add("http://" + OriginFarm.host(origin) + paths[random.nextInt(paths.length)]);
    }
    return urls;
  }

  /** A path an HTTP client sends as it is: short, printable ASCII, a valid URI path. */
  private static boolean requestable(String path) {
    if (!path.startsWith("/")
        || path.length() > LONGEST_PATH
        || !path.chars().allMatch(c -> c > ' ' && c < 0x7F)) {
      return false;
    }
    try {
      URI.create("http://host" + path);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  HttpClient httpClient(FarmResolver resolver) {
    SimOptions sim = options.sim();
    return HttpClient.create()
        .resolver(resolver)
        .disableRetry(true)
        .followRedirect(false)
        .responseTimeout(
            sim.fetchTimeout().compareTo(PAGE_TIMEOUT) > 0 ? sim.fetchTimeout() : PAGE_TIMEOUT)
        .headers(h -> h.set(HttpHeaderNames.USER_AGENT, sim.agent()));
  }

  /** Crawls {@code urls}; true if every item came out of the pacer within the time bound. */
  private boolean crawl(Pacer pacer, List<String> urls, HttpClient http, long start) {
    SimOptions sim = options.sim();
    AtomicBoolean paced = new AtomicBoolean();
    ScheduledExecutorService ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "polite-progress");
              t.setDaemon(true);
              return t;
            });
    ticker.scheduleAtFixedRate(
        () -> mostHeld.accumulateAndGet(pacer.waiting(), Math::max), 0, 100, TimeUnit.MILLISECONDS);
    if (sim.progress()) {
      ticker.scheduleAtFixedRate(
          () ->
              System.err.printf(
                  Locale.ROOT,
                  "[%4.0f s] released %,d, disallowed %,d, deferred %,d | waiting %,d, in flight"
                      + " %,d%n",
                  (System.nanoTime() - start) / 1e9,
                  released.sum(),
                  disallowed.values().stream().mapToLong(LongAdder::sum).sum(),
                  deferred.sum(),
                  pacer.waiting(),
                  pacer.inFlight()),
          1,
          1,
          TimeUnit.SECONDS);
    }
    try {
      pacer
          .pace(Flux.fromIterable(urls))
          .doOnComplete(() -> paced.set(true))
          .flatMap(p -> handle(http, p), sim.concurrency())
          .take(sim.maxDuration())
          .then()
          .block(sim.maxDuration().plusSeconds(30));
    } finally {
      ticker.shutdownNow();
    }
    return paced.get();
  }

  Mono<Void> handle(HttpClient http, Paced<String> p) {
    switch (p.kind()) {
      case DISALLOWED -> {
        disallowed
            .computeIfAbsent(p.verdict().orElseThrow().reason(), r -> new LongAdder())
            .increment();
        return Mono.empty();
      }
      case INVALID_URL -> {
        invalid.increment();
        return Mono.empty();
      }
      case DEFERRED -> {
        deferred.increment();
        return Mono.empty();
      }
      default -> {
        released.increment();
        if (p.origin().orElseThrow().host().equals(heavyHost)) {
          heavyReleased.increment();
        }
        return http.get()
            .uri(p.url())
            .responseSingle(
                (res, body) ->
                    body.asByteArray()
                        .then(
                            Mono.fromRunnable(
                                () -> {
                                  int status = res.status().code();
                                  statuses
                                      .computeIfAbsent(status, s -> new LongAdder())
                                      .increment();
                                  p.complete(
                                      status,
                                      res.responseHeaders().get(HttpHeaderNames.RETRY_AFTER));
                                })))
            .onErrorResume(
                e -> {
                  errors.increment();
                  errorKinds
                      .computeIfAbsent(
                          e.getClass().getSimpleName() + ": " + e.getMessage(),
                          k -> new LongAdder())
                      .increment();
                  p.fail();
                  return Mono.empty();
                })
            .then();
      }
    }
  }

  /** A polite run's cache: as in the simulator, nothing is fetched twice within a run. */
  static RobotsCache cache(SimOptions sim, NettyRobotsFetcher fetcher) {
    return RobotsCache.builder()
        .fetcher(fetcher)
        .crawler(sim.agent())
        .maximumWeight(sim.cacheWeightBytes())
        .retryBackoff(Duration.ofHours(1), Duration.ofHours(1))
        .ttlBounds(Duration.ofHours(1), Duration.ofHours(24))
        .build();
  }
}
