package io.github.reactiverobots.crawlercommons;

import crawlercommons.robots.BaseRobotsParser;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.io.Serial;
import java.util.Collection;
import java.util.Objects;

/**
 * crawler-commons' {@link BaseRobotsParser} backed by reactive-robots' parser: hand it to a crawler
 * that takes a {@code BaseRobotsParser} (Nutch, StormCrawler, any crawler-commons user) in place of
 * {@code new SimpleRobotRulesParser()}, and its rules are parsed, selected and matched as
 * SEMANTICS.md says (RFC 9309 by default).
 *
 * <p>{@link #parseContent(String, byte[], String, Collection)} parses the body with the profile's
 * default options (the 500 KiB parse limit), reads the crawler's names as one identity ({@link
 * RobotNames}: the first name's token, the others its fallback chain), and answers {@link
 * ReactiveRobotRules}; names that hold no product token at all leave a crawler with no name, which
 * obeys the {@code *} groups alone (never a group whose name is empty). The content type is not
 * read: a 2xx body is the rules whatever its type (SEMANTICS.md §6). Group names are matched
 * exactly, never by prefix: crawler-commons' legacy prefix matching ({@code
 * setExactUserAgentMatching(false)}) is not offered, because SEMANTICS.md §2 selects groups by
 * equality of product tokens, and the fallback chain says what a crawler with several names obeys.
 * {@link #failedFetch(int)} answers SEMANTICS.md §6's rules for a status that brought no body.
 *
 * <p>Immutable and thread-safe; serializable (it holds only its profile).
 */
public final class ReactiveRobotsParser extends BaseRobotsParser {
  @Serial private static final long serialVersionUID = 1L;

  /** How bodies are read. */
  private final Profile profile;

  /** A parser of the default profile, {@code RFC_9309}. */
  public ReactiveRobotsParser() {
    this(Profile.RFC_9309);
  }

  /**
   * A parser of {@code profile} ({@code GOOGLE} answers as Google's reference matcher does).
   *
   * @param profile how bodies are read (SEMANTICS.md §7)
   */
  public ReactiveRobotsParser(Profile profile) {
    this.profile = Objects.requireNonNull(profile, "profile");
  }

  /**
   * The rules of the crawler named by {@code robotNames} in {@code content}.
   *
   * @param url the robots.txt URL, against which relative sitemap URLs are resolved
   * @param content the body (null is an empty body)
   * @param contentType the response's content type; not read
   * @param robotNames the crawler's names, its own first, then the names whose groups it obeys when
   *     no group names it, in order
   * @return the rules
   */
  @Override
  public ReactiveRobotRules parseContent(
      String url, byte[] content, String contentType, Collection<String> robotNames) {
    return parse(url, content, RobotNames.identityOrNull(robotNames));
  }

  /**
   * The rules of the crawler named by {@code robotNames}, one string of names separated by commas
   * or white space (crawler-commons' deprecated form); names are matched exactly, as {@link
   * #parseContent(String, byte[], String, Collection)} matches them.
   *
   * @param url the robots.txt URL
   * @param content the body (null is an empty body)
   * @param contentType the response's content type; not read
   * @param robotNames the crawler's names, its own first
   * @return the rules
   */
  @Override
  public ReactiveRobotRules parseContent(
      String url, byte[] content, String contentType, String robotNames) {
    return parse(url, content, RobotNames.identityOrNull(robotNames));
  }

  /** The rules of {@code crawler}, or, when it is null (no name), of the {@code *} groups alone. */
  private ReactiveRobotRules parse(String url, byte[] content, CrawlerIdentity crawler) {
    ParseOptions options = ParseOptions.of(profile);
    if (crawler != null) {
      options = options.withFallbacks(crawler);
    }
    byte[] body = content == null ? new byte[0] : content;
    return ReactiveRobotRules.of(RobotsTxt.parse(body, options), crawler, url, body);
  }

  /**
   * The rules for a fetch of robots.txt that ended with {@code httpStatusCode} and no body to
   * parse, by SEMANTICS.md §6: 429, 5xx, a status below 200 or above 599 are unreachable (no path
   * allowed, visits deferred: try again later); a 3xx that could not be followed and a 4xx allow
   * every path.
   *
   * @param httpStatusCode the status of the last response
   * @return the rules
   * @throws IllegalArgumentException for a 2xx, whose body is to be parsed ({@link
   *     #parseContent(String, byte[], String, Collection)}; an empty body allows every path)
   */
  @Override
  public ReactiveRobotRules failedFetch(int httpStatusCode) {
    if (httpStatusCode >= 200 && httpStatusCode < 300) {
      throw new IllegalArgumentException(
          "status " + httpStatusCode + " is no failed fetch: parse its body with parseContent");
    }
    boolean unreachable = httpStatusCode == 429 || httpStatusCode >= 500 || httpStatusCode < 200;
    return ReactiveRobotRules.blanket(!unreachable, unreachable);
  }

  /**
   * The profile bodies are read with.
   *
   * @return the profile
   */
  public Profile profile() {
    return profile;
  }

  @Override
  public String toString() {
    return "ReactiveRobotsParser{" + profile + '}';
  }
}
