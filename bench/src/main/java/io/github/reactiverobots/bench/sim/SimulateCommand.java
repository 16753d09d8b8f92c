package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.netty.NettyRobotsFetcher;
import java.io.PrintStream;

/**
 * {@code simulate [options]}: runs the crawl simulator with the netty fetcher, resolving every
 * name through the farm's resolver, and prints the report. See {@link SimOptions#usage()}.
 */
public final class SimulateCommand {
  private SimulateCommand() {}

  /** Runs with {@code args}; the report goes to {@code out}, progress to standard error. */
  public static SimReport main(String[] args, PrintStream out) throws Exception {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      out.print(SimOptions.usage());
      return null;
    }
    SimOptions options = SimOptions.parse(args);
    System.err.printf("simulate: %,d origins, %,d checks, concurrency %d; mix %s%n",
        options.origins(), options.checks(), options.concurrency(), options.mix());
    SimReport report = new Simulator(options, resolver -> nettyFetcher(options, resolver)).run();
    out.print(report.text());
    return report;
  }

  /** The netty fetcher the simulator uses: the farm's resolver, the run's timeout and agent. */
  static NettyRobotsFetcher nettyFetcher(SimOptions options, FarmResolver resolver) {
    return NettyRobotsFetcher.builder()
        .resolver(resolver)
        .userAgent(options.agent())
        .connectTimeout(options.fetchTimeout())
        .responseTimeout(options.fetchTimeout())
        .deadline(options.fetchTimeout().multipliedBy(2))
        .build();
  }
}
