package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import java.util.Objects;

/**
 * The one-line start: a {@link RobotsCache} that fetches through a {@link NettyRobotsFetcher}.
 *
 * <pre>{@code
 * RobotsCache robots = RobotsCaches.create("MyBot/1.0 (+https://example.com/bot)");
 * robots.allowed("https://example.com/page", "MyBot").subscribe(...);
 * }</pre>
 *
 * <p>{@link RobotsCache#close()} does not close the fetcher. The fetcher made by {@link
 * #create(String)} holds only pooled connections that are evicted when idle; to release them at
 * shutdown, build the fetcher yourself, pass it to {@link #create(NettyRobotsFetcher,
 * RobotsCacheBuilder)} and close both. Stateless and thread-safe.
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
   * @throws IllegalArgumentException if {@code userAgent} does not start with a product token
   */
  public static RobotsCache create(String userAgent) {
    RobotsCacheBuilder builder = RobotsCache.builder().crawler(userAgent);
    return create(NettyRobotsFetcher.builder().userAgent(userAgent).build(), builder);
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
   * builder is replaced. Keep the fetcher's body cap at least the cache's parse limit, or the
   * parse limit cannot be reached.
   *
   * @param fetcher fetches robots.txt for the cache
   * @param cacheBuilder the cache's settings
   * @return the cache
   */
  public static RobotsCache create(NettyRobotsFetcher fetcher, RobotsCacheBuilder cacheBuilder) {
    Objects.requireNonNull(fetcher, "fetcher");
    Objects.requireNonNull(cacheBuilder, "cacheBuilder");
    return cacheBuilder.fetcher(fetcher).build();
  }
}
