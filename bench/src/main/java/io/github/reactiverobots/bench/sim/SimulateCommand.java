package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code simulate [options]}: runs the crawl simulator with the netty fetcher, resolving every name
 * through the farm's resolver, and prints the report. See {@link SimOptions#usage()}; with {@code
 * --workers N} it runs a fleet of N caches sharing one Redis ({@link FleetSimulator}).
 */
public final class SimulateCommand {
  private static final String FLEET_USAGE =
      """
        --workers N            run N caches sharing one Redis, a fleet (default: one cache)
        --redis-url URI        the Redis they share (default: redis-server from the PATH);
                               redis+cluster://HOST:PORT,HOST:PORT for a Redis Cluster
        --redis-cluster        start a private Redis Cluster on loopback instead (six
                               redis-server from the PATH: 3 primaries, 3 replicas)
        --kill-primary-at S    with --redis-cluster: kill one primary S seconds into the run
                               and report the failover and the duplicate fetches it cost
      """;

  private SimulateCommand() {}

  /** Runs with {@code args}; the report goes to {@code out}, progress to standard error. */
  public static SimReport main(String[] args, PrintStream out) throws Exception {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      out.print(SimOptions.usage() + FLEET_USAGE);
      return null;
    }
    FleetArgs fleet = FleetArgs.of(args);
    if (fleet.workers() > 0) {
      SimOptions options = SimOptions.parse(fleet.rest());
      FleetReport report =
          new FleetSimulator(
                  options,
                  fleet.workers(),
                  fleet.redisUri(),
                  fleet.redisCluster(),
                  fleet.killPrimaryAt(),
                  resolver -> nettyFetcher(options, resolver))
              .run();
      out.print(report.text());
      if (!report.held()) {
        throw new IllegalStateException(
            report.failover() == null
                ? "the fleet did not fetch each origin exactly once"
                : "the fleet fetched more duplicates than flights went without the store");
      }
      return null;
    }
    SimOptions options = SimOptions.parse(args);
    System.err.printf(
        "simulate: %,d origins, %,d checks, concurrency %d; mix %s%n",
        options.origins(), options.checks(), options.concurrency(), options.mix());
    SimReport report = new Simulator(options, resolver -> nettyFetcher(options, resolver)).run();
    out.print(report.text());
    return report;
  }

  /**
   * {@code --workers}, {@code --redis-url}, {@code --redis-cluster} and {@code --kill-primary-at}
   * taken out of the arguments; 0 workers: none.
   */
  record FleetArgs(
      int workers,
      String redisUri,
      boolean redisCluster,
      java.time.Duration killPrimaryAt,
      String[] rest) {
    static FleetArgs of(String[] args) {
      int workers = 0;
      String uri = null;
      boolean cluster = false;
      java.time.Duration killAt = null;
      List<String> rest = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        boolean fleetOption =
            args[i].equals("--workers")
                || args[i].equals("--redis-url")
                || args[i].equals("--kill-primary-at");
        if (fleetOption && i + 1 >= args.length) {
          throw new IllegalArgumentException(args[i] + " needs a value");
        }
        if (args[i].equals("--workers")) {
          try {
            workers = Integer.parseInt(args[++i]);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--workers needs a whole number, got " + args[i]);
          }
        } else if (args[i].equals("--redis-url")) {
          uri = args[++i];
        } else if (args[i].equals("--redis-cluster")) {
          cluster = true;
        } else if (args[i].equals("--kill-primary-at")) {
          try {
            killAt = java.time.Duration.ofMillis(Math.round(Double.parseDouble(args[++i]) * 1000));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--kill-primary-at needs seconds, got " + args[i]);
          }
          if (killAt.isNegative() || killAt.compareTo(java.time.Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("--kill-primary-at must be 0..3600 seconds");
          }
        } else {
          rest.add(args[i]);
        }
      }
      return new FleetArgs(workers, uri, cluster, killAt, rest.toArray(String[]::new));
    }
  }

  /**
   * The netty fetcher the simulator uses: the farm's resolver, the run's timeout and agent, and the
   * permit-all address policy, since the farm is on loopback (which the default refuses).
   */
  static NettyRobotsFetcher nettyFetcher(SimOptions options, FarmResolver resolver) {
    return NettyRobotsFetcher.builder()
        .resolver(resolver)
        .addressPolicy(AddressPolicy.permitAll())
        .userAgent(options.agent())
        .connectTimeout(options.fetchTimeout())
        .responseTimeout(options.fetchTimeout())
        .deadline(options.fetchTimeout().multipliedBy(2))
        .build();
  }
}
