package io.github.reactiverobots.pacing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.pacing.PacerHarness.Crawl;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * One busy origin whose queue is full, interleaved with many others, on virtual time: with {@code
 * deferWhenFull} (the default) its excess comes back {@code DEFERRED} at once and every other
 * origin keeps being released, within the total bound; without it the busy origin holds up the
 * source.
 */
class PacerDeferTest {
  private static final String OPEN = "User-agent: *\nDisallow:\n";
  private static final Origin BUSY = Origin.of("http://busy.test");
  private static final int OTHERS = 100;
  private static final int PER_OTHER = 10;
  private static final int QUEUE = 10;
  private static final int TOTAL = 200;

  /** 1,000 URLs of busy.test interleaved 1:1 with 10 URLs each of 100 other origins. */
  private static Flux<String> busyAndOthers(AtomicLong requested) {
    return Flux.range(0, 2 * OTHERS * PER_OTHER)
        .map(
            i ->
                i % 2 == 0
                    ? "http://busy.test/" + i / 2
                    : "http://o" + (i / 2) % OTHERS + ".test/" + i / (2 * OTHERS))
        .doOnRequest(requested::addAndGet);
  }

  private static UnaryOperator<PacerBuilder> settings(List<Origin> deferred) {
    return b ->
        b.minimumDelay(Duration.ofMillis(50))
            .perOriginQueue(QUEUE)
            .totalQueue(TOTAL)
            .listener(
                new PacerListener() {
                  @Override
                  public void onDeferred(Origin origin) {
                    deferred.add(origin);
                  }
                });
  }

  private static int page(String url) {
    return Integer.parseInt(url.substring(url.lastIndexOf('/') + 1));
  }

  private static long otherReleases(Crawl<String> c) {
    return c.released().stream().filter(p -> !p.origin().orElseThrow().equals(BUSY)).count();
  }

  /**
   * Advances {@code steps} of 50 ms, checking that the pacer never holds, nor asks the source for,
   * more than the total queue beyond what it emitted.
   */
  private static void advanceWithinBound(
      PacerHarness h, Pacer pacer, Crawl<String> c, AtomicLong requested, int steps) {
    for (int step = 0; step <= steps; step++) {
      assertThat(pacer.waiting()).as("held at step %d", step).isLessThanOrEqualTo(TOTAL);
      assertThat(requested.get() - c.seen.size())
          .as("asked ahead at step %d", step)
          .isLessThanOrEqualTo(TOTAL);
      h.advance(Duration.ofMillis(50));
    }
  }

  @Test
  void theBusyOriginsExcessComesBackDeferredAndEveryOtherOriginIsReleased() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.otherwise(CacheFixture.ok(OPEN));
      List<Origin> heard = new ArrayList<>();
      AtomicLong requested = new AtomicLong();
      Pacer pacer = h.pacer(settings(heard));
      Crawl<String> c = h.crawl(pacer, busyAndOthers(requested));

      // At once: the busy origin's excess so far, back untouched.
      List<Paced<String>> deferred = c.ofKind(Paced.Kind.DEFERRED);
      assertThat(deferred).isNotEmpty();
      assertThat(deferred)
          .allSatisfy(
              p -> {
                assertThat(p.origin()).contains(BUSY);
                assertThat(p.verdict()).isEmpty();
                assertThat(p.isReleased()).isFalse();
                assertThat(p.waited()).isZero();
              });

      // Ten releases per origin, 50 ms apart: the others are done in 0.5 s.
      advanceWithinBound(h, pacer, c, requested, PER_OTHER);
      assertThat(otherReleases(c)).isEqualTo(OTHERS * PER_OTHER);
      // The busy origin's last queue's worth follows, 50 ms apart.
      advanceWithinBound(h, pacer, c, requested, 2 * QUEUE);
      List<String> busyReleased =
          c.released().stream()
              .filter(p -> p.origin().orElseThrow().equals(BUSY))
              .map(Paced::url)
              .toList();
      // Its queue's worth at least, in arrival order; every other one came back, each item once.
      assertThat(busyReleased.size()).isGreaterThanOrEqualTo(QUEUE);
      assertThat(busyReleased.subList(0, QUEUE))
          .containsExactlyElementsOf(
              IntStream.range(0, QUEUE).mapToObj(i -> "http://busy.test/" + i).toList());
      assertThat(busyReleased).isSortedAccordingTo(Comparator.comparingInt(PacerDeferTest::page));
      List<String> all = new ArrayList<>(busyReleased);
      c.ofKind(Paced.Kind.DEFERRED).forEach(p -> all.add(p.url()));
      assertThat(all)
          .doesNotHaveDuplicates()
          .hasSize(OTHERS * PER_OTHER)
          .allMatch(u -> u.startsWith("http://busy.test/"));
      assertThat(heard).hasSize(all.size() - busyReleased.size()).containsOnly(BUSY);
      assertThat(c.completed).isTrue();
      assertThat(pacer.waiting()).isZero();
      assertThat(pacer.inFlight()).isZero();
    }
  }

  @Test
  void withoutDeferringTheBusyOriginHoldsUpTheSourceAndTheOthersWait() {
    try (PacerHarness h = new PacerHarness()) {
      h.cache.fetcher.otherwise(CacheFixture.ok(OPEN));
      List<Origin> heard = new ArrayList<>();
      AtomicLong requested = new AtomicLong();
      Pacer pacer = h.pacer(b -> settings(heard).apply(b).deferWhenFull(false));
      Crawl<String> c = h.crawl(pacer, busyAndOthers(requested));

      advanceWithinBound(h, pacer, c, requested, PER_OTHER + 1);

      // The source moves at the busy origin's pace: one busy release lets about one other through.
      assertThat(otherReleases(c)).isLessThan(OTHERS * PER_OTHER / 4);
      assertThat(c.ofKind(Paced.Kind.DEFERRED)).isEmpty();
      assertThat(heard).isEmpty();
      assertThat(c.completed).isFalse();
    }
  }

  @Test
  void aDeferredItemOfferedAgainLaterIsReleased() {
    try (PacerHarness h = new PacerHarness().serve("http://busy.test", OPEN)) {
      Pacer pacer = h.pacer(settings(new ArrayList<>()));
      Crawl<String> first =
          h.crawl(pacer, Flux.range(0, QUEUE + 5).map(i -> "http://busy.test/" + i));
      List<String> deferred = first.ofKind(Paced.Kind.DEFERRED).stream().map(Paced::url).toList();
      assertThat(deferred).hasSize(5);
      h.advance(Duration.ofSeconds(1));
      assertThat(first.completed).isTrue();

      Crawl<String> again = h.crawl(pacer, Flux.fromIterable(deferred));
      h.advance(Duration.ofSeconds(1));

      assertThat(again.released()).extracting(Paced::url).containsExactlyElementsOf(deferred);
      assertThat(again.completed).isTrue();
    }
  }

  @Test
  void deferringIsTheDefault() {
    try (PacerHarness h = new PacerHarness().serve("http://busy.test", OPEN)) {
      Pacer pacer = h.pacer(b -> b.perOriginQueue(1));
      Crawl<String> c = h.crawl(pacer, Flux.just("http://busy.test/a", "http://busy.test/b"));

      assertThat(c.ofKind(Paced.Kind.DEFERRED))
          .extracting(Paced::url)
          .contains("http://busy.test/b");
    }
  }
}
