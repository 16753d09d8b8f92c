package io.github.reactiverobots.core;

import io.github.reactiverobots.core.internal.Entry;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.internal.rules.PathMatcher;
import io.github.reactiverobots.robotstxt.internal.url.CanonicalPaths;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link RobotsCache} holds for one origin: the parsed robots.txt in use (absent when the
 * cache answers with a blanket allow-all or disallow-all), and the state of the origin's robots.txt
 * (how it was obtained, when, until when it is kept). Immutable and thread-safe; a snapshot that
 * does not change when the cache refreshes the origin.
 *
 * <p>Everything else the file says (groups, other records) is read from {@link #robotsTxt()}.
 * Methods that take no agent use the cache's {@link CrawlerIdentity}.
 */
public final class RobotsRules {
  private final Origin origin;
  private final OriginState state;
  private final Entry entry;
  private final CrawlerIdentity crawler;

  RobotsRules(Origin origin, OriginState state, Entry entry, CrawlerIdentity crawler) {
    this.origin = Objects.requireNonNull(origin, "origin");
    this.state = Objects.requireNonNull(state, "state");
    this.entry = Objects.requireNonNull(entry, "entry");
    this.crawler = crawler;
  }

  /**
   * The origin these rules are for.
   *
   * @return the origin
   */
  public Origin origin() {
    return origin;
  }

  /**
   * How the rules were obtained and until when they are kept.
   *
   * @return the state as of this snapshot
   */
  public OriginState state() {
    return state;
  }

  /**
   * The parsed robots.txt in use.
   *
   * @return the parsed file; empty when a blanket answer applies
   */
  public Optional<RobotsTxt> robotsTxt() {
    return Optional.ofNullable(entry.robots());
  }

  /**
   * Whether every path gets the same answer because robots.txt could not be used.
   *
   * @return true for an allow-all or disallow-all answer
   */
  public boolean isBlanket() {
    return entry.robots() == null;
  }

  /**
   * The sitemap URLs.
   *
   * @return the URLs in order, duplicates dropped; empty for a blanket answer
   */
  public List<String> sitemaps() {
    return entry.robots() == null ? List.of() : entry.robots().sitemaps();
  }

  /**
   * The licence URLs of the file's {@code License:} records (RSL 1.0, SEMANTICS.md §5).
   *
   * @return the URLs in order, duplicates dropped; empty for a blanket answer
   */
  public List<String> licenses() {
    return entry.robots() == null ? List.of() : entry.robots().licenses();
  }

  /**
   * The pacing records of the groups that apply to {@code agent}.
   *
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return the merged pacing; {@link Pacing#NONE} for a blanket answer
   * @throws IllegalArgumentException if {@code agent}'s product token is empty or {@code Mozilla}
   */
  public Pacing pacing(String agent) {
    return rulesFor(agent).pacing();
  }

  /**
   * The pacing records of the groups that apply to the cache's crawler.
   *
   * @return the merged pacing
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Pacing pacing() {
    return pacing(defaultAgent());
  }

  /**
   * The crawl-delay of {@code agent}'s groups.
   *
   * @param agent the crawler's product token
   * @return the longest crawl-delay, when given
   */
  public Optional<Duration> crawlDelay(String agent) {
    return pacing(agent).crawlDelay();
  }

  /**
   * The {@code request-rate} of {@code agent}'s groups.
   *
   * @param agent the crawler's product token
   * @return the slowest rate, when given
   */
  public Optional<RequestRate> requestRate(String agent) {
    return pacing(agent).requestRate();
  }

  /**
   * The {@code visit-time} window of {@code agent}'s groups.
   *
   * @param agent the crawler's product token
   * @return the shortest window, when given
   */
  public Optional<VisitTime> visitTime(String agent) {
    return pacing(agent).visitTime();
  }

  /**
   * Checks {@code url} for {@code agent} against these rules, synchronously; the verdict carries
   * this snapshot's state.
   *
   * @param url an absolute URL of this origin, or a path with params and query starting with {@code
   *     /}
   * @param agent the crawler's product token
   * @return the verdict
   * @throws InvalidUrlException if {@code url} is neither a path nor a valid URL
   * @throws IllegalArgumentException if {@code url} belongs to another origin, or {@code agent}'s
   *     product token is empty or {@code Mozilla} (see {@link CrawlerIdentity#requireCrawlerToken})
   */
  public Verdict check(String url, String agent) {
    byte[] path = pathBytes(url);
    return ((PathMatcher) rulesFor(agent)).check(path, 0, path.length, state);
  }

  /**
   * Checks {@code url} for the cache's crawler; see {@link #check(String, String)}.
   *
   * @param url an absolute URL of this origin, or a path starting with {@code /}
   * @return the verdict
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Verdict check(String url) {
    return check(url, defaultAgent());
  }

  /**
   * How {@code agent} may use what it fetches at {@code url}, synchronously (SEMANTICS.md §8): the
   * verdict of {@link #check(String, String)} with the usage preferences for the URL and the
   * agent's content signals.
   *
   * @param url an absolute URL of this origin, or a path starting with {@code /}
   * @param agent the crawler's product token
   * @return the answer
   * @throws InvalidUrlException if {@code url} is neither a path nor a valid URL
   * @throws IllegalArgumentException as {@link #check(String, String)} does
   * @throws IllegalStateException if the library that reads preferences is missing (see {@link
   *     AgentRules#usage(String)})
   */
  public Usage usage(String url, String agent) {
    byte[] path = pathBytes(url);
    return ((PathMatcher) rulesFor(agent)).usage(path, 0, path.length, state);
  }

  /**
   * How the cache's crawler may use what it fetches at {@code url}; see {@link #usage(String,
   * String)}.
   *
   * @param url an absolute URL of this origin, or a path starting with {@code /}
   * @return the answer
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Usage usage(String url) {
    return usage(url, defaultAgent());
  }

  /**
   * The {@code Content-Usage} rules of {@code agent}'s groups as written, in file order.
   *
   * @param agent the crawler's product token
   * @return an immutable list; empty for a blanket answer
   * @throws IllegalArgumentException if {@code agent}'s product token is empty or {@code Mozilla}
   */
  public List<UsageRule> usageRules(String agent) {
    return rulesFor(agent).usageRules();
  }

  /**
   * The {@code Content-Signal} records of {@code agent}'s groups, combined most restrictively, with
   * the lines as written.
   *
   * @param agent the crawler's product token
   * @return the signals; {@link ContentSignals#NONE} for a blanket answer
   * @throws IllegalArgumentException if {@code agent}'s product token is empty or {@code Mozilla}
   */
  public ContentSignals contentSignals(String agent) {
    return rulesFor(agent).contentSignals();
  }

  /** The rules of {@code agent}, a crawler's product token (checked). */
  private AgentRules rulesFor(String agent) {
    return entry.rulesFor(
        CrawlerIdentity.requireCrawlerToken(Objects.requireNonNull(agent, "agent")));
  }

  /** The UTF-8 path of {@code url}, a URL of this origin or a path. */
  private byte[] pathBytes(String url) {
    int keyLength = SplitUrl.originKeyLength(Objects.requireNonNull(url, "url"));
    String key = origin.key();
    if (keyLength == key.length() && url.startsWith(key)) {
      return CanonicalPaths.bytes(url, keyLength);
    }
    return pathOf(url).getBytes(StandardCharsets.UTF_8);
  }

  private String pathOf(String url) {
    if (url.startsWith("/")) {
      return url;
    }
    SplitUrl split = SplitUrl.of(url);
    if (!split.origin().equals(origin)) {
      throw new IllegalArgumentException(
          "URL " + url + " is not of " + origin + ", whose rules these are");
    }
    return split.pathAndQuery();
  }

  private String defaultAgent() {
    if (crawler == null) {
      throw new IllegalStateException(
          "no crawler identity: set RobotsCacheBuilder.crawler(...) or pass an agent");
    }
    return crawler.token();
  }

  @Override
  public String toString() {
    return "RobotsRules{" + origin + ", " + state + (isBlanket() ? ", blanket" : "") + '}';
  }
}
