package io.github.reactiverobots.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.reactiverobots.core.internal.Entry.Blanket;
import io.github.reactiverobots.core.internal.Entry.FailureStreak;
import io.github.reactiverobots.core.internal.Entry.Lifetime;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a leaving pin displaces: the entries least used per byte among the coldest, as many as its
 * weight needs, none read within the grace; nothing when one of them is used as much per byte.
 */
class DisplacementTest {
  private static final long GRACE = CachedEntries.GRACE_NANOS;
  private static final long NOW = TimeUnit.DAYS.toNanos(3);

  /** Each origin's weight and uses. */
  private final Map<Origin, long[]> entries = new HashMap<>();

  private final Cache<Origin, Entry> cache =
      Caffeine.newBuilder()
          .executor(Runnable::run)
          .maximumWeight(10_000)
          .<Origin, Entry>weigher((o, e) -> (int) entries.get(o)[0])
          .build();

  private final Displacement displacement =
      new Displacement(cache.policy(), (o, e) -> entries.get(o)[1], GRACE);

  private static Entry entry(long readAt) {
    OriginState state =
        OriginState.builder()
            .outcome(FetchOutcome.UNAVAILABLE)
            .status(404)
            .fetchedAt(Instant.EPOCH)
            .expiresAt(Instant.EPOCH)
            .build();
    Entry e =
        Entry.blanket(
            Blanket.ALLOW_UNAVAILABLE,
            state,
            new Lifetime(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE),
            FailureStreak.NONE);
    e.touched(readAt);
    return e;
  }

  /**
   * Holds {@code host} at {@code weight} bytes, asked {@code uses} times, last read at {@code
   * readAt}.
   */
  private void hold(String host, long weight, long uses, long readAt) {
    Origin o = Origin.of("https://" + host);
    entries.put(o, new long[] {weight, uses});
    cache.put(o, entry(readAt));
  }

  /** A choice at {@code NOW}, whose victims are then evicted, as the cache does. */
  private Displacement.Choice choose(long need, long pinUses, int charge) {
    return choose(need, pinUses, charge, NOW);
  }

  /** A choice at {@code now}, whose victims are then evicted. */
  private Displacement.Choice choose(long need, long pinUses, int charge, long now) {
    Displacement.Choice c = displacement.choose(need, pinUses, charge, now);
    c.victims().forEach(cache::invalidate);
    return c;
  }

  private static Origin origin(String host) {
    return Origin.of("https://" + host);
  }

  @Test
  void theLeastUsedPerByteMakeTheRoomAsManyAsTheWeightNeeds() {
    long idle = NOW - 10 * GRACE;
    hold("dense.example", 100, 5, idle); // 0.05 per byte
    hold("heavy.example", 2_000, 4, idle); // 0.002
    hold("mid.example", 1_000, 3, idle); // 0.003
    hold("light.example", 200, 2, idle); // 0.01
    Displacement.Choice c = choose(2_500, 10, 500); // 0.02 per byte
    assertThat(c.admit()).isTrue();
    assertThat(c.victims()).containsExactly(origin("heavy.example"), origin("mid.example"));
  }

  @Test
  void aPinUsedLessPerByteThanAVictimItWouldNeedIsRefused() {
    long idle = NOW - 10 * GRACE;
    hold("heavy.example", 2_000, 4, idle); // 0.002
    hold("light.example", 200, 2, idle); // 0.01
    assertThat(choose(1_000, 5, 1_000).admit()).as("0.005 beats 0.002").isTrue();
    Displacement.Choice refused = choose(2_100, 5, 1_000);
    assertThat(refused.admit()).as("the room needs light.example too, at 0.01").isFalse();
    assertThat(refused.victims()).isEmpty();
  }

  @Test
  void anEntryReadWithinTheGraceIsNoCandidate() {
    long idle = NOW - 10 * GRACE;
    hold("crawled.example", 2_000, 1, NOW - GRACE); // the least used per byte, but read just now
    hold("idle.example", 2_000, 4, idle);
    Displacement.Choice c = choose(1_000, 10, 500);
    assertThat(c.admit()).isTrue();
    assertThat(c.victims()).containsExactly(origin("idle.example"));
  }

  @Test
  void withTooFewCandidatesTheEntryCaffeineWouldEvictFirstDecides() {
    hold("crawled.example", 2_000, 3, NOW);
    assertThat(choose(1_000, 4, 500).admit()).isTrue();
    assertThat(choose(1_000, 4, 500).victims()).as("Caffeine makes the room").isEmpty();
    assertThat(choose(1_000, 3, 500).admit()).isFalse();
  }

  @Test
  void pinsTakeThePoolInTurnSkippingWhatWasReadOrReplacedSinceItWasFilled() {
    long idle = NOW - 10 * GRACE;
    hold("a.example", 1_000, 1, idle); // 0.001
    hold("b.example", 1_000, 2, idle); // 0.002
    hold("c.example", 1_000, 3, idle); // 0.003
    hold("d.example", 1_000, 4, idle); // 0.004
    assertThat(choose(500, 10, 500).victims()).containsExactly(origin("a.example"));
    cache.getIfPresent(origin("b.example")).touched(NOW); // read by a crawl since
    hold("c.example", 1_000, 3, idle); // replaced by a refresh
    assertThat(choose(500, 10, 500).victims())
        .as("b was read, c is another entry now: the pool's next that may go")
        .containsExactly(origin("d.example"));
    assertThat(choose(500, 10, 500).victims())
        .as("the pool used up, it is filled again: c, its new entry as idle as before")
        .containsExactly(origin("c.example"));
  }

  @Test
  void aFillThatFindsNoCandidateIsRepeatedOnlyOnceThePoolIsStale() {
    hold("crawled.example", 2_000, 3, NOW); // read just now: no candidate for the grace
    assertThat(choose(1_000, 4, 500).victims())
        .as("no candidate: Caffeine makes the room")
        .isEmpty();
    hold("idle.example", 2_000, 1, NOW - 10 * GRACE);
    assertThat(choose(1_000, 4, 500, NOW + 1).victims())
        .as("the next pin does not walk the coldest order again")
        .isEmpty();
    assertThat(choose(1_000, 4, 500, NOW + Displacement.POOL_NANOS).victims())
        .as("a second later the pool is filled again and finds the idle entry")
        .containsExactly(origin("idle.example"));
  }
}
