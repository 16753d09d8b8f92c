package io.github.reactiverobots.spring;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.time.Duration;
import org.springframework.util.unit.DataSize;

/**
 * Checks the {@code reactive-robots.*} properties against the values the library's builders accept,
 * before any builder sees them, so that a refused value fails the start naming the property, its
 * value and what it allows ({@link InvalidRobotsPropertyException}), not a builder method. The
 * builders check again; these checks only say it in the properties' words.
 */
final class PropertyValidation {
  static final String PREFIX = "reactive-robots.";
  private static final Duration LONGEST = Duration.ofDays(3650);
  private static final String DURATION = "from 0s to 3650d";
  private static final String POSITIVE = "more than 0s and at most 3650d";
  private static final String TOKEN =
      "a product token: letters, '_' and '-' only, not Mozilla" + " (such as MyCrawler)";

  private PropertyValidation() {}

  /**
   * The properties the cache and its crawler identity read.
   *
   * @param bodyCap the cache's fetcher's body cap, in bytes, which the parse limit may not pass
   */
  static void cache(RobotsProperties p, long bodyCap) {
    if (p.userAgent() != null) {
      userAgent(p);
    }
    if (p.crawlerToken() != null) {
      token("crawler-token", p.crawlerToken());
    }
    for (String agent : p.explicitAgents()) {
      if (!CrawlerIdentity.isProductToken(agent)) {
        throw new InvalidRobotsPropertyException(
            PREFIX + "explicit-agents",
            agent,
            "a comma-separated list of product tokens: letters, '_' and '-' only (such as"
                + " adsbot-google), not a User-Agent such as MyBot/1.0",
            InvalidRobotsPropertyException.Unset.NOTHING);
      }
    }
    parseLimit(p);
    long parseLimit = p.parseLimit().toBytes();
    if (parseLimit > bodyCap) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "parse-limit",
          p.parseLimit(),
          "at most the fetcher's body cap, "
              + bodyCap
              + " bytes (the auto-configured fetcher's"
              + " is reactive-robots.fetcher.max-body-size, the parse limit when unset)");
    }
    RobotsProperties.Cache c = p.cache();
    if (c.maximumWeight() != null && c.maximumWeight().toBytes() <= 0) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "cache.maximum-weight", c.maximumWeight(), "more than 0B, such as 256MB");
    }
    if (c.maximumOrigins() != null && c.maximumOrigins() <= 0) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "cache.maximum-origins",
          c.maximumOrigins(),
          "at least 1, or unset for no bound",
          InvalidRobotsPropertyException.Unset.NOTHING);
    }
    duration("cache.minimum-ttl", c.minimumTtl(), false);
    duration("cache.maximum-ttl", c.maximumTtl(), true);
    ordered("cache.minimum-ttl", c.minimumTtl(), "cache.maximum-ttl", c.maximumTtl());
    duration("cache.retry-backoff-initial", c.retryBackoffInitial(), true);
    duration("cache.retry-backoff-maximum", c.retryBackoffMaximum(), true);
    ordered(
        "cache.retry-backoff-initial",
        c.retryBackoffInitial(),
        "cache.retry-backoff-maximum",
        c.retryBackoffMaximum());
    duration("cache.stale-copy-window", c.staleCopyWindow(), false);
    duration("cache.stale-while-revalidate", c.staleWhileRevalidate(), false);
    duration("cache.fetch-timeout", c.fetchTimeout(), true);
    range("cache.check-all-concurrency", c.checkAllConcurrency(), 1, Integer.MAX_VALUE);
    duration("cache.minimum-residency", c.minimumResidency(), false);
    if (!(c.residencyShare() >= 0 && c.residencyShare() <= 0.5)) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "cache.residency-share", c.residencyShare(), "from 0 to 0.5");
    }
    duration("cache.store-wait", c.storeWait(), true);
    duration("cache.store-lease", c.storeLease(), true);
    duration("cache.store-cooldown", c.storeCooldown(), false);
  }

  /** The properties the fetcher reads (its body cap is the parse limit unless set). */
  static void fetcher(RobotsProperties p) {
    userAgent(p);
    parseLimit(p);
    RobotsProperties.Fetcher f = p.fetcher();
    duration("fetcher.connect-timeout", f.connectTimeout(), true);
    duration("fetcher.response-timeout", f.responseTimeout(), true);
    duration("fetcher.deadline", f.deadline(), true);
    ordered("fetcher.connect-timeout", f.connectTimeout(), "fetcher.deadline", f.deadline());
    if (f.maxBodySize() != null) {
      long bytes = f.maxBodySize().toBytes();
      if (bytes < ParseOptions.MIN_PARSE_LIMIT || bytes > Integer.MAX_VALUE) {
        throw new InvalidRobotsPropertyException(
            PREFIX + "fetcher.max-body-size",
            f.maxBodySize(),
            "from 500KB (the RFC 9309 minimum) to 2047MB, or unset for the" + " parse limit",
            InvalidRobotsPropertyException.Unset.NOTHING);
      }
    }
    range("fetcher.max-redirects", f.maxRedirects(), 0, 20);
    range("fetcher.max-in-flight", f.maxInFlight(), 1, 1_000_000);
    size(
        "fetcher.max-header-size",
        f.maxHeaderSize(),
        DataSize.ofKilobytes(1),
        DataSize.ofMegabytes(1));
    range("fetcher.max-connections-per-host", f.maxConnectionsPerHost(), 1, 10_000);
    duration("fetcher.max-idle-time", f.maxIdleTime(), true);
    duration("fetcher.eviction-interval", f.evictionInterval(), false);
    RobotsProperties.Proxy proxy = f.proxy();
    if (proxy.type() != RobotsProperties.ProxyType.NONE) {
      if (proxy.host() == null || proxy.host().isBlank()) {
        throw new InvalidRobotsPropertyException(
            PREFIX + "fetcher.proxy.host",
            proxy.host(),
            "a host name or address, required when reactive-robots.fetcher.proxy.type is "
                + proxy.type().name().toLowerCase(java.util.Locale.ROOT),
            InvalidRobotsPropertyException.Unset.REQUIRED);
      }
      if (proxy.port() < 1 || proxy.port() > 65_535) {
        throw new InvalidRobotsPropertyException(
            PREFIX + "fetcher.proxy.port",
            proxy.port(),
            "from 1 to 65535",
            InvalidRobotsPropertyException.Unset.REQUIRED);
      }
    }
  }

  /** The properties the pacer reads. */
  static void pacer(RobotsProperties p) {
    RobotsProperties.Pacer pacer = p.pacer();
    if (pacer.agent() != null) {
      token("pacer.agent", pacer.agent());
    }
    duration("pacer.minimum-delay", pacer.minimumDelay(), false);
    duration("pacer.maximum-delay", pacer.maximumDelay(), true);
    ordered(
        "pacer.minimum-delay", pacer.minimumDelay(), "pacer.maximum-delay", pacer.maximumDelay());
    range("pacer.per-origin-concurrency", pacer.perOriginConcurrency(), 1, Integer.MAX_VALUE);
    range("pacer.per-origin-queue", pacer.perOriginQueue(), 1, Integer.MAX_VALUE);
    range("pacer.total-queue", pacer.totalQueue(), 1, Integer.MAX_VALUE);
    duration("pacer.backoff-initial", pacer.backoffInitial(), true);
    duration("pacer.backoff-maximum", pacer.backoffMaximum(), true);
    ordered(
        "pacer.backoff-initial",
        pacer.backoffInitial(),
        "pacer.backoff-maximum",
        pacer.backoffMaximum());
    duration("pacer.lease", pacer.lease(), true);
  }

  /** The properties the Redis store reads, its URI excepted (Lettuce parses that). */
  static void redis(RobotsProperties.Redis redis) {
    if (redis.keyPrefix().indexOf('{') >= 0 || redis.keyPrefix().indexOf('}') >= 0) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "redis.key-prefix",
          redis.keyPrefix(),
          "any text without '{' or '}' (the keys' braces are Redis Cluster's hash tag)");
    }
    duration("redis.command-timeout", redis.commandTimeout(), true);
    duration("redis.wait-backoff-minimum", redis.waitBackoffMinimum(), true);
    duration("redis.wait-backoff-maximum", redis.waitBackoffMaximum(), true);
    ordered(
        "redis.wait-backoff-minimum",
        redis.waitBackoffMinimum(),
        "redis.wait-backoff-maximum",
        redis.waitBackoffMaximum());
  }

  private static void userAgent(RobotsProperties p) {
    String userAgent = p.userAgent();
    if (userAgent == null || userAgent.isBlank()) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "user-agent",
          userAgent,
          "the crawler's User-Agent, such as MyCrawler/1.0 (+https://example.com/bot); required"
              + " unless the application defines its own RobotsCache or RobotsFetcher bean",
          InvalidRobotsPropertyException.Unset.REQUIRED);
    }
    for (int i = 0; i < userAgent.length(); i++) {
      char c = userAgent.charAt(i);
      if (c < 0x20 || c > 0x7E) {
        throw new InvalidRobotsPropertyException(
            PREFIX + "user-agent",
            userAgent,
            "printable ASCII only (found U+"
                + String.format("%04X", (int) c)
                + " at index "
                + i
                + ")",
            InvalidRobotsPropertyException.Unset.REQUIRED);
      }
    }
    if (p.crawlerToken() == null) {
      try {
        CrawlerIdentity.of(userAgent);
      } catch (IllegalArgumentException e) {
        throw new InvalidRobotsPropertyException(
            PREFIX + "user-agent",
            userAgent,
            "a User-Agent that starts with the crawler's product token (letters, '_' and '-',"
                + " not Mozilla), such as MyCrawler/1.0; for a browser-style User-Agent set"
                + " reactive-robots.crawler-token as well",
            InvalidRobotsPropertyException.Unset.REQUIRED);
      }
    }
  }

  private static void parseLimit(RobotsProperties p) {
    long parseLimit = p.parseLimit().toBytes();
    if (parseLimit < ParseOptions.MIN_PARSE_LIMIT || parseLimit > Integer.MAX_VALUE) {
      throw new InvalidRobotsPropertyException(
          PREFIX + "parse-limit", p.parseLimit(), "from 500KB (the RFC 9309 minimum) to 2047MB");
    }
  }

  private static void token(String property, String value) {
    if (!CrawlerIdentity.isProductToken(value) || value.equalsIgnoreCase("Mozilla")) {
      throw new InvalidRobotsPropertyException(
          PREFIX + property, value, TOKEN, InvalidRobotsPropertyException.Unset.NOTHING);
    }
  }

  private static void duration(String property, Duration d, boolean positive) {
    if (d.isNegative() || d.compareTo(LONGEST) > 0 || (positive && d.isZero())) {
      throw new InvalidRobotsPropertyException(
          PREFIX + property, d, positive ? POSITIVE : DURATION);
    }
  }

  private static void ordered(String lower, Duration min, String upper, Duration max) {
    if (min.compareTo(max) > 0) {
      throw new InvalidRobotsPropertyException(
          PREFIX + lower, min, "at most " + PREFIX + upper + " (" + max + ")");
    }
  }

  private static void range(String property, int value, int min, int max) {
    if (value < min || value > max) {
      throw new InvalidRobotsPropertyException(
          PREFIX + property,
          value,
          max == Integer.MAX_VALUE ? "at least " + min : "from " + min + " to " + max);
    }
  }

  private static void size(String property, DataSize size, DataSize min, DataSize max) {
    if (size.toBytes() < min.toBytes() || size.toBytes() > max.toBytes()) {
      throw new InvalidRobotsPropertyException(
          PREFIX + property,
          size,
          "from " + min.toKilobytes() + "KB to " + max.toMegabytes() + "MB");
    }
  }
}
