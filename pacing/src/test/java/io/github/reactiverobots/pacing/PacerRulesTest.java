package io.github.reactiverobots.pacing;

import static io.github.reactiverobots.pacing.PacerHarness.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.pacing.PacerHarness.Crawl;
import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * SEMANTICS.md §10 on virtual time: each rule that spaces an origin's requests, one at a time, with
 * the crawler reporting every fetch as soon as it is released unless a test says otherwise.
 */
class PacerRulesTest {
  private static Flux<String> pages(String origin, int n) {
    return Flux.range(1, n).map(i -> origin + "/page" + i);
  }

  @Test
  void crawlDelaySpacesTheRequestsOfAnOrigin() {
    try (PacerHarness h =
        new PacerHarness().serve("http://a.test", "User-agent: *\nCrawl-delay: 5\n")) {
      Crawl<String> c = h.crawl(h.pacer(), pages("http://a.test", 4));

      h.advance(Duration.ofMillis(14_999));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 5, 10));
      assertThat(c.completed).isFalse();
      h.advance(Duration.ofMillis(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 5, 10, 15));
      assertThat(c.completed).isTrue();
      assertThat(c.released())
          .allSatisfy(
              p -> {
                assertThat(p.interval()).isEqualTo(Duration.ofSeconds(5));
                assertThat(p.capped()).isFalse();
              });
    }
  }

  @Test
  void theLongestOfCrawlDelayRequestRateAndTheMinimumDelayWins() {
    try (PacerHarness h =
        new PacerHarness()
            .serve("http://rate.test", "User-agent: *\nRequest-rate: 1/10s\nCrawl-delay: 3\n")
            .serve("http://perminute.test", "User-agent: *\nRequest-rate: 3/1m\n")
            .serve("http://short.test", "User-agent: *\nCrawl-delay: 0.5\n")) {
      Pacer pacer = h.pacer(b -> b.minimumDelay(Duration.ofSeconds(2)));
      Crawl<String> c =
          h.crawl(
              pacer,
              Flux.concat(
                  pages("http://rate.test", 3),
                  pages("http://perminute.test", 3),
                  pages("http://short.test", 3)));

      h.advance(Duration.ofMinutes(2));

      assertThat(c.releaseTimes("http://rate.test")).isEqualTo(seconds(0, 10, 20));
      assertThat(c.releaseTimes("http://perminute.test")).isEqualTo(seconds(0, 20, 40));
      assertThat(c.releaseTimes("http://short.test")).isEqualTo(seconds(0, 2, 4));
      assertThat(pacer.interval(Pacing.of(null, new RequestRate(3, Duration.ofMinutes(1)), null)))
          .isEqualTo(Duration.ofSeconds(20));
      assertThat(pacer.interval(Pacing.NONE)).isEqualTo(Duration.ofSeconds(2));
    }
  }

  @Test
  void theNextRequestWaitsOneIntervalAfterThePreviousFetchWasReported() {
    try (PacerHarness h = new PacerHarness().serve("http://a.test", "User-agent: *\nDisallow:\n")) {
      Crawl<String> c =
          h.crawl(
              h.pacer(b -> b.minimumDelay(Duration.ofSeconds(2))),
              pages("http://a.test", 2),
              Long.MAX_VALUE,
              0);

      h.advance(Duration.ofSeconds(3));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0));
      c.released().get(0).complete(200);
      h.advance(Duration.ofMillis(1_999));
      assertThat(c.releaseTimes("http://a.test")).hasSize(1);
      h.advance(Duration.ofMillis(1));
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 5));
    }
  }

  @Test
  void aVisitTimeWindowAcrossMidnightUtcReleasesOnlyInsideIt() {
    // The pacer's wall clock starts at 23:00 UTC; the window is 23:30 to 00:30.
    try (PacerHarness h =
        new PacerHarness()
            .serve("http://night.test", "User-agent: *\nVisit-time: 2330-0030\nCrawl-delay: 1200\n")
            .wallClockAt(Instant.parse("2026-03-01T23:00:00Z"))) {
      Crawl<String> c =
          h.crawl(h.pacer(b -> b.maximumDelay(Duration.ofHours(1))), pages("http://night.test", 5));

      h.advance(Duration.ofMinutes(29));
      assertThat(c.seen).isEmpty();
      h.advance(Duration.ofHours(26));

      // 23:30, 23:50, 00:10; 00:30 is the window's (exclusive) end; then 23:30 and 23:50 the
      // next night.
      assertThat(c.releaseTimes("http://night.test"))
          .containsExactly(
              Duration.ofMinutes(30),
              Duration.ofMinutes(50),
              Duration.ofMinutes(70),
              Duration.ofHours(24).plusMinutes(30),
              Duration.ofHours(24).plusMinutes(50));
      assertThat(c.completed).isTrue();
    }
  }

  @Test
  void anAbsurdCrawlDelayIsCappedAndReported() {
    List<String> capped = new ArrayList<>();
    try (PacerHarness h =
        new PacerHarness()
            .serve("http://slow.test", "User-agent: *\nCrawl-delay: 86400\nRequest-rate: 1/2h\n")) {
      Pacer pacer =
          h.pacer(
              b ->
                  b.maximumDelay(Duration.ofSeconds(30))
                      .listener(
                          new PacerListener() {
                            @Override
                            public void onCapped(
                                Origin origin, Capped what, Duration asked, Duration applied) {
                              capped.add(
                                  origin.host() + " " + what + " " + asked + " -> " + applied);
                            }
                          }));
      Crawl<String> c = h.crawl(pacer, pages("http://slow.test", 3));

      h.advance(Duration.ofMinutes(1));

      assertThat(c.releaseTimes("http://slow.test")).isEqualTo(seconds(0, 30, 60));
      assertThat(c.released())
          .allSatisfy(
              p -> {
                assertThat(p.capped()).isTrue();
                assertThat(p.interval()).isEqualTo(Duration.ofSeconds(30));
              });
      assertThat(capped)
          .containsExactly(
              "slow.test CRAWL_DELAY PT24H -> PT30S", "slow.test REQUEST_RATE PT2H -> PT30S");
    }
  }

  @Test
  void aRequestRateWhosePeriodOverflowsIsCappedAtTheMaximumDelayLikeAnyLongOne() {
    List<String> capped = new ArrayList<>();
    try (PacerHarness h =
        new PacerHarness()
            .serve("http://overflow.test", "User-agent: *\nRequest-rate: 1/2562047788015h\n")
            .serve("http://long.test", "User-agent: *\nRequest-rate: 1/10000000h\n")) {
      Pacer pacer =
          h.pacer(
              b ->
                  b.minimumDelay(Duration.ofMillis(100))
                      .maximumDelay(Duration.ofSeconds(30))
                      .listener(
                          new PacerListener() {
                            @Override
                            public void onCapped(
                                Origin origin, Capped what, Duration asked, Duration applied) {
                              capped.add(origin.host() + " " + what + " -> " + applied);
                            }
                          }));
      Crawl<String> c =
          h.crawl(
              pacer, Flux.concat(pages("http://overflow.test", 2), pages("http://long.test", 2)));

      h.advance(Duration.ofMinutes(1));

      assertThat(c.releaseTimes("http://overflow.test")).isEqualTo(seconds(0, 30));
      assertThat(c.releaseTimes("http://long.test")).isEqualTo(seconds(0, 30));
      assertThat(capped)
          .containsExactlyInAnyOrder(
              "overflow.test REQUEST_RATE -> PT30S", "long.test REQUEST_RATE -> PT30S");
    }
  }
}
