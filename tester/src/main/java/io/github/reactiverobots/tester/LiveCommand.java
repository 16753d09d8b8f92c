package io.github.reactiverobots.tester;

import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import javax.net.ssl.TrustManagerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code live URL}: fetches URL's robots.txt through the real Netty fetcher and prints the verdict,
 * the deciding rule, the pacing, the origin's state, the redirect chain, the size against the parse
 * limit, the cache headers, how long it would be kept, and any failure kind with its cause. Exit 0
 * allowed, 1 disallowed, 2 usage.
 */
@Command(
    name = "live",
    mixinStandardHelpOptions = true,
    description = {
      "Fetches URL's robots.txt through the Netty fetcher, as the cache would.",
      "Prints the verdict for the agent, the deciding rule, the pacing, the origin's state, the"
          + " redirects, the size against the parse limit, the cache headers, the time it would"
          + " be kept and any failure with its cause and what to do about it.",
      "The address policy is the library's default: loopback and private addresses need"
          + " --allow-private.",
      "Exit 0 allowed, 1 disallowed, 2 usage or invalid URL."
    })
final class LiveCommand implements Callable<Integer> {
  private static final Duration WAIT = Duration.ofSeconds(60);

  @ParentCommand RobotsTester root;
  @Mixin ProfileOption profile;

  @Parameters(index = "0", paramLabel = "URL", description = "The URL to check (absolute).")
  String url;

  @Option(
      names = "--agent",
      paramLabel = "USER_AGENT",
      defaultValue = "robots-tester",
      description =
          "The crawler's User-Agent; its product token selects the groups"
              + " (default: ${DEFAULT-VALUE}).")
  String agent;

  @Option(
      names = "--resolve",
      paramLabel = "HOST:PORT:ADDRESS",
      description = "Connect to ADDRESS for HOST:PORT instead of asking DNS (repeatable).")
  List<String> resolve = new ArrayList<>();

  @Option(
      names = "--allow-private",
      description = "Permit connecting to loopback, private and other non-public addresses.")
  boolean allowPrivate;

  @Option(
      names = "--ca",
      paramLabel = "FILE",
      description =
          "Trust the CA certificates of this PEM file (a private CA) in place of the JDK's trust"
              + " store.")
  Path ca;

  @Option(
      names = "--json",
      description =
          "Print one JSON object instead: the verdict, the reason, the rule, the pacing, the"
              + " origin's state, redirects, size, headers, the failure and the hint.")
  boolean json;

  /** Further fetcher settings; the tests' timeouts. */
  UnaryOperator<NettyRobotsFetcherBuilder> configure = UnaryOperator.identity();

  @Override
  public Integer call() throws IOException {
    Resolves resolves = Resolves.parse(resolve);
    LiveFetch.Settings settings =
        new LiveFetch.Settings(
            resolves, allowPrivate ? AddressPolicy.permitAll() : null, withCa(ca, configure));
    try {
      CrawlerIdentity.of(agent);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage() + "; give the crawler's User-Agent with --agent", e);
    }
    LiveFetch.Report report = LiveFetch.run(url, agent, profile.profile, settings).block(WAIT);
    if (json) {
      root.out.println(report.json(new Json().begin()).end());
    } else {
      report.lines().forEach(root.out::println);
    }
    return report.verdict().allowed() ? RobotsTester.ALLOWED : RobotsTester.DISALLOWED;
  }

  /** {@code configure}, then the trust anchors of {@code ca} when one is given. */
  static UnaryOperator<NettyRobotsFetcherBuilder> withCa(
      Path ca, UnaryOperator<NettyRobotsFetcherBuilder> configure) throws IOException {
    if (ca == null) {
      return configure;
    }
    TrustManagerFactory anchors = CaFile.read(ca);
    return b -> configure.apply(b).trustManager(anchors);
  }
}
