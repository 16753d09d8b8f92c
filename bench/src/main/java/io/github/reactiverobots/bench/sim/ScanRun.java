package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import reactor.core.publisher.Flux;

/**
 * {@code scan [options]}: a crawler discovering many sites at once. Checks {@code --origins} new
 * origins once each, {@code --concurrency} at a time (also the fetcher's in-flight cap), against an
 * {@link OriginFarm} on {@code --addresses} loopback addresses, and reports the outcomes by farm
 * behaviour and kind, the fetch failures the farm did not cause (which must be none), the peak of
 * the process's open descriptors over its baseline (sampled from {@code /proc/self/fd}) and how
 * long they took to return to the baseline after the scan. Run it under a descriptor limit with
 * {@code bash -c 'ulimit -n 4096 && java -jar ... scan'}. Single use.
 */
public final class ScanRun {
  private static final String USAGE =
      """
      scan [options]          N new origins checked once each, C at a time
        --origins N             origins (default 15000)
        --concurrency C         checks and fetches in flight (default 512)
        --addresses K           loopback addresses of the farm (default 64)
        --mix SPEC              as simulate's (default: every origin answers 200)
        --seed S                the farm's draws (default 42)
        --fetch-timeout-ms MS   the fetcher's connect and response timeouts, the deadline
                                twice that (default 10000: the fetcher's own defaults)
      """;

  private final SimOptions options;
  private final int addresses;

  ScanRun(SimOptions options, int addresses) {
    this.options = options;
    this.addresses = addresses;
  }

  /**
   * Runs {@code scan} with {@code args} and prints the report to {@code out}.
   *
   * @return whether every fetch failure was the farm's doing and descriptors came back
   */
  public static boolean main(String[] args, PrintStream out) throws Exception {
    List<String> rest =
        new ArrayList<>(
            List.of(
                "--origins",
                "15000",
                "--concurrency",
                "512",
                "--mix",
                "404=0",
                "--pages",
                "1",
                "--fetch-timeout-ms",
                "10000",
                "--quiet"));
    int addresses = OriginFarm.DEFAULT_ADDRESSES;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--help") || args[i].equals("-h")) {
        out.print(USAGE);
        return true;
      }
      if (args[i].equals("--addresses") && i + 1 < args.length) {
        addresses = (int) SimOptions.number(args[i], args[++i]);
      } else {
        rest.add(args[i]);
      }
    }
    SimOptions parsed = SimOptions.parse(rest.toArray(String[]::new));
    SimOptions options = parsed.withSize(parsed.origins(), parsed.origins());
    Result r = new ScanRun(options, addresses).run();
    out.print(r.text());
    return r.held();
  }

  /** What a scan saw. */
  record Result(
      int origins,
      int concurrency,
      int addresses,
      Map<String, Integer> outcomes,
      int unexpectedFailures,
      int baseline,
      int peak,
      int after,
      long settleMillis,
      long scanMillis) {
    /** Whether no failure was the crawler's and descriptors came back within 5 s. */
    boolean held() {
      return unexpectedFailures == 0 && after <= baseline && settleMillis <= 5_000;
    }

    String text() {
      StringBuilder sb = new StringBuilder();
      sb.append(
          String.format(
              "scan: %,d new origins once each, %d at a time, farm on %d loopback"
                  + " addresses; %,d ms%n",
              origins, concurrency, addresses, scanMillis));
      sb.append("outcomes (farm behaviour -> verdict's outcome or failure kind):\n");
      outcomes.forEach((k, v) -> sb.append(String.format("  %-40s %,8d%n", k, v)));
      sb.append(String.format("fetch failures the farm did not cause: %d%n", unexpectedFailures));
      sb.append(
          String.format(
              "open descriptors: baseline %d, peak %d (+%d; bound 2 x %d in"
                  + " flight + 64, both ends of each connection being in this process), %d after,"
                  + " back to baseline in %,d ms%n",
              baseline, peak, peak - baseline, concurrency, after, settleMillis));
      return sb.toString();
    }
  }

  Result run() throws Exception {
    try (OriginFarm farm =
        new OriginFarm(
            options.origins(),
            BenchCorpus.selected().files(),
            options.mix(),
            options.seed(),
            options.slowDelay(),
            null,
            addresses)) {
      FarmResolver resolver = new FarmResolver(farm);
      NettyRobotsFetcher fetcher =
          NettyRobotsFetcher.builder()
              .resolver(resolver)
              .addressPolicy(io.github.reactiverobots.netty.AddressPolicy.permitAll())
              .userAgent(options.agent())
              .maxInFlight(options.concurrency())
              .connectTimeout(options.fetchTimeout())
              .responseTimeout(options.fetchTimeout())
              .deadline(options.fetchTimeout().multipliedBy(2))
              .build();
      try (RobotsCache cache =
          RobotsCache.builder()
              .fetcher(fetcher)
              .closeFetcherOnClose(true)
              .crawler(options.agent())
              .build()) {
        int baseline = openDescriptors();
        AtomicInteger peak = new AtomicInteger(baseline);
        AtomicBoolean scanning = new AtomicBoolean(true);
        Thread sampler =
            new Thread(
                () -> {
                  while (scanning.get()) {
                    peak.accumulateAndGet(openDescriptors(), Math::max);
                  }
                },
                "scan-descriptors");
        sampler.setDaemon(true);
        sampler.start();
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<Mix.Behaviour, Integer> unexpected = new EnumMap<>(Mix.Behaviour.class);
        long start = System.nanoTime();
        Flux.range(0, options.origins())
            .flatMap(
                i ->
                    cache
                        .check("http://" + OriginFarm.host(i) + "/private/x")
                        .map(v -> Map.entry(i, v)),
                options.concurrency())
            .doOnNext(e -> record(farm.behaviour(e.getKey()), e.getValue(), outcomes, unexpected))
            .then()
            .block(Duration.ofMinutes(10));
        long scanMillis = (System.nanoTime() - start) / 1_000_000;
        scanning.set(false);
        sampler.join();
        long ended = System.nanoTime();
        int after = openDescriptors();
        while (after > baseline && System.nanoTime() - ended < Duration.ofSeconds(10).toNanos()) {
          Thread.onSpinWait();
          after = openDescriptors();
        }
        long settle = (System.nanoTime() - ended) / 1_000_000;
        return new Result(
            options.origins(),
            options.concurrency(),
            farm.addresses(),
            outcomes,
            unexpected.values().stream().mapToInt(Integer::intValue).sum(),
            baseline,
            peak.get(),
            after,
            settle,
            scanMillis);
      } finally {
        resolver.close();
      }
    }
  }

  /**
   * Counts a verdict under its farm behaviour; a fetch failure is unexpected unless the farm caused
   * it (a timing-out origin timing out).
   */
  private static void record(
      Mix.Behaviour behaviour,
      Verdict v,
      Map<String, Integer> outcomes,
      Map<Mix.Behaviour, Integer> unexpected) {
    String kind =
        v.originState()
            .map(
                s ->
                    s.failure() != null
                        ? s.failure().name()
                        : s.outcome().name() + (s.status() > 0 ? " " + s.status() : ""))
            .orElse("NONE");
    outcomes.merge(
        behaviour.name().toLowerCase(java.util.Locale.ROOT) + " -> " + kind, 1, Integer::sum);
    boolean failed = v.originState().map(s -> s.failure() != null).orElse(true);
    if (failed && behaviour != Mix.Behaviour.TIMEOUT) {
      unexpected.merge(behaviour, 1, Integer::sum);
    }
  }

  private static int openDescriptors() {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return (int) fds.count() - 1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
