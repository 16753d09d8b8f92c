package io.github.reactiverobots.core;

import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * The checks {@link RobotsCacheBuilder} applies to each setting as it is set, and to the settings
 * together at {@code build()}; each names the setting and the value it refused.
 */
final class CacheSettingChecks {
  /** The longest duration any setting accepts (so that ticker arithmetic cannot overflow). */
  private static final Duration LONGEST = Duration.ofDays(3650);

  private CacheSettingChecks() {}

  static Duration requireNonNegative(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative()) {
      throw new IllegalArgumentException(what + " must not be negative, was " + d);
    }
    if (d.compareTo(LONGEST) > 0) {
      throw new IllegalArgumentException(what + " must be at most " + LONGEST + ", was " + d);
    }
    return d;
  }

  static Duration requirePositive(Duration d, String what) {
    requireNonNegative(d, what);
    if (d.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + d);
    }
    return d;
  }

  static void requireOrdered(Duration min, Duration max, String what) {
    if (min.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          what + " minimum " + min + " is greater than maximum " + max);
    }
  }

  static long requirePositive(long n, String what) {
    if (n <= 0) {
      throw new IllegalArgumentException(what + " must be positive, was " + n);
    }
    return n;
  }

  static int parseLimit(int bytes) {
    if (bytes < ParseOptions.MIN_PARSE_LIMIT) {
      throw new IllegalArgumentException(
          "parseLimit must be at least " + ParseOptions.MIN_PARSE_LIMIT + ", was " + bytes);
    }
    return bytes;
  }

  static double residencyShare(double share) {
    if (!(share >= 0 && share <= 0.5)) {
      throw new IllegalArgumentException("residencyShare must be within [0, 0.5], was " + share);
    }
    return share;
  }

  /** The agents, copied, each a product token. */
  static Set<String> productTokens(Set<String> agents) {
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

  /** The checks of the settings together, at {@code build()}. */
  static void buildable(RobotsCacheBuilder b) {
    RobotsFetcher fetcher = b.fetcher;
    if (fetcher == null) {
      throw new IllegalStateException("a fetcher is required");
    }
    IdentityCheck.require(b.crawler, fetcher.userAgent(), b.allowIdentityMismatch);
    if (b.parseLimit > fetcher.maxBodyBytes()) {
      throw new IllegalStateException(
          "parseLimit ("
              + b.parseLimit
              + " bytes) is above the"
              + " fetcher's body cap maxBodyBytes ("
              + fetcher.maxBodyBytes()
              + " bytes), so it"
              + " could never be reached: raise the fetcher's maxBodyBytes or lower parseLimit");
    }
  }
}
