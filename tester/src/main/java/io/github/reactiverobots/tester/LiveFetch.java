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
import java.util.List;
import java.util.Locale;
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
              + state.outcome().name().toLowerCase(Locale.ROOT)
              + "\tstatus="
              + state.status()
              + "\tfetched="
              + state.fetchedAt()
              + "\texpires="
              + state.expiresAt()
              + "\tstale-copy="
              + state.staleCopy());
      out.add("kept\t" + Duration.between(state.fetchedAt(), state.expiresAt()).toSeconds() + "s");
      if (fetched != null) {
        List<String> chain = new ArrayList<>(List.of(origin.key() + "/robots.txt"));
        for (String hop : fetched.hops()) {
          if (!chain.contains(hop)) {
            chain.add(hop);
          }
        }
        if (fetched.finalUrl() != null && !chain.contains(fetched.finalUrl())) {
          chain.add(fetched.finalUrl());
        }
        if (chain.size() > 1) {
          out.add("redirects\t" + Text.printable(String.join(" -> ", chain)));
        }
        if (fetched.hasStatus()) {
          out.add(
              "size\t"
                  + fetched.bodyLength()
                  + " bytes\tparse-limit="
                  + parseLimit
                  + (fetched.bodyLength() > parseLimit ? "\tcut at the parse limit" : "")
                  + (fetched.bodyTruncated() ? "\ttruncated by the fetcher" : ""));
          header(out, "cache-control", fetched.cacheControl());
          header(out, "expires", fetched.expires());
          header(out, "date", fetched.date());
          header(out, "age", fetched.age());
          header(out, "etag", fetched.etag());
          header(out, "last-modified", fetched.lastModified());
        }
      }
      if (state.failure() != null) {
        String cause =
            fetched != null && fetched.failureDetail() != null ? fetched.failureDetail() : "";
        out.add("failure\t" + state.failure() + "\t" + Text.printable(cause));
      }
      usage.forEach(out::add);
      return out;
    }

    private static void header(List<String> out, String name, String value) {
      if (value != null) {
        out.add("header\t" + name + ": " + Text.printable(value));
      }
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
