package io.github.reactiverobots.pacing;

import static io.github.reactiverobots.pacing.PacerHarness.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.pacing.PacerHarness.Crawl;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The pacer's side of shared spacing on virtual time, with ledgers that answer as told (the ledger
 * on a real Redis is tested in the redis module): a wait holds only its origin, a ledger that fails
 * or is slow leaves the release to the local rules and is counted, and each fetch's end reaches the
 * ledger with the pause the pacer applies.
 */
class PacerSharedSpacingTest {
  private static final String OPEN = "User-agent: *\nDisallow:\n";

  /** A ledger answering reservations with {@code answer}, recording every call. */
  private static final class Ledger implements SharedSpacing {
    final Function<Origin, Mono<Duration>> answer;
    final List<String> calls = new ArrayList<>();

    Ledger(Function<Origin, Mono<Duration>> answer) {
      this.answer = answer;
    }

    @Override
    public Mono<Duration> reserve(Origin origin, Request request) {
      calls.add("reserve " + origin.host() + " " + request.interval());
      return answer.apply(origin);
    }

    @Override
    public Mono<Void> finish(Origin origin, String holder, Duration pause) {
      calls.add("finish " + origin.host() + " " + pause);
      return Mono.empty();
    }
  }

  private static Flux<String> pages(String origin, int n) {
    return Flux.range(1, n).map(i -> origin + "/page" + i);
  }

  @Test
  void aWaitTheLedgerAsksForHoldsItsOriginOnlyWhileOthersAreReleased() {
    int[] asked = new int[1];
    Ledger ledger =
        new Ledger(
            o ->
                Mono.just(
                    o.host().equals("busy.test") && asked[0]++ == 0
                        ? Duration.ofSeconds(5)
                        : Duration.ZERO));
    try (PacerHarness h =
        new PacerHarness().serve("http://busy.test", OPEN).serve("http://free.test", OPEN)) {
      Pacer pacer = h.pacer(b -> b.sharedSpacing(ledger));
      Crawl<String> c =
          h.crawl(pacer, Flux.concat(pages("http://busy.test", 2), pages("http://free.test", 3)));

      h.advance(Duration.ofSeconds(10));

      assertThat(c.releaseTimes("http://free.test")).isEqualTo(seconds(0, 1, 2));
      assertThat(c.releaseTimes("http://busy.test")).isEqualTo(seconds(5, 6));
      assertThat(pacer.sharedSpacingFallbacks()).isZero();
      assertThat(ledger.calls)
          .filteredOn(s -> s.startsWith("reserve busy"))
          .containsExactly(
              "reserve busy.test PT1S", "reserve busy.test PT1S", "reserve busy.test PT1S");
      assertThat(ledger.calls)
          .filteredOn(s -> s.startsWith("finish"))
          .hasSize(5)
          .allMatch(s -> s.endsWith(" PT1S"));
    }
  }

  @Test
  void theListenersHearEveryAnswerOfTheLedgerAndEveryFallback() {
    int[] asked = new int[1];
    Ledger ledger =
        new Ledger(
            o ->
                switch (asked[0]++) {
                  case 0 -> Mono.just(Duration.ofSeconds(3));
                  case 1 -> Mono.error(new IllegalStateException("down"));
                  default -> Mono.just(Duration.ZERO);
                });
    List<String> heard = new ArrayList<>();
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Pacer pacer =
          h.pacer(
              b ->
                  b.sharedSpacing(ledger)
                      .listener(
                          new PacerListener() {
                            @Override
                            public void onSharedSpacingReserved(Origin origin, Duration wait) {
                              heard.add(origin.host() + " " + wait);
                            }

                            @Override
                            public void onSharedSpacingFallback(Origin origin) {
                              heard.add(origin.host() + " fallback");
                            }
                          }));
      Crawl<String> c = h.crawl(pacer, pages("http://a.test", 2));

      h.advance(Duration.ofSeconds(10));

      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(3, 4));
      assertThat(heard).containsExactly("a.test PT3S", "a.test fallback", "a.test PT0S");
      assertThat(pacer.sharedSpacingFallbacks()).isEqualTo(1);
    }
  }

  @Test
  void aLedgerThatFailsLeavesEachReleaseToTheLocalRulesAndIsCounted() {
    List<Origin> fellBack = new ArrayList<>();
    Ledger ledger = new Ledger(o -> Mono.error(new IllegalStateException("down")));
    try (PacerHarness h =
        new PacerHarness().serve("http://a.test", "User-agent: *\nCrawl-delay: 2\n")) {
      Pacer pacer =
          h.pacer(
              b ->
                  b.sharedSpacing(ledger)
                      .listener(
                          new PacerListener() {
                            @Override
                            public void onSharedSpacingFallback(Origin origin) {
                              fellBack.add(origin);
                            }
                          }));
      Crawl<String> c = h.crawl(pacer, pages("http://a.test", 3));

      h.advance(Duration.ofSeconds(10));

      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 2, 4));
      assertThat(c.completed).isTrue();
      assertThat(c.error).isNull();
      assertThat(pacer.sharedSpacingFallbacks()).isEqualTo(3);
      assertThat(fellBack)
          .containsExactly(
              Origin.of("http://a.test"), Origin.of("http://a.test"), Origin.of("http://a.test"));
    }
  }

  @Test
  void aLedgerSlowerThanTheWaitIsALocalReleaseAfterTheWaitAndNoOtherOriginWaitsForIt() {
    Ledger ledger =
        new Ledger(o -> o.host().equals("slow.test") ? Mono.never() : Mono.just(Duration.ZERO));
    try (PacerHarness h =
        new PacerHarness().serve("http://slow.test", OPEN).serve("http://fast.test", OPEN)) {
      Pacer pacer = h.pacer(b -> b.sharedSpacing(ledger).sharedSpacingWait(Duration.ofMillis(300)));
      Crawl<String> c =
          h.crawl(pacer, Flux.concat(pages("http://slow.test", 2), pages("http://fast.test", 2)));

      h.advance(Duration.ofSeconds(5));

      assertThat(c.releaseTimes("http://fast.test")).isEqualTo(seconds(0, 1));
      assertThat(c.releaseTimes("http://slow.test")).isEqualTo(seconds(0.3, 1.6));
      assertThat(pacer.sharedSpacingFallbacks()).isEqualTo(2);
    }
  }

  @Test
  void theLedgerLearnsTheRetryAfterPauseAndAReservationWaitsForDemand() {
    Ledger ledger = new Ledger(o -> Mono.just(Duration.ZERO));
    try (PacerHarness h = new PacerHarness().serve("http://a.test", OPEN)) {
      Pacer pacer = h.pacer(b -> b.sharedSpacing(ledger));
      Crawl<String> c = h.crawl(pacer, pages("http://a.test", 2), 1, 0);

      c.released().get(0).complete(503, "120");
      h.advance(Duration.ofMinutes(3));
      assertThat(ledger.calls).containsExactly("reserve a.test PT1S", "finish a.test PT2M");

      c.request(1);
      assertThat(c.releaseTimes("http://a.test")).isEqualTo(seconds(0, 180));
      assertThat(ledger.calls).hasSize(3);
    }
  }
}
