package io.github.reactiverobots.pacing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The hand-off to a frontier that owns the queue: the pacing of an origin in the shape
 * url-frontier's {@code SetDelay} and {@code BlockQueueUntil} take (whole seconds, rounded so that
 * the frontier never comes sooner; 0 to unblock).
 */
class QueuePacingTest {
  private static QueuePacing export(PacerHarness h, Pacer pacer, String url, String retryAfter) {
    AtomicReference<QueuePacing> out = new AtomicReference<>();
    pacer.queuePacing(url, retryAfter).subscribe(out::set);
    h.advance(Duration.ZERO);
    return out.get();
  }

  @Test
  void delayWindowAndRetryAfterBecomeADelayAndABlockingTime() {
    Instant t0 = CacheFixture.T0;
    try (PacerHarness h =
        new PacerHarness()
            .serve(
                "http://night.test",
                "User-agent: *\nCrawl-delay: 2.5\nRequest-rate: 1/2s\nVisit-time: 0300-0400\n")
            .serve("http://open.test", "User-agent: *\nDisallow: /private\n")) {
      Pacer pacer = h.pacer(b -> b.backoff(Duration.ofSeconds(1), Duration.ofHours(6)));

      QueuePacing night = export(h, pacer, "http://night.test/a", null);
      assertThat(night.queueKey()).isEqualTo("night.test");
      assertThat(night.interval()).isEqualTo(Duration.ofMillis(2500));
      assertThat(night.delaySeconds()).isEqualTo(3);
      assertThat(night.requestRate()).isEqualTo(new RequestRate(1, Duration.ofSeconds(2)));
      assertThat(night.disallowAll()).isFalse();
      // Closed at midnight: blocked until the window opens at 03:00.
      assertThat(night.blockUntilEpochSeconds(t0)).isEqualTo(t0.getEpochSecond() + 3 * 3600);
      assertThat(night.blockUntilEpochSeconds(t0.plusSeconds(3 * 3600 + 60))).isZero();

      QueuePacing busy = export(h, pacer, "http://night.test/a", "20000");
      assertThat(busy.retryAfterUntil()).isEqualTo(t0.plusSeconds(20000));
      assertThat(busy.blockUntilEpochSeconds(t0)).isEqualTo(t0.getEpochSecond() + 20000);
      QueuePacing capped = export(h, pacer, "http://night.test/a", "99999999");
      assertThat(capped.retryAfterUntil()).isEqualTo(t0.plus(Duration.ofHours(6)));

      QueuePacing open = export(h, pacer, "http://open.test/x", null);
      assertThat(open.delaySeconds()).isEqualTo(1);
      assertThat(open.blockUntilEpochSeconds(t0)).isZero();
    }
  }

  @Test
  void anUnreachableRobotsTxtBlocksTheQueueUntilTheNextAttempt() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.answer(Origin.of("http://down.test"), CacheFixture.status(503));
      Pacer pacer = h.pacer();

      QueuePacing down = export(h, pacer, "http://down.test/a", null);

      assertThat(down.disallowAll()).isTrue();
      assertThat(down.disallowedUntil()).isAfter(CacheFixture.T0);
      assertThat(down.blockUntilEpochSeconds(CacheFixture.T0))
          .isEqualTo(
              down.disallowedUntil().getEpochSecond()
                  + (down.disallowedUntil().getNano() > 0 ? 1 : 0));
    }
  }
}
