package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerBuilder;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import org.springframework.util.unit.DataSize;

/** Maps {@link RobotsProperties} onto the library's builders, one setting each. */
final class Builders {
  static final String USER_AGENT = "reactive-robots.user-agent";

  private Builders() {}

  static NettyRobotsFetcherBuilder fetcher(RobotsProperties properties) {
    PropertyValidation.fetcher(properties);
    String userAgent = properties.userAgent();
    RobotsProperties.Fetcher f = properties.fetcher();
    DataSize bodyCap = f.maxBodySize() != null ? f.maxBodySize() : properties.parseLimit();
    NettyRobotsFetcherBuilder builder =
        NettyRobotsFetcher.builder()
            .userAgent(userAgent)
            .maxBodyBytes(bytes(bodyCap, "fetcher.max-body-size"))
            .connectTimeout(f.connectTimeout())
            .responseTimeout(f.responseTimeout())
            .deadline(f.deadline())
            .maxRedirects(f.maxRedirects())
            .maxInFlight(f.maxInFlight())
            .maxHeaderSize(bytes(f.maxHeaderSize(), "fetcher.max-header-size"))
            .http2(f.http2());
    RobotsProperties.Proxy proxy = f.proxy();
    if (f.addressPolicy() == RobotsProperties.AddressPolicyChoice.PERMIT_ALL) {
      builder.addressPolicy(AddressPolicy.permitAll());
    } // public-only is the fetcher's default; through a proxy, the proxy decides
    switch (proxy.type()) {
      case HTTP -> builder.httpProxy(proxyHost(proxy), proxy.port());
      case SOCKS -> builder.socksProxy(proxyHost(proxy), proxy.port());
      case NONE -> {}
    }
    return builder;
  }

  static RobotsCacheBuilder cache(RobotsProperties properties, RobotsFetcher fetcher) {
    PropertyValidation.cache(properties, fetcher.maxBodyBytes());
    RobotsProperties.Cache c = properties.cache();
    RobotsCacheBuilder builder =
        RobotsCache.builder()
            .fetcher(fetcher)
            .profile(properties.profile())
            .parseLimit(bytes(properties.parseLimit(), "parse-limit"))
            .explicitAgents(properties.explicitAgents())
            .ttlBounds(c.minimumTtl(), c.maximumTtl())
            .retryBackoff(c.retryBackoffInitial(), c.retryBackoffMaximum())
            .staleCopyWindow(c.staleCopyWindow())
            .staleWhileRevalidate(c.staleWhileRevalidate())
            .allowAllWhenUnreachableTooLong(c.allowAllWhenUnreachableTooLong())
            .botChallengesUnreachable(c.botChallengesUnreachable())
            .fetchTimeout(c.fetchTimeout())
            .checkAllConcurrency(c.checkAllConcurrency())
            .minimumResidency(c.minimumResidency())
            .residencyShare(c.residencyShare())
            .storeWait(c.storeWait())
            .storeLease(c.storeLease())
            .storeCooldown(c.storeCooldown());
    if (c.maximumWeight() != null) {
      builder.maximumWeight(c.maximumWeight().toBytes());
    }
    if (c.maximumOrigins() != null) {
      builder.maximumOrigins(c.maximumOrigins());
    }
    String userAgent = properties.userAgent();
    if (userAgent != null && !userAgent.isBlank()) {
      builder.crawler(
          properties.crawlerToken() == null
              ? CrawlerIdentity.of(userAgent)
              : new CrawlerIdentity(properties.crawlerToken(), userAgent));
    }
    return builder;
  }

  static PacerBuilder pacer(RobotsProperties properties, RobotsCache cache) {
    PropertyValidation.pacer(properties);
    RobotsProperties.Pacer p = properties.pacer();
    PacerBuilder builder =
        Pacer.builder(cache)
            .minimumDelay(p.minimumDelay())
            .maximumDelay(p.maximumDelay())
            .perOriginConcurrency(p.perOriginConcurrency())
            .perOriginQueue(p.perOriginQueue())
            .deferWhenFull(p.deferWhenFull())
            .totalQueue(p.totalQueue())
            .backoff(p.backoffInitial(), p.backoffMaximum())
            .lease(p.lease());
    if (p.agent() != null) {
      builder.agent(p.agent());
    } else if (cache.crawler().isEmpty()) {
      String fallback =
          properties.crawlerToken() != null ? properties.crawlerToken() : properties.userAgent();
      if (fallback == null) {
        throw new InvalidRobotsPropertyException(
            "reactive-robots.pacer.agent",
            null,
            "the crawler's product token, required since the RobotsCache bean has no crawler"
                + " identity (or set "
                + USER_AGENT
                + ", or reactive-robots.pacer.enabled=false)",
            InvalidRobotsPropertyException.Unset.REQUIRED);
      }
      builder.agent(fallback);
    }
    return builder;
  }

  private static String proxyHost(RobotsProperties.Proxy proxy) {
    if (proxy.host() == null || proxy.host().isBlank()) {
      throw new InvalidRobotsPropertyException(
          "reactive-robots.fetcher.proxy.host",
          proxy.host(),
          "a host name or address, required with a proxy type",
          InvalidRobotsPropertyException.Unset.REQUIRED);
    }
    return proxy.host();
  }

  /**
   * {@code uri} with the password of its user information, if any, masked, in every form Lettuce
   * reads: {@code user:password@}, {@code :password@}, the password alone ({@code password@}), a
   * password that itself holds {@code @} or {@code :} (the user information runs to the last
   * {@code @}), and with any scheme ({@code redis}, {@code rediss}, {@code redis+cluster}, {@code
   * redis-sentinel}, none).
   */
  static String withoutPassword(String uri) {
    if (uri == null) {
      return null;
    }
    int start = userInfoStart(uri);
    int at = uri.lastIndexOf('@');
    if (at < start) {
      return uri;
    }
    String userInfo = uri.substring(start, at);
    int colon = userInfo.indexOf(':');
    String masked = colon < 0 ? "******" : userInfo.substring(0, colon) + ":******";
    return uri.substring(0, start) + masked + uri.substring(at);
  }

  /** Where a URI's user information would start: after its scheme's {@code ://}. */
  private static int userInfoStart(String uri) {
    int scheme = uri.indexOf("://");
    return scheme < 0 ? 0 : scheme + 3;
  }

  /**
   * {@code text} (an error message that may quote {@code uri}) with the password of {@code uri}
   * masked wherever it appears.
   */
  static String withoutPassword(String text, String uri) {
    if (text == null || uri == null) {
      return text;
    }
    String out = text.replace(uri, withoutPassword(uri));
    String password = password(uri);
    return password == null || password.isEmpty() ? out : out.replace(password, "******");
  }

  /**
   * {@code e} to chain as a cause, or null when a message anywhere in its chain (causes and
   * suppressed) quotes the password of {@code uri}: a stack trace printed later must not carry it.
   */
  static Throwable causeWithoutPassword(Throwable e, String uri) {
    String password = uri == null ? null : password(uri);
    return password == null || password.isEmpty() || !quotes(e, password, 0) ? e : null;
  }

  private static boolean quotes(Throwable e, String password, int depth) {
    if (e == null || depth > 16) {
      return false;
    }
    if (e.getMessage() != null && e.getMessage().contains(password)) {
      return true;
    }
    for (Throwable s : e.getSuppressed()) {
      if (quotes(s, password, depth + 1)) {
        return true;
      }
    }
    return quotes(e.getCause(), password, depth + 1);
  }

  private static String password(String uri) {
    int start = userInfoStart(uri);
    int at = uri.lastIndexOf('@');
    if (at < start) {
      return null;
    }
    String userInfo = uri.substring(start, at);
    int colon = userInfo.indexOf(':');
    return colon < 0 ? userInfo : userInfo.substring(colon + 1);
  }

  private static int bytes(DataSize size, String property) {
    long bytes = size.toBytes();
    if (bytes > Integer.MAX_VALUE) {
      throw new InvalidRobotsPropertyException(
          "reactive-robots." + property, size, "at most " + Integer.MAX_VALUE + " bytes");
    }
    return (int) bytes;
  }
}
