package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A cache at capacity keeps what it just fetched (SEMANTICS.md §6): crawling new sites several
 * pages each costs one fetch per site, and the hot set survives the scan.
 */
class RobotsCacheAdmissionTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final byte[] BODY;

  static {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 20; i++) {
      sb.append("Disallow: /area-").append(i).append("/private/\n");
    }
    BODY = sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Counts the fetches of each origin. */
  private final Map<Origin, AtomicInteger> fetches = new ConcurrentHashMap<>();
  private final RobotsFetcher fetcher = (origin, validators) -> {
    fetches.computeIfAbsent(origin, o -> new AtomicInteger()).incrementAndGet();
    return Mono.just(FetchResult.status(200).body(BODY).build());
  };
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  private RobotsCache cache(long maximumWeight, Duration residency) {
    return RobotsCache.builder().fetcher(fetcher).crawler("CrawlerBot")
        .parseScheduler(Schedulers.immediate()).ticker(nanos::get)
        .maximumWeight(maximumWeight).minimumResidency(residency).build();
  }

  /** One entry's weight with this body, from a cache of its own. */
  private long entryWeight() {
    try (RobotsCache probe = cache(1 << 30, Duration.ZERO)) {
      probe.check("https://probe.example/").block(WAIT);
      return probe.stats().weightBytes();
    }
  }

  private static String url(String host, int page) {
    return "https://" + host + "/page-" + page;
  }

  /** Fills a cache of 100 entries' weight with a hot set, then crawls new sites at capacity. */
  private int newSiteFetches(RobotsCache cache, int hot, int newSites, int pages) {
    for (int round = 0; round < 12; round++) {
      for (int h = 0; h < hot; h++) {
        cache.check(url("hot" + h + ".example", round)).block(WAIT);
      }
    }
    // Four sites crawled at a time, each for `pages` pages in a row, interleaved.
    for (int first = 0; first < newSites; first += 4) {
      for (int page = 0; page < pages; page++) {
        for (int s = first; s < Math.min(newSites, first + 4); s++) {
          cache.check(url("new" + s + ".example", page)).block(WAIT);
        }
      }
    }
    int total = 0;
    for (int s = 0; s < newSites; s++) {
      total += fetches.get(Origin.of("https://new" + s + ".example")).get();
    }
    return total;
  }

  @Test
  void newSitesCrawledAtCapacityAreFetchedOnceAndTheHotSetStays() {
    long weight = entryWeight();
    fetches.clear();
    int hot = 60;
    int newSites = 400;
    try (RobotsCache cache = cache(100 * weight, Duration.ofMinutes(5))) {
      assertThat(newSiteFetches(cache, hot, newSites, 5)).isEqualTo(newSites);
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(100 * weight);
      // The scan of 400 one-visit-each sites did not flush the hot set.
      for (int h = 0; h < hot; h++) {
        assertThat(cache.checkIfCached(url("hot" + h + ".example", 99))).as("hot%d", h)
            .isPresent();
        assertThat(fetches.get(Origin.of("https://hot" + h + ".example")).get()).isEqualTo(1);
      }
    }
  }

  @Test
  void withoutTheResidencyNewSitesAreFetchedAgainAtCapacity() {
    long weight = entryWeight();
    fetches.clear();
    try (RobotsCache cache = cache(100 * weight, Duration.ZERO)) {
      // Caffeine's admission alone refuses a new site whose one use does not beat the hot set's.
      assertThat(newSiteFetches(cache, 60, 400, 5)).isGreaterThan(400);
    }
  }

  @Test
  void afterTheResidencyAnEntryCompetesLikeAnyOther() {
    long weight = entryWeight();
    fetches.clear();
    try (RobotsCache cache = cache(100 * weight, Duration.ofMinutes(5))) {
      newSiteFetches(cache, 60, 40, 1);
      nanos.addAndGet(Duration.ofMinutes(6).toNanos());
      // One more fetch matures the pinned entries: the cache is back within its bound, with the
      // entries that were used most.
      cache.check("https://late.example/").block(WAIT);
      cache.stats();
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(100 * weight);
      int hotKept = 0;
      for (int h = 0; h < 60; h++) {
        hotKept += cache.checkIfCached(url("hot" + h + ".example", 0)).isPresent() ? 1 : 0;
      }
      assertThat(hotKept).isEqualTo(60);
    }
  }
}
