package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;

/** One identity: the crawler's token must be the one its fetcher's User-Agent sends. */
public final class IdentityMatch {
  private IdentityMatch() {}

  /**
   * {@code agent}, checked as {@link CrawlerIdentity#requireCrawlerToken} checks it unless it is
   * the crawler identity's own token string, checked when the identity was made.
   */
  public static String agentToken(CrawlerIdentity crawler, String agent) {
    java.util.Objects.requireNonNull(agent, "agent");
    return crawler != null && agent == crawler.token()
        ? agent
        : CrawlerIdentity.requireCrawlerToken(agent);
  }

  /** The identity's token, for a check that names no agent. */
  public static String defaultAgent(CrawlerIdentity crawler) {
    if (crawler == null) {
      throw new IllegalStateException(
          "no crawler identity: set RobotsCacheBuilder.crawler(...) or pass an agent");
    }
    return crawler.token();
  }

  /**
   * Refuses a crawler whose token is not the product token of {@code userAgent}, the header the
   * fetcher sends; passes when either is unknown, the headers are equal, or {@code allow}.
   *
   * @throws IllegalStateException naming both tokens
   */
  public static void require(CrawlerIdentity crawler, String userAgent, boolean allow) {
    if (allow || crawler == null || userAgent == null || userAgent.equals(crawler.userAgent())) {
      return;
    }
    String sent = userAgent.substring(0, Profile.RFC_9309.tokenLength(userAgent));
    if (!sent.equalsIgnoreCase(crawler.token())) {
      throw new IllegalStateException(
          "the crawler's token \""
              + crawler.token()
              + "\" differs from the fetcher's User-Agent token \""
              + Printable.escape(sent)
              + "\" (User-Agent: "
              + Printable.escape(userAgent)
              + "): the groups matched would"
              + " not be those of the identity sites see. Give the identity once"
              + " (RobotsCaches.create(userAgent, fetcher -> ...)), or say"
              + " allowIdentityMismatch(true) to check for another crawler on purpose");
    }
  }
}
