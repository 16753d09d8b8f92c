package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.model.CrawlerIdentity;
import java.util.Objects;

/**
 * The one-line start: a {@link RobotsCache} that fetches through a {@link NettyRobotsFetcher}.
 *
 * <pre>{@code
 * RobotsCache robots = RobotsCaches.create("MyBot/1.0 (+https://example.com/bot)");
 * robots.allowed("https://example.com/page", "MyBot").subscribe(...);
 * }</pre>
 *
 * <p>Who closes the fetcher: a cache made from a fetcher's settings ({@link #create(String)},
 * {@link #create(NettyRobotsFetcherBuilder, RobotsCacheBuilder)}) owns the fetcher it builds,
 * and {@link RobotsCache#close()} closes it, ending its connections. A fetcher passed in built
 * ({@link #create(NettyRobotsFetcher)}, {@link #create(NettyRobotsFetcher,
 * RobotsCacheBuilder)}) stays the caller's to close, as it may serve several caches, unless the
 * cache builder says {@link RobotsCacheBuilder#closeFetcherOnClose(boolean)}. Stateless and
 * thread-safe.
 */
public final class RobotsCaches {
  private RobotsCaches() {}

  /**
   * A cache with the defaults of SEMANTICS.md §6 over a fetcher with its defaults (500 KiB body
   * cap, 5 s connect, 10 s between bytes, 20 s per fetch, 5 redirects, 512 fetches in flight).
   *
   * The crawler's identity is {@code userAgent}: the fetcher sends it, and its product token
   * (the leading {@code A-Z a-z _ -} run) selects the groups for checks that name no agent.
   *
   * @param userAgent the full {@code User-Agent} header the fetcher sends
   * @return the cache
   * @throws IllegalArgumentException if {@code userAgent} does not start with a product token,
   *     or starts with {@code Mozilla} (see {@link #create(CrawlerIdentity)})
   */
  public static RobotsCache create(String userAgent) {
    RobotsCacheBuilder builder = RobotsCache.builder().crawler(userAgent);
    return create(NettyRobotsFetcher.builder().userAgent(userAgent), builder);
  }

  /**
   * A cache built by {@code cacheBuilder} over a fetcher built by {@code fetcherBuilder}, which
   * the cache owns: {@link RobotsCache#close()} closes it. Any fetcher already set on the cache
   * builder is replaced.
   *
   * @param fetcherBuilder the fetcher's settings
   * @param cacheBuilder the cache's settings
   * @return the cache
   * @throws IllegalStateException if the settings conflict (the cache's parse limit above the
   *     fetcher's body cap, say); no fetcher is left open
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
   * Like {@link #create(String)} for a crawler whose {@code User-Agent} header does not start
   * with its product token: the fetcher sends {@code crawler.userAgent()}, and
   * {@code crawler.token()} alone selects the robots.txt groups (never the header's first word).
   * The cache owns the fetcher, as with {@link #create(String)}.
   *
   * @param crawler the crawler's product token and the User-Agent header it sends
   * @return the cache
   */
  public static RobotsCache create(CrawlerIdentity crawler) {
    Objects.requireNonNull(crawler, "crawler");
    RobotsCacheBuilder builder = RobotsCache.builder().crawler(crawler);
    return create(NettyRobotsFetcher.builder().userAgent(crawler.userAgent()), builder);
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
   * builder is replaced. The fetcher stays the caller's to close unless the builder says
   * {@link RobotsCacheBuilder#closeFetcherOnClose(boolean)}.
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
