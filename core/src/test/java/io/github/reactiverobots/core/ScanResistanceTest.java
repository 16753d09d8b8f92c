package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * SEMANTICS.md §6 at capacity, deterministically (one thread, immediate parse scheduler, a ticker
 * that does not move): a scan of one-shot origins leaves the origins used again and again in place,
 * and an origin whose crawl has just begun keeps its entry whatever else is fetched meanwhile.
 */
class ScanResistanceTest {
  private static final Duration WAIT = Duration.ofSeconds(5);

  /** The body every origin serves, set by {@link #cache}. */
  private volatile byte[] body;

  private final CountingFetcher fetches =
      new CountingFetcher(origin -> FetchResult.status(200).body(body).build());
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  private RobotsCache cache(long maximumWeight, byte[] body) {
    this.body = body;
    return fetches.cache(nanos::get, maximumWeight).build();
  }

  private int fetchesOf(String host) {
    return fetches.of(host);
  }

  private static void check(RobotsCache cache, String host, int page) {
    cache.check("https://" + host + "/page-" + page).block(WAIT);
  }

  /** A robots.txt of about {@code bytes} bytes: comments and a few distinct Disallow lines. */
  private static byte[] body(int bytes) {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 8; i++) {
      sb.append("Disallow: /section-").append(i).append("/private/\n");
    }
    while (sb.length() < bytes) {
      sb.append("# robots.txt of a site with a few rules and much commentary, as many are\n");
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aScanOfOneShotOriginsLeavesTheHotSetAndNewCrawlsAreFetchedOnce() {
    byte[] body = body(3 * 1024);
    try (RobotsCache cache = cache(4L << 20, body)) {
      int hot = 1_000;
      for (int round = 0; round < 4; round++) {
        for (int h = 0; h < hot; h++) {
          check(cache, "hot" + h + ".example", round);
        }
      }
      long weightPerEntry = cache.stats().weightBytes() / cache.stats().origins();
      for (int s = 0; s < 2_000; s++) {
        check(cache, "once" + s + ".example", 0);
      }
      for (int s = 0; s < 60; s++) {
        for (int page = 0; page < 5; page++) {
          check(cache, "new" + s + ".example", page);
        }
      }
      int newFetches = 0;
      for (int s = 0; s < 60; s++) {
        newFetches += fetchesOf("new" + s + ".example");
      }
      int hotCached = 0;
      for (int h = 0; h < hot; h++) {
        hotCached += cache.checkIfCached("https://hot" + h + ".example/x").isPresent() ? 1 : 0;
      }
      System.out.printf(
          "scan: %d bytes per entry, %d of %d hot origins cached, %d fetches for"
              + " 60 new origins%n",
          weightPerEntry, hotCached, hot, newFetches);
      assertThat(newFetches).isEqualTo(60);
      assertThat(hotCached).isGreaterThanOrEqualTo(hot * 8 / 10);
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(4L << 20);
    }
  }

  /**
   * The cause of the refetches while crawled that the simulator showed about one run in three: a
   * new pin counted as not read, so when every older pin had been read since the CLOCK hand last
   * passed it (crawls that had just read their pages), the next fetch took the newest pin, a site
   * whose crawl had just begun, and the main cache evicted it before its second page. Here two
   * crawls start in turn, the second's fetch completing before the first's second page, as
   * concurrent crawls do, over and over at capacity.
   */
  @Test
  void aCrawlJustBegunKeepsItsEntryWhenAnotherFetchCompletesBeforeItsSecondPage() {
    byte[] body = body(600);
    long weight;
    try (RobotsCache probe = cache(1L << 30, body)) {
      check(probe, "probe.example", 0);
      weight = probe.stats().weightBytes();
    }
    fetches.clear();
    try (RobotsCache cache = cache(100 * weight, body)) {
      // A full cache of origins used four times each: an entry used less loses its place.
      for (int round = 0; round < 4; round++) {
        for (int f = 0; f < 200; f++) {
          check(cache, "used" + f + ".example", round);
        }
      }
      for (int pair = 0; pair < 50; pair++) {
        String first = "first" + pair + ".example";
        String second = "second" + pair + ".example";
        check(cache, first, 0);
        check(cache, second, 0);
        for (int page = 1; page < 5; page++) {
          check(cache, first, page);
          check(cache, second, page);
        }
        assertThat(fetchesOf(first)).as(first).isEqualTo(1);
        assertThat(fetchesOf(second)).as(second).isEqualTo(1);
      }
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(100 * weight);
    }
  }

  /**
   * The cause of the refetch while crawled left after the fix above: the CLOCK hand skips a new pin
   * once, so when fetches of short crawls arrive fast it goes round the share in a few arrivals,
   * far sooner than the share turns over, and took a crawl still in progress that had read its
   * entry a few fetches earlier (on a loaded machine, a crawl whose thread is held back); the main
   * cache, full of entries used more often, then evicted it at admission before its next page. Here
   * one crawl reads a page after every fifth fetch of crawls begun after it, half the share's
   * worth, and must keep its entry.
   */
  @Test
  void aCrawlReadingWhileTheShareTurnsOverKeepsItsEntry() {
    byte[] body = body(600);
    long weight;
    try (RobotsCache probe = cache(1L << 30, body)) {
      check(probe, "probe.example", 0);
      weight = probe.stats().weightBytes();
    }
    fetches.clear();
    try (RobotsCache cache = cache(100 * weight, body)) {
      for (int round = 0; round < 4; round++) {
        for (int f = 0; f < 200; f++) {
          check(cache, "used" + f + ".example", round);
        }
      }
      for (int turn = 0; turn < 20; turn++) {
        String slow = "slow" + turn + ".example";
        check(cache, slow, 0);
        for (int other = 0; other < 20; other++) {
          for (int page = 0; page < 5; page++) {
            check(cache, "quick" + turn + "-" + other + ".example", page);
          }
          if (other % 5 == 4) {
            check(cache, slow, 1 + other / 5);
          }
        }
        assertThat(fetchesOf(slow)).as(slow).isEqualTo(1);
      }
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(100 * weight);
    }
  }
}
