package io.github.reactiverobots.netty.internal;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsRules;
import io.github.reactiverobots.core.fetch.Conditional;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.model.OriginState;
import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.Printable;
import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.url.Origin;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Mono;

/**
 * The live robots.txt check: fetches a URL's robots.txt through the Netty fetcher, as the cache
 * would, and prints the verdict for the crawler, the deciding rule and its line, the pacing, the
 * origin's state and, when the fetch got no response, the failure kind and its cause.
 *
 * <pre>
 * java -cp ... io.github.reactiverobots.netty.internal.LiveCheck [--profile=rfc9309|google]
 *     USER_AGENT URL
 * </pre>
 *
 * Exit status 0 allowed, 1 disallowed, 2 usage error or invalid URL. Everything printed from the
 * site (rules, causes) has its control characters escaped. The fetch uses the system's DNS; the
 * tests inject a resolver through the constructor.
 */
public final class LiveCheck {
  static final int ALLOWED = 0;
  static final int DISALLOWED = 1;
  static final int USAGE = 2;
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final String USAGE_TEXT = String.join("\n",
      "usage: LiveCheck [--profile=rfc9309|google] USER_AGENT URL",
      "Fetches URL's robots.txt and prints the verdict for USER_AGENT, the rule and line, the",
      "pacing, the origin's state and any failure; exit 0 allowed, 1 disallowed, 2 usage.");

  private final PrintStream out;
  private final PrintStream err;
  private final UnaryOperator<NettyRobotsFetcherBuilder> configure;

  /**
   * A check printing to {@code out} and {@code err}.
   *
   * @param out where the report goes
   * @param err where usage and errors go
   * @param configure adjusts the fetcher's settings (the tests' resolver), after the User-Agent
   */
  public LiveCheck(PrintStream out, PrintStream err,
      UnaryOperator<NettyRobotsFetcherBuilder> configure) {
    this.out = out;
    this.err = err;
    this.configure = configure;
  }

  /**
   * Runs the check against the real network and exits with its status.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(new LiveCheck(System.out, System.err, UnaryOperator.identity()).run(args));
  }

  /**
   * Runs the check.
   *
   * @param args the command line
   * @return the exit status
   */
  public int run(String[] args) {
    Profile profile = Profile.RFC_9309;
    int at = 0;
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      out.println(USAGE_TEXT);
      return ALLOWED;
    }
    if (args.length > 0 && args[0].startsWith("--profile=")) {
      String p = args[0].substring("--profile=".length()).toLowerCase(Locale.ROOT);
      if (!p.equals("rfc9309") && !p.equals("google")) {
        return usage("unknown profile '" + p + "'");
      }
      profile = p.equals("google") ? Profile.GOOGLE : Profile.RFC_9309;
      at = 1;
    }
    if (args.length - at != 2) {
      return usage(null);
    }
    String agent = args[at];
    String url = args[at + 1];
    try {
      Origin.of(url);
      return check(agent, url, profile);
    } catch (IllegalArgumentException e) {
      err.println("live: " + Printable.escape(e.getMessage()));
      return USAGE;
    }
  }

  private int check(String agent, String url, Profile profile) {
    AtomicReference<FetchResult> last = new AtomicReference<>();
    try (NettyRobotsFetcher fetcher = configure.apply(NettyRobotsFetcher.builder()
            .userAgent(agent)).build()) {
      RobotsFetcher recording = new RobotsFetcher() {
        @Override
        public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
          return fetcher.fetch(origin, validators).doOnNext(last::set);
        }

        @Override
        public int maxBodyBytes() {
          return fetcher.maxBodyBytes();
        }
      };
      try (RobotsCache cache = RobotsCache.builder().fetcher(recording).crawler(agent)
          .profile(profile).build()) {
        RobotsRules rules = cache.rules(url).block(WAIT);
        Verdict v = rules.check(url);
        report(v, rules.pacing(), rules.state(), rules.origin(), last.get());
        return v.allowed() ? ALLOWED : DISALLOWED;
      }
    }
  }

  private void report(Verdict v, Pacing pacing, OriginState state, Origin origin,
      FetchResult fetched) {
    out.println("verdict\t" + (v.allowed() ? "ALLOWED" : "DISALLOWED") + "\t"
        + v.reason().name().toLowerCase(Locale.ROOT));
    out.println("rule\t" + v.rule().map(Object::toString).orElse("none"));
    StringBuilder p = new StringBuilder("pacing");
    pacing.crawlDelay().ifPresent(d -> p.append("\tcrawl-delay=").append(seconds(d)));
    pacing.requestRate().ifPresent(r -> p.append("\trequest-rate=").append(r.requests())
        .append('/').append(seconds(r.period())));
    pacing.visitTime().ifPresent(t -> p.append("\tvisit-time=").append(t.from()).append('-')
        .append(t.to()).append(" UTC"));
    out.println(p.length() == "pacing".length() ? "pacing\tnone" : p);
    out.println("origin\t" + Printable.escape(origin.key()) + "\toutcome="
        + state.outcome().name().toLowerCase(Locale.ROOT) + "\tstatus=" + state.status()
        + "\tfetched=" + state.fetchedAt() + "\texpires=" + state.expiresAt()
        + "\tstale-copy=" + state.staleCopy());
    if (state.failure() != null) {
      String cause = fetched != null && fetched.failureDetail() != null
          ? fetched.failureDetail() : "";
      out.println("failure\t" + state.failure() + "\t" + cause);
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() / 1000.0 + "s";
  }

  private int usage(String problem) {
    if (problem != null) {
      err.println("live: " + Printable.escape(problem));
    }
    err.println(USAGE_TEXT);
    return USAGE;
  }
}
