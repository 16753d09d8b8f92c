package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.internal.settings.Limits;
import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.util.Objects;
import java.util.Set;

/**
 * The checks {@code RobotsCacheBuilder} applies to its own settings as they are set (the others are
 * {@link Limits}'); each names the setting and the value it refused.
 */
public final class CacheLimits {

  private CacheLimits() {}

  public static int parseLimit(int bytes) {
    if (bytes < ParseOptions.MIN_PARSE_LIMIT) {
      throw new IllegalArgumentException(
          "parseLimit must be at least " + ParseOptions.MIN_PARSE_LIMIT + ", was " + bytes);
    }
    return bytes;
  }

  public static double residencyShare(double share) {
    return Limits.within(share, 0, 0.5, "residencyShare");
  }

  /** The agents, copied, each a product token. */
  public static Set<String> productTokens(Set<String> agents) {
    Set<String> copy = Set.copyOf(Objects.requireNonNull(agents, "agents"));
    for (String agent : copy) {
      if (!CrawlerIdentity.isProductToken(agent)) {
        throw new IllegalArgumentException(
            "explicitAgents: \""
                + Printable.escape(agent)
                + "\" is not a product token; give tokens made of A-Z a-z _ - only, the way a"
                + " crawler(...) identity's token is (\"MyBot\" for \"MyBot/1.0\")");
      }
    }
    return copy;
  }
}
