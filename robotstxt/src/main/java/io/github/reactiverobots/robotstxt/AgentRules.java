package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The merged, compiled rules of the groups that apply to one crawler in one robots.txt
 * (SEMANTICS.md §2-§4), or a blanket answer for every path when robots.txt could not be used
 * (SEMANTICS.md §6). Every {@link Verdict} the library gives is made here. Compiled once ({@link
 * RobotsTxt#forAgent(String)}), reused for every check. Immutable and thread-safe; a check
 * allocates, when a rule decides, its verdict and the {@link Rule} it names (and, for a path given
 * as a String, its bytes). The library makes every instance.
 */
public sealed interface AgentRules permits CompiledRules {
  /**
   * One answer for every path and crawler, given when robots.txt could not be used (SEMANTICS.md
   * §6): allow all when it was unavailable, disallow all when unreachable.
   *
   * @param allowed whether every path is allowed
   * @param reason why: one of the {@code ROBOTS_*} reasons
   * @return rules answering {@code allowed} for {@code reason} whatever the path
   * @throws IllegalArgumentException if {@code reason} is not a blanket reason
   */
  static AgentRules blanket(boolean allowed, Reason reason) {
    return CompiledRules.blanket(allowed, reason);
  }

  /**
   * Checks a path with params and query ({@code /a/b;p?q}); an empty path is taken as {@code /}.
   * The path is matched as given, as the cache matches the path it has read from a URL: to check a
   * URL, pass the path the cache reads from it (or use {@link RobotsTxt#check(String, String)} or
   * {@link #checkUrl(String)}), so that {@code \} and dot segments are read as SEMANTICS.md §4
   * says.
   *
   * @param pathAndQuery the path, starting with {@code /}
   * @return the verdict
   */
  Verdict check(String pathAndQuery);

  /**
   * Checks a URL: its path with params and query, read as {@link RobotsTxt#check(String, String)}
   * reads it for the profile these rules were parsed with (SEMANTICS.md §4), so that the verdict is
   * the one {@code RobotsTxt.check} gives for these rules' crawler. Under {@code RFC_9309} an
   * absolute http(s) URL is read as {@code RobotsCache} reads it, from the URL's own characters
   * when it is already canonical (no origin or path string is made); anything else URL-like is read
   * leniently, as under {@code GOOGLE}.
   *
   * @param url the URL (or anything URL-like) to check
   * @return the verdict
   * @throws io.github.reactiverobots.robotstxt.url.InvalidUrlException under {@code RFC_9309}, for
   *     an http(s) URL the cache refuses
   */
  Verdict checkUrl(String url);

  /**
   * How the crawler may use what it fetches at a path (SEMANTICS.md §8): the verdict of {@link
   * #check(String)}, then per usage category the preference of the longest matching {@code
   * content-usage} rule (rules with the same path combined most restrictively), and the groups'
   * content signals. The rules are compiled the first time usage is asked for, never by a check.
   *
   * @param pathAndQuery the path, starting with {@code /}
   * @return the answer
   */
  Usage usage(String pathAndQuery);

  /**
   * The merged {@code content-usage} rules as written, in file order.
   *
   * @return an immutable list, empty for no group and for a blanket answer
   */
  List<UsageRule> usageRules();

  /**
   * The {@code content-signal} records of the merged groups, combined most restrictively.
   *
   * @return the signals; {@link ContentSignals#NONE} for no group and for a blanket answer
   */
  ContentSignals contentSignals();

  /**
   * Whether a group (named or {@code *}) applies to this crawler.
   *
   * @return false for no group and for a blanket answer
   */
  boolean hasGroup();

  /**
   * The merged allow and disallow rules, in file order.
   *
   * @return an immutable list, empty for no group and for a blanket answer
   */
  List<Rule> rules();

  /**
   * The most restrictive pacing records of the merged groups.
   *
   * @return the pacing; {@link Pacing#NONE} when none is given
   */
  Pacing pacing();

  /**
   * The longest {@code crawl-delay} of the merged groups.
   *
   * @return the crawl-delay, when given
   */
  Optional<Duration> crawlDelay();

  /**
   * The most restrictive {@code request-rate} of the merged groups.
   *
   * @return the request rate, when given
   */
  Optional<RequestRate> requestRate();

  /**
   * The shortest {@code visit-time} window of the merged groups.
   *
   * @return the window, when given
   */
  Optional<VisitTime> visitTime();
}
