package io.github.reactiverobots.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code checkIfCached} through the warm path (canonical URLs: origin from the front index, path
 * from the thread's buffer) answers exactly as {@code check}, whose URL goes through the splitter
 * and whose path is matched from a copy, on every row of the oddity sample and on variants that
 * exercise the path copy: a fragment, a query with no path, a path longer than the kept buffer, the
 * same URL spelt non-canonically.
 */
class WarmPathTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  @Test
  void answersAsCheckOnEveryRowOfTheSample() {
    Corpus corpus = Corpus.odditySample();
    FakeFetcher fetcher = FakeFetcher.serving(corpus.files());
    try (RobotsCache cache =
        RobotsCache.builder()
            .fetcher(fetcher)
            .maximumOrigins(100_000)
            .maximumWeight(1L << 30)
            .build()) {
      for (CorpusFile f : corpus.files()) {
        cache.check(f.url("/"), "warmup").block(WAIT);
      }
      int canonical = 0;
      int rows = 0;
      for (UrlRow r : corpus.rows()) {
        String url = corpus.file(r.file()).url(r.path());
        if (!valid(url, r.agent())) {
          continue;
        }
        rows++;
        if (SplitUrl.originKeyLength(url) >= 0) {
          canonical++;
        }
        String[] variants = {url, url + "#f?x", url + "?" + "q".repeat(5000), upperScheme(url)};
        for (String u : variants) {
          Verdict expected = cache.check(u, r.agent()).block(WAIT);
          // twice: the second finds the origin in the index
          assertThat(cache.checkIfCached(u, r.agent())).as(u).contains(expected);
          assertThat(cache.checkIfCached(u, r.agent())).as(u).contains(expected);
        }
      }
      assertThat(rows).isGreaterThan(1000);
      assertThat(canonical).isGreaterThan(rows * 9 / 10);
      assertThat(fetcher.calls()).isEqualTo(corpus.files().size());
    }
  }

  @Test
  void aQueryOrFragmentAloneIsThePathSlash() {
    FakeFetcher fetcher =
        new FakeFetcher().otherwise(CacheFixture.ok("User-agent: *\nDisallow: /?\nDisallow: /$\n"));
    try (RobotsCache cache = RobotsCache.builder().fetcher(fetcher).build()) {
      cache.check("https://a.example/x", "TestBot").block(WAIT);
      assertThat(allowed(cache, "https://a.example?q")).isFalse();
      assertThat(allowed(cache, "https://a.example#f")).isFalse();
      assertThat(allowed(cache, "https://a.example")).isFalse();
      assertThat(allowed(cache, "https://a.example/x?q")).isTrue();
    }
  }

  @Test
  void hashesTheKeyAsItsOriginDoes() {
    // Keys of every length modulo four, so that the four-at-a-time steps and the rest both count.
    for (String host = "a"; host.length() < 40; host += (char) ('a' + host.length() % 26)) {
      String url = "https://" + host + ".example:8443/p?q";
      int keyLength = SplitUrl.originKeyLength(url);
      assertThat(WarmPath.keyHash(url, keyLength))
          .as(url)
          .isEqualTo(url.substring(0, keyLength).hashCode())
          .isEqualTo(Origin.of(url).hashCode());
    }
  }

  @Test
  void originsThatShareAnIndexSlotEachFindTheirOwnEntry() {
    FakeFetcher fetcher =
        new FakeFetcher().otherwise(CacheFixture.ok("User-agent: *\nDisallow: /private\n"));
    WarmPath index = new WarmPath(new RecentOrigins());
    // More origins than slots: collisions overwrite, each lookup still gives its own origin.
    for (int i = 0; i < 40_000; i++) {
      String url = "http://o" + i + ".example/p";
      assertThat(index.origin(url, SplitUrl.originKeyLength(url))).isEqualTo(Origin.of(url));
    }
    try (RobotsCache cache = RobotsCache.builder().fetcher(fetcher).build()) {
      cache.check("http://a.example/", "TestBot").block(WAIT);
      assertThat(cache.checkIfCached("http://b.example/", "TestBot")).isEmpty();
      assertThat(allowed(cache, "http://a.example/private")).isFalse();
      cache.invalidate("http://a.example/");
      assertThat(cache.checkIfCached("http://a.example/", "TestBot")).isEmpty();
    }
  }

  private static Boolean allowed(RobotsCache cache, String url) {
    Optional<Verdict> v = cache.checkIfCached(url, "TestBot");
    return v.map(Verdict::allowed).orElse(null);
  }

  private static boolean valid(String url, String agent) {
    try {
      SplitUrl.of(url);
      CrawlerIdentity.requireCrawlerToken(agent);
      return true;
    } catch (IllegalArgumentException e) { // InvalidUrlException included
      return false;
    }
  }

  private static String upperScheme(String url) {
    return url.startsWith("https:") ? "HTTPS" + url.substring(5) : "HTTP" + url.substring(4);
  }
}
