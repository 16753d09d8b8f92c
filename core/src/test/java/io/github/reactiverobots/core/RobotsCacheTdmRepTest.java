package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.internal.TdmRepFiles;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.TdmReservation;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** SEMANTICS.md §8 through the cache: {@code /.well-known/tdmrep.json}, asked for only by usage. */
class RobotsCacheTdmRepTest {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String FILE =
      """
      [{"location": "/", "tdm-reservation": 0},
       {"location": "/books/*", "tdm-reservation": 1}]
      """;

  private final AtomicInteger robotsFetches = new AtomicInteger();
  private final AtomicInteger tdmFetches = new AtomicInteger();
  private final ConcurrentLinkedQueue<String> paths = new ConcurrentLinkedQueue<>();
  private final AtomicReference<Supplier<Mono<FetchResult>>> tdmAnswer =
      new AtomicReference<>(() -> Mono.just(ok(FILE)));
  private final AtomicLong now = new AtomicLong(1_000_000_000L);

  private final RobotsCache cache =
      RobotsCache.builder()
          .fetcher(
              new RobotsFetcher() {
                @Override
                public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
                  return Mono.fromSupplier(
                      () -> {
                        robotsFetches.incrementAndGet();
                        return ok("User-agent: *\nDisallow: /private\n");
                      });
                }

                @Override
                public Mono<FetchResult> fetchResource(Origin origin, String path) {
                  return Mono.defer(
                      () -> {
                        tdmFetches.incrementAndGet();
                        paths.add(origin.key() + path);
                        return tdmAnswer.get().get();
                      });
                }
              })
          .crawler("AiBot/1.0 (+https://example.com/bot)")
          .ticker(now::get)
          .build();

  private static FetchResult ok(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void theFirstMatchingEntryOfTheOriginsFileDecides() {
    TdmReservation books = cache.tdmReservation("https://example.com/books/1").block(WAIT);
    assertThat(books.reservation()).isEqualTo(Reservation.NOT_RESERVED);
    assertThat(books.source()).isEqualTo(UsageSource.TDMREP_FILE);
    assertThat(paths).containsExactly("https://example.com/.well-known/tdmrep.json");
    assertThat(robotsFetches).as("robots.txt is not needed for it").hasValue(0);
  }

  @Test
  void thePlainCrawlCheckAndTheUsageAnswerNeverFetchIt() {
    assertThat(cache.check("https://example.com/books/1").block(WAIT).allowed()).isTrue();
    assertThat(cache.usage("https://example.com/books/1").block(WAIT).applies()).isTrue();
    assertThat(cache.rules("https://example.com/").block(WAIT).licenses()).isEmpty();
    assertThat(
            cache
                .checkAll(Flux.just("https://example.com/a", "https://example.com/b"))
                .collectList()
                .block(WAIT))
        .hasSize(2);
    assertThat(tdmFetches).hasValue(0);
  }

  @Test
  void oneFetchPerOriginUnderAThousandConcurrentQuestions() {
    Sinks.One<FetchResult> gate = Sinks.one();
    tdmAnswer.set(gate::asMono);
    List<Mono<TdmReservation>> asks = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      asks.add(cache.tdmReservation("https://example.com/books/" + i).cache());
    }
    asks.forEach(Mono::subscribe);
    assertThat(tdmFetches).hasValue(1);
    gate.tryEmitValue(ok("[{\"location\": \"/books/\", \"tdm-reservation\": 1}]"));
    for (Mono<TdmReservation> ask : asks) {
      assertThat(ask.block(WAIT).reserved()).isTrue();
    }
    assertThat(tdmFetches).hasValue(1);
    // Held: asked again, not fetched again, until its day is over.
    assertThat(cache.tdmReservation("https://example.com/books/x").block(WAIT).reserved()).isTrue();
    assertThat(tdmFetches).hasValue(1);
    now.addAndGet(TdmRepFiles.KEEP.toNanos());
    cache.tdmReservation("https://example.com/books/x").block(WAIT);
    assertThat(tdmFetches).hasValue(2);
    // Another origin is another file.
    cache.tdmReservation("https://other.example/").block(WAIT);
    assertThat(tdmFetches).hasValue(3);
  }

  @Test
  void absentUnreachableOversizedAndGarbageFilesAreUnknown() {
    record Case(String name, FetchResult result, Duration kept) {}
    List<Case> cases =
        List.of(
            new Case("404", FetchResult.status(404).build(), TdmRepFiles.KEEP),
            new Case("503", FetchResult.status(503).build(), TdmRepFiles.RETRY),
            new Case("429", FetchResult.status(429).build(), TdmRepFiles.RETRY),
            new Case(
                "refused",
                FetchResult.failure(FailureKind.CONNECT, "refused").build(),
                TdmRepFiles.RETRY),
            new Case(
                "cut short",
                FetchResult.status(200)
                    .body("[{\"location\": \"/\", \"tdm-reservation\": 0}]".getBytes())
                    .bodyTruncated(true)
                    .build(),
                TdmRepFiles.KEEP),
            new Case(
                "oversized",
                ok(
                    "[{\"location\": \"/\", \"tdm-reservation\": 0, \"x\": \""
                        + "a".repeat(70_000)
                        + "\"}]"),
                TdmRepFiles.KEEP),
            new Case("garbage", ok("<html>not json</html>"), TdmRepFiles.KEEP));
    int n = 0;
    for (Case c : cases) {
      tdmAnswer.set(() -> Mono.just(c.result()));
      String url = "https://site" + n++ + ".example/page";
      assertThat(cache.tdmReservation(url).block(WAIT))
          .as(c.name())
          .isEqualTo(TdmReservation.UNKNOWN);
      int fetched = tdmFetches.get();
      now.addAndGet(c.kept().toNanos() - 1);
      cache.tdmReservation(url).block(WAIT);
      assertThat(tdmFetches.get()).as(c.name() + " still held").isEqualTo(fetched);
      now.addAndGet(1);
      cache.tdmReservation(url).block(WAIT);
      assertThat(tdmFetches.get()).as(c.name() + " asked again").isEqualTo(fetched + 1);
    }
  }

  @Test
  void aFetcherThatFetchesRobotsTxtOnlyLeavesItUnknown() {
    try (RobotsCache plain =
        RobotsCache.builder()
            .fetcher((origin, validators) -> Mono.just(FetchResult.status(404).build()))
            .crawler("AiBot/1.0")
            .build()) {
      assertThat(plain.tdmReservation("https://example.com/x").block(WAIT))
          .isEqualTo(TdmReservation.UNKNOWN);
    }
  }
}
