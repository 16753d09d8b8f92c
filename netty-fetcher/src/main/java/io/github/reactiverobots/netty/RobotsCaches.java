package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The one-line start: a {@link RobotsCache} that fetches through a {@link NettyRobotsFetcher}.
 *
 * <pre>{@code
 * RobotsCache robots = RobotsCaches.create("MyBot/1.0 (+https://example.com/bot)");
 * robots.allowed("https://example.com/page", "MyBot").subscribe(...);
 * }</pre>
 *
 * <p>Who closes the fetcher: a cache made from a fetcher's settings ({@link #create(String)},
 * {@link #create(NettyRobotsFetcherBuilder, RobotsCacheBuilder)}) owns the fetcher it builds, and
 * {@link RobotsCache#close()} closes it, ending its connections. A fetcher passed in built ({@link
 * #create(NettyRobotsFetcher)}, {@link #create(NettyRobotsFetcher, RobotsCacheBuilder)}) stays the
 * caller's to close, as it may serve several caches, unless the cache builder says {@link
 * RobotsCacheBuilder#closeFetcherOnClose(boolean)}. Stateless and thread-safe.
 */
public final class RobotsCaches {
  private RobotsCaches() {}

  /**
   * A cache with the defaults of SEMANTICS.md §6 over a fetcher with its defaults (500 KiB body
   * cap, 5 s connect, 10 s between bytes, 20 s per fetch, 5 redirects, 512 fetches in flight).
   *
   * <p>The crawler's identity is {@code userAgent}: the fetcher sends it, and its product token
   * (the leading {@code A-Z a-z _ -} run) selects the groups for checks that name no agent.
   *
   * @param userAgent the full {@code User-Agent} header the fetcher sends
   * @return the cache
   * @throws IllegalArgumentException if {@code userAgent} does not start with a product token, or
   *     starts with {@code Mozilla} (see {@link #create(CrawlerIdentity)})
   */
  public static RobotsCache create(String userAgent) {
    return create(userAgent, fetcher -> {});
  }

  /**
   * Like {@link #create(String)}, with the fetcher's other settings (a resolver, timeouts, an
   * address policy) set by {@code fetcher} on a builder that already holds {@code userAgent}: the
   * identity is given once and drives both the header sent and the groups matched.
   *
   * <pre>{@code
   * RobotsCache robots = RobotsCaches.create("MyBot/1.0 (+https://example.com/bot)",
   *     fetcher -> fetcher.resolver(host -> myDns.addresses(host)));
   * }</pre>
   *
   * @param userAgent the full {@code User-Agent} header the fetcher sends
   * @param fetcher sets the fetcher's other settings
   * @return the cache, which owns its fetcher
   * @throws IllegalStateException if {@code fetcher} sets a User-Agent with another product token,
   *     or the settings conflict; no fetcher is left open
   */
  public static RobotsCache create(String userAgent, Consumer<NettyRobotsFetcherBuilder> fetcher) {
    return create(CrawlerIdentity.of(userAgent), fetcher, cache -> {});
  }

  /**
   * The general form: the crawler's identity once, then the fetcher's and the cache's other
   * settings. The fetcher sends {@code crawler.userAgent()}; {@code crawler.token()} selects the
   * groups. The cache owns the fetcher.
   *
   * @param crawler the crawler's product token and the User-Agent header it sends
   * @param fetcher sets the fetcher's other settings
   * @param cache sets the cache's other settings
   * @return the cache
   * @throws IllegalStateException if a customizer sets another identity, or the settings conflict;
   *     no fetcher is left open
   */
  public static RobotsCache create(
      CrawlerIdentity crawler,
      Consumer<NettyRobotsFetcherBuilder> fetcher,
      Consumer<RobotsCacheBuilder> cache) {
    Objects.requireNonNull(crawler, "crawler");
    Objects.requireNonNull(fetcher, "fetcher");
    Objects.requireNonNull(cache, "cache");
    NettyRobotsFetcherBuilder fetcherBuilder =
        NettyRobotsFetcher.builder().userAgent(crawler.userAgent());
    fetcher.accept(fetcherBuilder);
    RobotsCacheBuilder cacheBuilder = RobotsCache.builder().crawler(crawler);
    cache.accept(cacheBuilder);
    return create(fetcherBuilder, cacheBuilder);
  }

  /**
   * A cache built by {@code cacheBuilder} over a fetcher built by {@code fetcherBuilder}, which the
   * cache owns: {@link RobotsCache#close()} closes it. Any fetcher already set on the cache builder
   * is replaced.
   *
   * @param fetcherBuilder the fetcher's settings
   * @param cacheBuilder the cache's settings
   * @return the cache
   * @throws IllegalStateException if the settings conflict (the cache's parse limit above the
   *     fetcher's body cap, or a crawler token other than the fetcher's User-Agent's); no fetcher
   *     is left open
   */
  public static RobotsCache create(
      NettyRobotsFetcherBuilder fetcherBuilder, RobotsCacheBuilder cacheBuilder) {
    Objects.requireNonNull(fetcherBuilder, "fetcherBuilder");
    Objects.requireNonNull(cacheBuilder, "cacheBuilder");
    NettyRobotsFetcher fetcher = fetcherBuilder.build();
    try {
      return cacheBuilder.fetcher(fetcher).closeFetcherOnClose(true).build();
    } catch (RuntimeException e) {
      fetcher.close();
      throw e;
    }
  }

  /**
   * Like {@link #create(String)} for a crawler whose {@code User-Agent} header does not start with
   * its product token: the fetcher sends {@code crawler.userAgent()}, and {@code crawler.token()}
   * alone selects the robots.txt groups (never the header's first word). The cache owns the
   * fetcher, as with {@link #create(String)}.
   *
   * @param crawler the crawler's product token and the User-Agent header it sends
   * @return the cache
   */
  public static RobotsCache create(CrawlerIdentity crawler) {
    return create(crawler, fetcher -> {}, cache -> {});
  }

  /**
   * A cache with default settings over {@code fetcher}.
   *
   * @param fetcher fetches robots.txt for the cache
   * @return the cache
   */
  public static RobotsCache create(NettyRobotsFetcher fetcher) {
    return create(fetcher, RobotsCache.builder());
  }

  /**
   * A cache built by {@code cacheBuilder} over {@code fetcher}; any fetcher already set on the
   * builder is replaced. The fetcher stays the caller's to close unless the builder says {@link
   * RobotsCacheBuilder#closeFetcherOnClose(boolean)}.
   *
   * @param fetcher fetches robots.txt for the cache
   * @param cacheBuilder the cache's settings
   * @return the cache
   * @throws IllegalStateException if the cache's parse limit is above the fetcher's body cap
   *     ({@code maxBodyBytes}), which could then never be reached
   */
  public static RobotsCache create(NettyRobotsFetcher fetcher, RobotsCacheBuilder cacheBuilder) {
    Objects.requireNonNull(fetcher, "fetcher");
    Objects.requireNonNull(cacheBuilder, "cacheBuilder");
    return cacheBuilder.fetcher(fetcher).build();
  }
}
