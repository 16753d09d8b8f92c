package io.github.reactiverobots.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.url.Origin;
import org.junit.jupiter.api.Test;

/** The long memory of uses behind admission: what it adds, what it forgets, never less. */
class UseHistoryTest {
  private static Origin origin(int i) {
    return Origin.of("https://site" + i + ".example");
  }

  @Test
  void anOriginsUsesAddUpAndAnUnknownOriginHasNone() {
    UseHistory history = new UseHistory(1_000);
    history.add(origin(1), 3);
    history.add(origin(1), 4);
    assertThat(history.estimate(origin(1))).isEqualTo(7);
    assertThat(history.estimate(origin(2))).isZero();
  }

  @Test
  void noOriginIsUnderestimatedWhateverTheCollisionsUntilAHalving() {
    // 64 slots for 200 origins: many collide; about 800 uses, far from the 4,096 of a halving.
    UseHistory history = new UseHistory(64);
    for (int i = 0; i < 200; i++) {
      history.add(origin(i), i % 7 + 1);
    }
    for (int i = 0; i < 200; i++) {
      assertThat(history.estimate(origin(i))).isGreaterThanOrEqualTo(i % 7 + 1);
    }
  }

  @Test
  void everyCountIsHalvedOnceSixtyFourUsesPerSlotWereAdded() {
    UseHistory history = new UseHistory(16);
    history.add(origin(1), 100);
    // 16 slots: halved when 1,024 uses have been added in all.
    history.add(origin(2), 1_024 - 100 - 1);
    assertThat(history.estimate(origin(1))).isEqualTo(100);
    history.add(origin(3), 1);
    assertThat(history.estimate(origin(1))).isEqualTo(50);
  }

  @Test
  void clearForgetsEverything() {
    UseHistory history = new UseHistory(100);
    history.add(origin(1), 9);
    history.clear();
    assertThat(history.estimate(origin(1))).isZero();
  }
}
