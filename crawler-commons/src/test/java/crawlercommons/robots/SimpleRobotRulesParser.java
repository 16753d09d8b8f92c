package crawlercommons.robots;

import io.github.reactiverobots.crawlercommons.ReactiveRobotsParser;
import io.github.reactiverobots.crawlercommons.RobotNames;
import io.github.reactiverobots.robotstxt.Linter;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.util.Collection;
import java.util.List;

/**
 * The test seam that runs crawler-commons' own robots tests against the adapter: a class of the
 * same name and signatures as crawler-commons 1.6's parser, in this module's test classes, which
 * surefire puts before the crawler-commons jar, so that every {@code new SimpleRobotRulesParser()}
 * of their compiled tests makes this one. Each call goes to {@link ReactiveRobotsParser}; the rules
 * it answers are wrapped in this package's {@link SimpleRobotRules}, whose type their tests name.
 * Nothing here decides a verdict. Not part of the module: test scope only.
 */
public class SimpleRobotRulesParser extends BaseRobotsParser {
  private static final long serialVersionUID = 1L;

  /** crawler-commons' default, kept for the signature. */
  public static final int DEFAULT_MAX_WARNINGS = 5;

  /** crawler-commons' default, kept for the signature. */
  public static final long DEFAULT_MAX_CRAWL_DELAY = 300000;

  /** How many parses went through this seam: proof for {@code CrawlerCommonsSeamTest}. */
  static final java.util.concurrent.atomic.AtomicLong PARSES =
      new java.util.concurrent.atomic.AtomicLong();

  private final ReactiveRobotsParser adapter = new ReactiveRobotsParser();
  private transient ThreadLocal<Integer> warnings = ThreadLocal.withInitial(() -> 0);
  private long maxCrawlDelay;
  private int maxWarnings;
  private boolean exactUserAgentMatching = true;

  public SimpleRobotRulesParser() {
    this(DEFAULT_MAX_CRAWL_DELAY, DEFAULT_MAX_WARNINGS);
  }

  public SimpleRobotRulesParser(long maxCrawlDelay, int maxWarnings) {
    this.maxCrawlDelay = maxCrawlDelay;
    this.maxWarnings = maxWarnings;
  }

  /** A valid name is a product token (SEMANTICS.md §2), as crawler-commons 1.6 checks it. */
  protected static boolean isValidUserAgentToObey(String userAgent) {
    return userAgent != null && CrawlerIdentity.isProductToken(userAgent);
  }

  /** The names' product tokens, as {@link RobotNames} reads them; empty when none has one. */
  public static Collection<String> sanitizeRobotNames(Collection<String> robotNames) {
    try {
      return RobotNames.identity(robotNames).chain();
    } catch (IllegalArgumentException e) {
      return List.of();
    }
  }

  @Override
  public SimpleRobotRules failedFetch(int httpStatusCode) {
    return new SimpleRobotRules(adapter.failedFetch(httpStatusCode));
  }

  @Override
  public SimpleRobotRules parseContent(
      String url, byte[] content, String contentType, String robotNames) {
    PARSES.incrementAndGet();
    countWarnings(content);
    return new SimpleRobotRules(adapter.parseContent(url, content, contentType, robotNames));
  }

  @Override
  public SimpleRobotRules parseContent(
      String url, byte[] content, String contentType, Collection<String> robotNames) {
    PARSES.incrementAndGet();
    countWarnings(content);
    return new SimpleRobotRules(adapter.parseContent(url, content, contentType, robotNames));
  }

  private void countWarnings(byte[] content) {
    warnings.set(
        Linter.lint(content == null ? new byte[0] : content, ParseOptions.defaults()).size());
  }

  /** Not consulted: the adapter matches group names exactly (SEMANTICS.md §2). */
  protected boolean userAgentProductTokenPartialMatch(
      String userAgent, Collection<String> robotNames) {
    return false;
  }

  /** The linter's diagnostics of the last parse on this thread. */
  public int getNumWarnings() {
    return warnings.get();
  }

  public int getMaxWarnings() {
    return maxWarnings;
  }

  public void setMaxWarnings(int maxWarnings) {
    this.maxWarnings = maxWarnings;
  }

  public long getMaxCrawlDelay() {
    return maxCrawlDelay;
  }

  public void setMaxCrawlDelay(long maxCrawlDelay) {
    this.maxCrawlDelay = maxCrawlDelay;
  }

  /** Recorded only: the adapter always matches exactly. */
  public void setExactUserAgentMatching(boolean exactMatching) {
    this.exactUserAgentMatching = exactMatching;
  }

  public boolean isExactUserAgentMatching() {
    return exactUserAgentMatching;
  }

  private void readObject(java.io.ObjectInputStream in)
      throws java.io.IOException, ClassNotFoundException {
    in.defaultReadObject();
    warnings = ThreadLocal.withInitial(() -> 0);
  }
}
