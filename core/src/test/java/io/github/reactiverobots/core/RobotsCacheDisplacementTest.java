package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A leaving pin displaces the entries least used per byte, never one read within the grace
 * (SEMANTICS.md §6): light origins asked twice take the room of a heavy origin asked three times,
 * which the one-victim comparison of uses refused.
 */
class RobotsCacheDisplacementTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final int HEAVY = 40;
  private static final int LIGHT = 20;

  /** About 2 KB of rules: an entry some ten times an allow-all one. */
  private static final byte[] HEAVY_BODY =
      CountingFetcher.body(40, i -> "Disallow: /section-" + i + "/private*/x$");

  private final List<Origin> evictedForSize = new CopyOnWriteArrayList<>();
  private final AtomicLong nanos = new AtomicLong(TimeUnit.DAYS.toNanos(1));

  /** Heavy origins answer their rules; the others 404 (allow all, the lightest entry). */
  private final CountingFetcher fetches =
      new CountingFetcher(
          origin ->
              origin.host().startsWith("heavy")
                  ? FetchResult.status(200).body(HEAVY_BODY).build()
                  : FetchResult.status(404).build());

  private RobotsCache cache(long maximumWeight) {
    return fetches
        .cache(nanos::get, maximumWeight)
        .minimumResidency(Duration.ofSeconds(1))
        .listener(
            new RobotsCacheListener() {
              @Override
              public void onEviction(Origin origin, EvictionCause cause, long weightBytes) {
                if (cause == EvictionCause.SIZE) {
                  evictedForSize.add(origin);
                }
              }
            })
        .build();
  }

  private long heavyWeight() {
    try (RobotsCache probe = cache(1 << 30)) {
      probe.check("https://heavy-probe.example/").block(WAIT);
      return probe.stats().weightBytes();
    }
  }

  private void advance(Duration d) {
    nanos.addAndGet(d.toNanos());
  }

  private static void check(RobotsCache cache, String host, int times) {
    for (int i = 0; i < times; i++) {
      cache.check("https://" + host + "/page-" + i).block(WAIT);
    }
  }

  /**
   * A cache of {@link #HEAVY} heavy entries' weight filled with heavy origins checked three times
   * each, a second apart so that no pin is kept by the grace; then, once none was read for five
   * seconds, {@link #LIGHT} light origins are checked twice each, and, when their residency is
   * over, a last origin arrives and they leave their pins.
   */
  private RobotsCache filledThenLightPinsLeave() {
    long heavy = heavyWeight();
    fetches.clear();
    evictedForSize.clear();
    RobotsCache cache = cache(HEAVY * heavy);
    for (int h = 0; h < 2 * HEAVY; h++) {
      check(cache, "heavy" + h + ".example", 3);
      advance(Duration.ofSeconds(1));
    }
    advance(Duration.ofSeconds(5));
    evictedForSize.clear();
    for (int l = 0; l < LIGHT; l++) {
      check(cache, "light" + l + ".example", 2);
    }
    advance(Duration.ofMillis(1_200));
    check(cache, "last.example", 1);
    return cache;
  }

  private int lightCached(RobotsCache cache) {
    int cached = 0;
    for (int l = 0; l < LIGHT; l++) {
      cached += cache.checkIfCached("https://light" + l + ".example/again").isPresent() ? 1 : 0;
    }
    return cached;
  }

  @Test
  void lightOriginsAskedTwiceDisplaceAHeavyOriginAskedLessPerByte() {
    try (RobotsCache cache = filledThenLightPinsLeave()) {
      assertThat(lightCached(cache)).isEqualTo(LIGHT);
      // The twenty light entries together weigh less than three heavy ones.
      long heavyDisplaced =
          evictedForSize.stream().filter(o -> o.host().startsWith("heavy")).count();
      assertThat(heavyDisplaced).isBetween(1L, 3L);
      assertThat(evictedForSize).noneMatch(o -> o.host().startsWith("light"));
      assertThat(cache.stats().weightBytes()).isLessThanOrEqualTo(HEAVY * heavyWeight());
    }
  }
}
