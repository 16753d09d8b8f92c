package io.github.reactiverobots.tester;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsRules;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;
import io.github.reactiverobots.robotstxt.Explanation;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.netty.resolver.DefaultAddressResolverGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A live check: fetches a URL's robots.txt through the Netty fetcher and a cache, as a crawler
 * would, and reports what it got. Shared by the {@code live} command and the page.
 */
final class LiveFetch {
  private LiveFetch() {}

  /**
   * How to fetch: name mappings, the address policy (null for the library's default), and further
   * fetcher settings.
   */
  record Settings(
      Resolves resolves,
      AddressPolicy policy,
      UnaryOperator<NettyRobotsFetcherBuilder> configure) {}

  /** What the live check found. */
  record Report(
      String url,
      String agent,
      Profile profile,
      Verdict verdict,
      OriginState state,
      Origin origin,
      FetchResult fetched,
      int parseLimit,
      List<String> pacing,
      List<String> usage,
      Explanation explanation,
      RobotsTxt robots) {

    /** The report as tab-separated lines, everything from the site escaped. */
    List<String> lines() {
      List<String> out = new ArrayList<>();
      out.add("verdict\t" + Diff.word(verdict.allowed()) + "\t" + Text.reason(verdict));
      out.add("rule\t" + verdict.rule().map(Object::toString).orElse("none"));
      out.add("pacing\t" + (pacing.isEmpty() ? "none" : String.join("\t", pacing)));
      out.add(
          "origin\t"
              + Text.printable(origin.key())
              + "\toutcome="
              + outcome()
              + "\tstatus="
              + status()
              + "\tfetched="
              + state.fetchedAt()
              + "\texpires="
              + state.expiresAt()
              + "\tstale-copy="
              + state.staleCopy());
      out.add("kept\t" + keptSeconds() + "s");
      List<String> chain = redirects();
      if (!chain.isEmpty()) {
        out.add("redirects\t" + Text.printable(String.join(" -> ", chain)));
      }
      if (hasBody()) {
        out.add(
            "size\t"
                + fetched.bodyLength()
                + " bytes\tparse-limit="
                + parseLimit
                + (fetched.bodyLength() > parseLimit ? "\tcut at the parse limit" : "")
                + (fetched.bodyTruncated() ? "\ttruncated by the fetcher" : ""));
        headers().forEach((k, v) -> out.add("header\t" + k + ": " + Text.printable(v)));
      }
      if (state.failure() != null) {
        out.add("failure\t" + state.failure() + "\t" + Text.printable(failureDetail()));
      }
      String hint = hint();
      if (hint != null) {
        out.add("hint\t" + hint);
      }
      usage.forEach(out::add);
      return out;
    }

    /** The report as JSON fields, in the order of {@link #lines()}. */
    Json json(Json j) {
      j.field("url", url).field("agent", agent).field("profile", Text.profileName(profile));
      JsonAnswers.verdict(j, verdict).strings("pacing", pacing);
      j.key("origin")
          .begin()
          .field("origin", origin.key())
          .field("outcome", outcome())
          .field("status", status())
          .field("fetchedAt", state.fetchedAt().toString())
          .field("expiresAt", state.expiresAt().toString())
          .field("staleCopy", state.staleCopy())
          .end();
      j.field("keptSeconds", keptSeconds()).strings("redirects", redirects());
      if (hasBody()) {
        j.key("size")
            .begin()
            .field("bytes", fetched.bodyLength())
            .field("parseLimit", parseLimit)
            .field("cutAtParseLimit", fetched.bodyLength() > parseLimit)
            .field("truncatedByFetcher", fetched.bodyTruncated())
            .end();
        j.key("headers").begin();
        headers().forEach(j::field);
        j.end();
      }
      j.key("failure");
      if (state.failure() == null) {
        j.value((String) null);
      } else {
        j.begin().field("kind", state.failure().name()).field("detail", failureDetail()).end();
      }
      return j.field("hint", hint())
          .strings("usage", Answers.withoutPrefix(usage, "content-usage "))
          .strings("signals", Answers.withoutPrefix(usage, "content-signal "));
    }

    /**
     * What to do about the failure, naming the option that does it; null when there is none. The
     * page's server takes the same options as {@code live}.
     */
    String hint() {
      if (state.failure() == null) {
        return null;
      }
      return switch (state.failure()) {
        case ADDRESS_REFUSED ->
            "the address is not public: --allow-private lets the tester connect to loopback,"
                + " private and other non-public addresses";
        case TLS ->
            "the TLS handshake failed: if the site's certificate comes from a private CA, pass"
                + " that CA with --ca FILE (PEM)";
        case BOT_CHALLENGE ->
            "the site answered with a bot challenge, not its robots.txt: a crawler reads it as"
                + " unreachable (its last good copy, else disallow all) and retries later";
        case DNS ->
            "the name did not resolve: --resolve HOST:PORT:ADDRESS connects to the address you"
                + " give";
        default -> null;
      };
    }

    boolean hasBody() {
      return fetched != null && fetched.hasStatus();
    }

    private String outcome() {
      return state.outcome().name().toLowerCase(Locale.ROOT);
    }

    private long keptSeconds() {
      return Duration.between(state.fetchedAt(), state.expiresAt()).toSeconds();
    }

    /** The status the site answered, even when the cache's state holds a failure instead. */
    private int status() {
      return state.status() == 0 && fetched != null && fetched.hasStatus()
          ? fetched.status()
          : state.status();
    }

    private String failureDetail() {
      if (fetched == null) {
        return "";
      }
      if (fetched.failureDetail() != null) {
        return fetched.failureDetail();
      }
      return fetched.botChallenge() != null ? "marker: " + fetched.botChallenge() : "";
    }

    /** The redirect chain from the origin's /robots.txt, empty when there was no redirect. */
    private List<String> redirects() {
      if (fetched == null) {
        return List.of();
      }
      List<String> chain = new ArrayList<>(List.of(origin.key() + "/robots.txt"));
      for (String hop : fetched.hops()) {
        if (!chain.contains(hop)) {
          chain.add(hop);
        }
      }
      if (fetched.finalUrl() != null && !chain.contains(fetched.finalUrl())) {
        chain.add(fetched.finalUrl());
      }
      return chain.size() > 1 ? chain : List.of();
    }

    /** The cache headers the server sent, by lower-case name, in a fixed order. */
    private Map<String, String> headers() {
      Map<String, String> out = new LinkedHashMap<>();
      out.put("cache-control", fetched.header("Cache-Control"));
      out.put("expires", fetched.header("Expires"));
      out.put("date", fetched.header("Date"));
      out.put("age", fetched.header("Age"));
      out.put("etag", fetched.header("ETag"));
      out.put("last-modified", fetched.header("Last-Modified"));
      out.values().removeIf(Objects::isNull);
      return out;
    }
  }

  /**
   * Fetches {@code url}'s robots.txt for {@code agent}, lazily.
   *
   * @throws IllegalArgumentException at once for an invalid URL or an agent the cache refuses
   */
  static Mono<Report> run(String url, String agent, Profile profile, Settings settings) {
    Origin.of(url);
    CrawlerIdentity identity = CrawlerIdentity.of(agent);
    return Mono.defer(
            () -> {
              AtomicReference<FetchResult> last = new AtomicReference<>();
              NettyRobotsFetcherBuilder b = NettyRobotsFetcher.builder().userAgent(agent);
              if (!settings.resolves().isEmpty()) {
                b.resolver(settings.resolves().over(DefaultAddressResolverGroup.INSTANCE));
              }
              if (settings.policy() != null) {
                b.addressPolicy(settings.policy());
              }
              NettyRobotsFetcher fetcher = settings.configure().apply(b).build();
              RobotsFetcher recording =
                  new RobotsFetcher() {
                    @Override
                    public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
                      return fetcher.fetch(origin, validators).doOnNext(last::set);
                    }

                    @Override
                    public int maxBodyBytes() {
                      return fetcher.maxBodyBytes();
                    }
                  };
              RobotsCache cache =
                  RobotsCache.builder()
                      .fetcher(recording)
                      .crawler(identity)
                      .profile(profile)
                      .build();
              int limit = ParseOptions.of(profile).parseLimit();
              return cache
                  .rules(url)
                  .map(rules -> report(url, agent, profile, rules, last.get(), limit))
                  .doFinally(
                      s ->
                          Mono.fromRunnable(
                                  () -> {
                                    cache.close();
                                    fetcher.close();
                                  })
                              .subscribeOn(Schedulers.boundedElastic())
                              .subscribe());
            })
        .subscribeOn(Schedulers.boundedElastic()); // building a fetcher reads trust stores
  }

  private static Report report(
      String url,
      String agent,
      Profile profile,
      RobotsRules rules,
      FetchResult fetched,
      int limit) {
    Verdict v = rules.check(url);
    RobotsTxt robots = rules.robotsTxt().orElse(null);
    return new Report(
        url,
        agent,
        profile,
        v,
        rules.state(),
        rules.origin(),
        fetched,
        limit,
        Text.pacing(rules.pacing()),
        robots == null ? List.of() : Answers.usageLines(robots, url, agent),
        robots == null ? null : robots.explain(url, agent),
        robots);
  }
}
