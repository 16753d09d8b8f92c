package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The yardsticks on traces worked out by hand, and their order on a Zipf trace. */
class CacheBoundsTest {
  // Ranks: 0 and 1 are asked again and again, 2 and 3 once each.
  private static final int[] TRACE = {0, 1, 2, 0, 1, 3, 0, 1};

  @Test
  void lruLosesEachOriginJustBeforeItIsAskedAgain() {
    assertThat(CacheBounds.lru(TRACE, 2)).isEqualTo(8);
    assertThat(CacheBounds.lru(TRACE, 4)).isEqualTo(4);
  }

  @Test
  void beladyNeverCachesWhatIsAskedFurthestAhead() {
    assertThat(CacheBounds.belady(TRACE, 2)).isEqualTo(4);
    assertThat(CacheBounds.belady(TRACE, 1)).isEqualTo(6);
    assertThat(CacheBounds.belady(TRACE, 0)).isEqualTo(8);
  }

  @Test
  void thePopularityBoundFetchesThePopularOnceAndTheRestEachTime() {
    assertThat(CacheBounds.popularity(TRACE, 2)).isEqualTo(4);
    assertThat(CacheBounds.popularity(TRACE, 1)).isEqualTo(6);
  }

  @Test
  void byWeightTheBoundsHoldWhatTheOriginsOwnWeightsFit() {
    int[] trace = {0, 1, 1, 2, 1, 2, 0};
    long[] weights = {2, 1, 1};
    // By rank, rank 0 fills the room of 2: it is fetched once, the others on each request.
    assertThat(CacheBounds.popularityByWeight(trace, weights, 2)).isEqualTo(6);
    // Per byte (Zipf s = 0.5: 0.50, 0.71 and 0.58 per unit of weight), ranks 1 and 2 fill it.
    assertThat(CacheBounds.popularityPerByte(trace, weights, 2, 0.5)).isEqualTo(4);
  }

  @Test
  void onAZipfTraceBeladyIsBelowThePopularityBoundWhichIsBelowLru() {
    ZipfSampler zipf = new ZipfSampler(5_000, 1.0);
    SplittableRandom r = new SplittableRandom(42);
    int[] trace = new int[50_000];
    for (int i = 0; i < trace.length; i++) {
      trace[i] = zipf.sample(r.nextDouble());
    }
    long belady = CacheBounds.belady(trace, 500);
    long popularity = CacheBounds.popularity(trace, 500);
    long lru = CacheBounds.lru(trace, 500);
    assertThat(belady).isLessThan(popularity);
    assertThat(popularity).isLessThan(lru);
    assertThat(lru).isLessThan(trace.length);
  }
}
