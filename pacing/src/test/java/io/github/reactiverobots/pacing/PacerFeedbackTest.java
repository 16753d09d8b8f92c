package io.github.reactiverobots.pacing;

import static io.github.reactiverobots.pacing.PacerHarness.seconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.pacing.PacerHarness.Crawl;
import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * What the crawler reports back on virtual time: 429 and 503 slow an origin down as {@code
 * Retry-After} says (seconds or an HTTP-date) or by a doubling backoff, success restores the pace,
 * an unreported item gives its slot back after the lease.
 */
class PacerFeedbackTest {
  private static final String OPEN = "User-agent: *\nDisallow:\n";

  private final List<String> events = new ArrayList<>();
  private final PacerListener recorder =
      new PacerListener() {
        @Override
        public void onSlowedDown(Origin origin, int status, Duration pause) {
          events.add("slowed " + status + " " + pause);
        }

        @Override
        public void onCapped(Origin origin, Capped what, Duration asked, Duration applied) {
          events.add("capped " + what + " " + asked + " -> " + applied);
        }
      };

  private static Flux<String> pages(int n) {
    return Flux.range(1, n).map(i -> "http://a.test/page" + i);
  }

  @Test
  void a503WithRetryAfterSecondsPausesTheOriginAndSuccessRestoresThePace() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Crawl<String> c = h.crawl(h.pacer(b -> b.listener(recorder)), pages(3), Long.MAX_VALUE, 0);

      assertThat(c.released().get(0).complete(503, "120")).isTrue();
      h.advance(Duration.ofMillis(119_999));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0));
      h.advance(Duration.ofMillis(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 120));

      c.released().get(1).complete(200);
      h.advance(Duration.ofSeconds(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 120, 121));
      assertThat(events).containsExactly("slowed 503 PT2M");
    }
  }

  @Test
  void a429WithAnHttpDateRetryAfterPausesUntilThatDate() {
    // The pacer's wall clock starts at 2026-03-01T00:00:00Z, a Sunday.
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Crawl<String> c = h.crawl(h.pacer(), pages(2), Long.MAX_VALUE, 0);
      h.advance(Duration.ofSeconds(60));

      c.released().get(0).complete(429, "Sun, 01 Mar 2026 00:05:00 GMT");
      h.advance(Duration.ofMillis(239_999));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0));
      h.advance(Duration.ofMillis(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 300));
    }
  }

  @Test
  void withoutRetryAfterTheBackoffDoublesAndAFailureCountsAsASlowDown() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Crawl<String> c =
          h.crawl(
              h.pacer(
                  b -> b.backoff(Duration.ofSeconds(10), Duration.ofHours(1)).listener(recorder)),
              pages(5),
              Long.MAX_VALUE,
              0);

      c.released().get(0).complete(503);
      h.advance(Duration.ofSeconds(10));
      c.released().get(1).complete(429, "soon");
      h.advance(Duration.ofSeconds(20));
      c.released().get(2).fail();
      h.advance(Duration.ofSeconds(40));
      c.released().get(3).complete(404);
      h.advance(Duration.ofSeconds(1));

      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 10, 30, 70, 71));
      assertThat(events).containsExactly("slowed 503 PT10S", "slowed 429 PT20S", "slowed 0 PT40S");
    }
  }

  @Test
  void anAbsurdRetryAfterIsCappedAtTheMaximumBackoffAndReported() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Crawl<String> c =
          h.crawl(
              h.pacer(
                  b -> b.backoff(Duration.ofSeconds(1), Duration.ofMinutes(10)).listener(recorder)),
              pages(2),
              Long.MAX_VALUE,
              0);

      c.released().get(0).complete(503, "86400");
      h.advance(Duration.ofMinutes(10));

      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 600));
      assertThat(events).containsExactly("capped RETRY_AFTER PT24H -> PT10M", "slowed 503 PT10M");
    }
  }

  @Test
  void anUnreportedItemGivesItsSlotBackAfterTheLeaseAndALateReportIsIgnored() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Pacer pacer = h.pacer(b -> b.lease(Duration.ofMinutes(1)));
      Crawl<String> c = h.crawl(pacer, pages(2), Long.MAX_VALUE, 0);
      assertThat(pacer.inFlight()).isEqualTo(1);

      h.advance(Duration.ofSeconds(61));

      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 61));
      assertThat(c.released().get(0).complete(503, "3600")).isFalse();
      assertThat(c.released().get(1).complete(200)).isTrue();
      assertThat(c.released().get(1).complete(200)).isFalse();
      assertThat(pacer.inFlight()).isZero();
    }
  }

  @Test
  void severalFetchesInFlightPerOriginWhenConfigured() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Crawl<String> c =
          h.crawl(h.pacer(b -> b.perOriginConcurrency(2)), pages(3), Long.MAX_VALUE, 0);

      h.advance(Duration.ofSeconds(10));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 1));
      c.released().get(0).complete(200);
      h.advance(Duration.ofSeconds(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 1, 11));
    }
  }

  @Test
  void onlyAReleasedItemIsReportedAndItsStatusIsChecked() {
    try (PacerHarness h =
        new PacerHarness().serve("http://a.test", "User-agent: *\nDisallow: /private\n")) {
      Crawl<String> c =
          h.crawl(
              h.pacer(), Flux.just("http://a.test/private", "http://a.test/"), Long.MAX_VALUE, 0);
      Paced<String> disallowed = c.ofKind(Paced.Kind.DISALLOWED).get(0);
      Paced<String> released = c.released().get(0);

      assertThatThrownBy(() -> disallowed.complete(200))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("DISALLOWED");
      assertThatThrownBy(() -> released.complete(99))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("99");
      assertThatThrownBy(() -> released.complete(600)).isInstanceOf(IllegalArgumentException.class);
      assertThat(released.complete(200)).isTrue();
    }
  }
}
