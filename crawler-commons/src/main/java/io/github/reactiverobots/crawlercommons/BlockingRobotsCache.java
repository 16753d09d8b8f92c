package io.github.reactiverobots.crawlercommons;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsRules;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import reactor.core.scheduler.Schedulers;

/**
 * A blocking face of a {@link RobotsCache} for thread-per-fetch crawlers (Nutch's fetcher threads,
 * StormCrawler's bolts): the rules for a URL's origin as crawler-commons' {@code BaseRobotRules},
 * through the cache's own single flight, fetcher and store, so that a thousand threads asking for
 * one origin cause one fetch, and every lookup and fetch is counted by the cache's listeners (its
 * metrics are the cache's).
 *
 * <p>A call waits at most the deadline it is given; when the cache has no answer by then, it
 * answers rules that defer the visit (no path allowed, {@code isDeferVisits()} true), while the
 * fetch goes on for later calls. It never blocks a thread that must not block: called on a Reactor
 * or Netty event-loop thread ({@link Schedulers#isInNonBlockingThread()}), it throws {@link
 * IllegalStateException} instead (use {@link RobotsCache#rules(String)} there).
 *
 * <p>Thread-safe; holds nothing but the cache and the crawler's identity.
 */
public final class BlockingRobotsCache {
  private final RobotsCache cache;
  private final CrawlerIdentity crawler;

  private BlockingRobotsCache(RobotsCache cache, CrawlerIdentity crawler) {
    this.cache = cache;
    this.crawler = crawler;
  }

  /**
   * A blocking face of {@code cache} for the crawler the cache was built for ({@code
   * RobotsCacheBuilder.crawler(...)}, whose fallback chain the cache's parses follow; {@link
   * RobotNames#identity} makes one from crawler-commons' robot names).
   *
   * @param cache the cache
   * @return the blocking face
   * @throws IllegalArgumentException if the cache has no crawler identity
   */
  public static BlockingRobotsCache of(RobotsCache cache) {
    Objects.requireNonNull(cache, "cache");
    CrawlerIdentity crawler =
        cache
            .crawler()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "the cache has no crawler identity: build it with"
                            + " RobotsCacheBuilder.crawler(RobotNames.identity(names))"));
    return new BlockingRobotsCache(cache, crawler);
  }

  /**
   * The rules for the origin of {@code url}, fetching its robots.txt if the cache must, waiting at
   * most {@code deadline}.
   *
   * @param url an absolute http(s) URL (or origin)
   * @param deadline the longest wait; zero or negative asks only what the cache answers at once
   * @return the crawler's rules for the origin: as the cache holds them (a parsed file, or the
   *     blanket answer of SEMANTICS.md §6, deferred when unreachable), or deferring rules when the
   *     deadline passed or the thread was interrupted (its interrupt status is kept)
   * @throws IllegalStateException on a non-blocking (event-loop) thread, or once the cache is
   *     closed
   * @throws io.github.reactiverobots.robotstxt.url.InvalidUrlException if {@code url} is not a
   *     valid http(s) URL
   */
  public ReactiveRobotRules rules(String url, Duration deadline) {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(deadline, "deadline");
    if (Schedulers.isInNonBlockingThread()) {
      throw new IllegalStateException(
          "BlockingRobotsCache.rules(\""
              + url
              + "\") would block the non-blocking thread "
              + Thread.currentThread().getName()
              + ": call RobotsCache.rules(url) and compose its Mono there");
    }
    CompletableFuture<RobotsRules> pending = cache.rules(url).toFuture();
    try {
      return rulesOf(pending.get(Math.max(0, deadline.toNanos()), TimeUnit.NANOSECONDS));
    } catch (TimeoutException e) {
      pending.cancel(false);
      return ReactiveRobotRules.blanket(false, true);
    } catch (InterruptedException e) {
      pending.cancel(false);
      Thread.currentThread().interrupt();
      return ReactiveRobotRules.blanket(false, true);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException("rules for " + url + " failed", e.getCause());
    }
  }

  private ReactiveRobotRules rulesOf(RobotsRules rules) {
    if (rules.robotsTxt().isPresent()) {
      return ReactiveRobotRules.of(
          rules.robotsTxt().get(), crawler, rules.origin().key() + "/robots.txt");
    }
    // A blanket answer: allow all (unavailable, or given up on), or disallow all while the origin
    // is unreachable or the crawler's own side failed, which a later visit may find otherwise.
    Verdict v = rules.check("/", crawler.token());
    return ReactiveRobotRules.blanket(v.allowed(), !v.allowed());
  }

  /**
   * The cache this face asks.
   *
   * @return the cache
   */
  public RobotsCache cache() {
    return cache;
  }
}
