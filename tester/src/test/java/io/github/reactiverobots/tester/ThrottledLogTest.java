package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One line per period at most, on an injected clock. */
class ThrottledLogTest {
  private final AtomicLong now = new AtomicLong(1_000);
  private final List<String> lines = new ArrayList<>();
  private final ThrottledLog log = new ThrottledLog(Duration.ofMinutes(1), now::get, lines::add);

  @Test
  void theFirstEventIsWrittenAndTheRestOfTheMinuteCounted() {
    for (int i = 0; i < 300; i++) {
      log.record("event " + i);
      now.addAndGet(Duration.ofMillis(100).toNanos()); // 30 s in all
    }
    assertThat(lines).containsExactly("event 0; further ones are logged at most once every 60 s");
    assertThat(log.events()).isEqualTo(300);
    now.addAndGet(Duration.ofSeconds(30).toNanos());
    log.record("event 300");
    assertThat(lines)
        .hasSize(2)
        .last()
        .isEqualTo(
            "event 300 (and 299 more since the last such line); further ones are logged at most"
                + " once every 60 s");
    log.record("event 301");
    assertThat(lines).hasSize(2);
  }

  @Test
  void aQuietMinuteStartsAfresh() {
    log.record("a");
    now.addAndGet(Duration.ofMinutes(5).toNanos());
    log.record("b");
    assertThat(lines)
        .containsExactly(
            "a; further ones are logged at most once every 60 s",
            "b; further ones are logged at most once every 60 s");
  }
}
