package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.internal.Entry;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The weight estimates against measured retained heap.
 *
 * <p>How it is measured: the used heap after {@code System.gc()} (a full, compacting collection
 * under the default G1), before and after building many copies of the structure and keeping them
 * reachable; the difference divided by the number of copies is the retained size of one copy,
 * including what a copy costs its container (the cache's node, map slot and sketch counters).
 * Copies are built from separate parses (or separate fetches), so nothing is shared between them
 * that would not be shared in a real cache. Noise from other allocations is small against the tens
 * of megabytes measured.
 */
class RobotsCacheWeightTest {

  private static long usedHeapAfterGc() {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "www.goabroad.com.txt",
        "www.heb.com.txt",
        "aawsat.com.txt",
        "www.foodandwine.com.txt",
        "docs.oracle.com.txt"
      })
  void compiledRulesAreEstimatedWithinTwiceTheirMeasuredRetainedSize(String file) {
    byte[] body = Corpus.odditySample().file(file).body();
    long estimate = RobotsTxt.parse(body, ParseOptions.defaults()).estimatedWeight();
    int copies = (int) Math.max(8, Math.min(5_000, 40_000_000 / Math.max(estimate, 1)));
    RobotsTxt[] held = new RobotsTxt[copies];
    long before = usedHeapAfterGc();
    for (int i = 0; i < copies; i++) {
      held[i] = RobotsTxt.parse(body, ParseOptions.defaults());
    }
    long after = usedHeapAfterGc();
    double measured = (double) (after - before) / copies;
    assertThat(held[copies - 1].estimatedWeight()).isEqualTo(estimate);
    System.out.printf(
        "weight %s: %d bytes body, estimate %d, measured %.0f (ratio %.2f)%n",
        file, body.length, estimate, measured, estimate / measured);
    assertThat((double) estimate)
        .as("estimate vs measured %.0f for %s", measured, file)
        .isBetween(measured / 2, measured * 2);
  }

  @Test
  void allowAllAndDisallowAllEntriesCostAFewHundredBytesAndAreEstimatedWithinTwice() {
    int origins = 20_000;
    for (int status : new int[] {404, 503}) {
      try (RobotsCache cache =
          RobotsCache.builder()
              .fetcher((o, c) -> Mono.just(FetchResult.status(status).build()))
              .parseScheduler(Schedulers.immediate())
              .build()) {
        cache.check("https://warmup.example/", "bot").block(Duration.ofSeconds(5));
        long before = usedHeapAfterGc();
        long weightBefore = cache.stats().weightBytes();
        for (int i = 0; i < origins; i++) {
          cache.check("https://www.origin" + i + ".example/", "bot").block(Duration.ofSeconds(5));
        }
        long after = usedHeapAfterGc();
        assertThat(cache.stats().origins()).isEqualTo(origins + 1);
        double measured = (double) (after - before) / origins;
        double estimate = (double) (cache.stats().weightBytes() - weightBefore) / origins;
        System.out.printf(
            "entry weight after %d: estimate %.0f, measured %.0f%n", status, estimate, measured);
        assertThat(measured).isLessThan(500);
        assertThat(estimate).isLessThan(500).isBetween(measured / 2, measured * 2);
      }
    }
  }

  /**
   * The matcher of the agent the checks name is compiled before the entry is weighed, with or
   * without a crawler identity: without one, it used to be compiled by the first check, after
   * weighing, and a quarter of a parsed file's heap was missing from the weight.
   */
  @Test
  void theCheckingAgentsMatcherIsWeighedWithoutACrawlerIdentity() {
    byte[] body = Corpus.odditySample().file("www.heb.com.txt").body();
    long[] weights = new long[2];
    for (int i = 0; i < 2; i++) {
      RobotsCacheBuilder b =
          RobotsCache.builder()
              .fetcher((o, c) -> Mono.just(FetchResult.status(200).body(body).build()))
              .parseScheduler(Schedulers.immediate());
      try (RobotsCache cache = (i == 0 ? b.crawler("MyCrawler/1.0") : b).build()) {
        cache.check("https://www.example.com/x", "MyCrawler/1.0").block(Duration.ofSeconds(5));
        weights[i] = cache.stats().weightBytes();
      }
    }
    RobotsTxt parsed = RobotsTxt.parse(body, ParseOptions.defaults());
    long tables = parsed.estimatedWeight();
    parsed.forAgent("MyCrawler/1.0");
    assertThat(parsed.estimatedWeight()).isGreaterThan(tables);
    assertThat(weights[1])
        .isEqualTo(weights[0])
        .isGreaterThanOrEqualTo(parsed.estimatedWeight() + Entry.OVERHEAD_BYTES);
  }
}
