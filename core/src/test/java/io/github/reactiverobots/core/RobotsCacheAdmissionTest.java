package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.internal.CachedEntries;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A cache at capacity keeps what it just fetched (SEMANTICS.md §6): crawling new sites several
 * pages each costs one fetch per site, and the hot set survives the scan.
 */
class RobotsCacheAdmissionTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final byte[] BODY =
      CountingFetcher.body(20, i -> "Disallow: /area-" + i + "/private/");

  /** Bodies other than {@link #BODY}, by origin. */
  private final Map<Origin, byte[]> bodies = new ConcurrentHashMap<>();

  private final CountingFetcher fetches =
      new CountingFetcher(
          origin -> FetchResult.status(200).body(bodies.getOrDefault(origin, BODY)).build());
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  private RobotsCache cache(long maximumWeight, Duration residency) {
    return fetches.cache(nanos::get, maximumWeight).minimumResidency(residency).build();
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

  /**
   * Fills the cache to capacity (2,000 sites checked once, then a hot set checked 12 times each),
   * then crawls new sites at capacity, four at a time, {@code pages} pages each in a row, while the
   * hot set stays in use (as many hot checks as new-site checks, round robin); returns the new
   * sites' fetches.
   */
  private int newSiteFetches(RobotsCache cache, int hot, int newSites, int pages) {
    fill(cache, hot);
    int nextHot = 0;
    for (int first = 0; first < newSites; first += 4) {
      for (int page = 0; page < pages; page++) {
        for (int s = first; s < Math.min(newSites, first + 4); s++) {
          cache.check(url("new" + s + ".example", page)).block(WAIT);
          cache.check(url("hot" + nextHot + ".example", 50)).block(WAIT);
          nextHot = (nextHot + 1) % hot;
        }
      }
    }
    int total = 0;
    for (int s = 0; s < newSites; s++) {
      total += fetches.of(Origin.of("https://new" + s + ".example"));
    }
    return total;
  }

  /** 2,000 sites checked four times each: a full cache where an entry used less loses its place. */
  private static void fillWithSitesUsedFourTimes(RobotsCache cache) {
    for (int round = 0; round < 4; round++) {
      for (int f = 0; f < 2_000; f++) {
        cache.check(url("used" + f + ".example", round)).block(WAIT);
      }
    }
  }

  /** 2,000 sites checked once, then a hot set checked 12 times each. */
  private static void fill(RobotsCache cache, int hot) {
    for (int f = 0; f < 2_000; f++) {
      cache.check(url("filler" + f + ".example", 0)).block(WAIT);
    }
    for (int round = 0; round < 12; round++) {
      for (int h = 0; h < hot; h++) {
        cache.check(url("hot" + h + ".example", round)).block(WAIT);
      }
    }
  }

  /** A body whose entry weighs at least {@code target} bytes. */
  private byte[] bodyWeighing(long target) {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int rules = 1; ; rules *= 2) {
      while (sb.length() < rules * 40) {
        sb.append("Disallow: /section-").append(sb.length()).append("/x*y$\n");
      }
      byte[] body = sb.toString().getBytes(StandardCharsets.UTF_8);
      Origin probeOrigin = Origin.of("https://probe.example");
      bodies.put(probeOrigin, body);
      try (RobotsCache probe = cache(1 << 30, Duration.ZERO)) {
        probe.check("https://probe.example/").block(WAIT);
        if (probe.stats().weightBytes() >= target) {
          return body;
        }
      } finally {
        bodies.remove(probeOrigin);
      }
    }
  }

  @Test
  void aLargeNewEntryMaturesThePinsOfFinishedCrawlsNotThoseOfCrawlsInProgress() {
    // The pinned share is a tenth of the bound: 200 entries' weight. The large entry takes 150.
    assertThat(crawlInProgressFetchesWhenALargeEntryArrives(150)).isEqualTo(1);
  }

  /**
   * At capacity, a site crawled page by page (a page every ten fetches of other sites) while 100
   * one-shot sites and then a large one ({@code largeEntries} entries' weight) are fetched, then 30
   * more one-shot sites: returns the crawled site's fetches.
   */
  private int crawlInProgressFetchesWhenALargeEntryArrives(int largeEntries) {
    long weight = entryWeight();
    bodies.put(Origin.of("https://large.example"), bodyWeighing(largeEntries * weight));
    fetches.clear();
    try (RobotsCache cache = cache(2_000 * weight, Duration.ofMinutes(5))) {
      fillWithSitesUsedFourTimes(cache);
      // The crawl goes on a page every ten other fetches, as a crawl in progress does.
      int page = 0;
      cache.check(url("crawled.example", page++)).block(WAIT);
      for (int s = 0; s < 100; s++) {
        cache.check(url("once" + s + ".example", 0)).block(WAIT);
        if (s % 10 == 0) {
          cache.check(url("crawled.example", page++)).block(WAIT);
        }
      }
      cache.check(url("large.example", 0)).block(WAIT);
      for (int s = 100; s < 130; s++) {
        if (s % 10 == 0) {
          cache.check(url("crawled.example", page++)).block(WAIT);
        }
        cache.check(url("once" + s + ".example", 0)).block(WAIT);
      }
      cache.check(url("crawled.example", page)).block(WAIT);
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(2_000 * weight);
      return fetches.of("crawled.example");
    }
  }

  @Test
  void newSitesCrawledAtCapacityAreFetchedOnceAndTheHotSetStays() {
    long weight = entryWeight();
    fetches.clear();
    int hot = 200;
    int newSites = 4_000;
    try (RobotsCache cache = cache(2_000 * weight, Duration.ofMinutes(5))) {
      assertThat(newSiteFetches(cache, hot, newSites, 5)).isEqualTo(newSites);
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(2_000 * weight);
      assertThat(cache.stats().origins()).isGreaterThan(1_500);
      // The scan of 4,000 sites, each crawled once, did not flush the hot set: W-TinyLFU keeps
      // the most used. (Not every hot entry: the hot set was fetched in one burst, so its entries
      // left their residency together and some lost to each other, equally used.)
      int hotRefetched = 0;
      for (int h = 0; h < hot; h++) {
        hotRefetched += fetches.of(Origin.of("https://hot" + h + ".example")) - 1;
      }
      assertThat(hotRefetched).isLessThanOrEqualTo(hot / 10);
      int hotHits = 0;
      for (int h = 0; h < hot; h++) {
        hotHits += cache.checkIfCached(url("hot" + h + ".example", 99)).isPresent() ? 1 : 0;
      }
      assertThat(hotHits).isGreaterThanOrEqualTo(hot - hot / 10);
    }
  }

  @Test
  void withoutTheResidencyNewSitesAreFetchedAgainAtCapacity() {
    long weight = entryWeight();
    fetches.clear();
    try (RobotsCache cache = cache(2_000 * weight, Duration.ZERO)) {
      // Caffeine's admission alone refuses a new site whose one use does not beat the hot set's.
      assertThat(newSiteFetches(cache, 200, 4_000, 5)).isGreaterThan(4_000);
    }
  }

  @Test
  void afterTheResidencyEntriesCompeteAndTheCacheIsBackWithinItsBound() {
    long weight = entryWeight();
    fetches.clear();
    try (RobotsCache cache = cache(2_000 * weight, Duration.ofMinutes(5))) {
      newSiteFetches(cache, 200, 400, 1);
      nanos.addAndGet(Duration.ofMinutes(6).toNanos());
      // One more fetch matures the pinned entries: the cache is back within its bound.
      cache.check("https://late.example/").block(WAIT);
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(2_000 * weight);
      int hotKept = 0;
      for (int h = 0; h < 200; h++) {
        hotKept += cache.checkIfCached(url("hot" + h + ".example", 0)).isPresent() ? 1 : 0;
      }
      assertThat(hotKept).isGreaterThanOrEqualTo(180);
    }
  }

  /**
   * At capacity (a full cache of sites each used four times), a site's crawl reads page 0, then
   * {@code oneShots} one-shot sites are fetched, a millisecond apart, before its next page: returns
   * the crawled site's fetches. The share holds 200 entries and its grace twice that.
   */
  private int crawlFetchesAfterAPause(int oneShots, Duration pauseFirst) {
    long weight = entryWeight();
    fetches.clear();
    try (RobotsCache cache = cache(2_000 * weight, Duration.ofMinutes(5))) {
      fillWithSitesUsedFourTimes(cache);
      cache.check(url("crawled.example", 0)).block(WAIT);
      nanos.addAndGet(pauseFirst.toNanos());
      for (int s = 0; s < oneShots; s++) {
        nanos.addAndGet(Duration.ofMillis(1).toNanos());
        cache.check(url("once" + s + ".example", 0)).block(WAIT);
        assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(2_000 * weight);
      }
      cache.check(url("crawled.example", 1)).block(WAIT);
      return fetches.of("crawled.example");
    }
  }

  @Test
  void aCrawlPausedWhileTheShareTurnsOverKeepsItsEntryWithinTheGrace() {
    // 300 arrivals in 0.3 s turn the share over one and a half times; the main cache gives room.
    assertThat(crawlFetchesAfterAPause(300, Duration.ZERO)).isEqualTo(1);
  }

  @Test
  void aCrawlIdlePastTheGraceLosesItsPinWhenTheShareTurnsOver() {
    assertThat(crawlFetchesAfterAPause(300, Duration.ofNanos(CachedEntries.GRACE_NANOS)))
        .isEqualTo(2);
  }

  @Test
  void beyondTwiceTheShareTheLeastRecentlyReadLeaveEvenWithinTheGrace() {
    assertThat(crawlFetchesAfterAPause(500, Duration.ZERO)).isEqualTo(2);
  }

  @Test
  void anOriginAskedOftenBeforeItLeftIsAdmittedAgainOverOnesAskedLess() {
    long weight = entryWeight();
    fetches.clear();
    try (RobotsCache cache = cache(2_000 * weight, Duration.ofMinutes(5))) {
      fillWithSitesUsedFourTimes(cache);
      for (int page = 0; page < 40; page++) {
        cache.check(url("popular.example", page)).block(WAIT);
      }
      // It leaves (here by invalidation); its 40 checks stay in the cache's memory of uses.
      cache.invalidate("https://popular.example");
      cache.check(url("popular.example", 40)).block(WAIT);
      // 500 one-shot sites: beyond twice the share, its new pin leaves unread.
      for (int s = 0; s < 500; s++) {
        cache.check(url("once" + s + ".example", 0)).block(WAIT);
      }
      assertThat(cache.checkIfCached(url("popular.example", 41))).isPresent();
      assertThat(fetches.of("popular.example")).isEqualTo(2);
    }
  }
}
