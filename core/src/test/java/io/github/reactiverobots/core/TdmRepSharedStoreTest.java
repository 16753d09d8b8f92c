package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.core.testing.MemoryStore;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.TdmReservation;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An origin's tdmrep.json goes through the fleet's store, as its robots.txt does. */
class TdmRepSharedStoreTest {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String URL = "https://example.com/books/1";
  private static final Origin ORIGIN = Origin.of(URL);
  private static final String PATH = "/.well-known/tdmrep.json";
  private static final String FILE = "[{\"location\": \"/books/\", \"tdm-reservation\": 1}]";

  private final MemoryStore store = new MemoryStore(Instant::now);
  private final List<RobotsCache> caches = new ArrayList<>();

  @AfterEach
  void close() {
    caches.forEach(RobotsCache::close);
  }

  private RobotsCache worker(FakeFetcher fetcher) {
    RobotsCache cache =
        RobotsCache.builder().fetcher(fetcher).store(store).crawler("AiBot/1.0").build();
    caches.add(cache);
    return cache;
  }

  private static FakeFetcher serving(String file, int status) {
    return new FakeFetcher()
        .otherwise(ok(200, "User-agent: *\nAllow: /\n"))
        .resources(() -> ok(status, file));
  }

  private static FetchResult ok(int status, String body) {
    return FetchResult.status(status).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  @Test
  void aFileOneWorkerFetchedAnswersAnotherWithoutAFetch() {
    FakeFetcher first = serving(FILE, 200);
    TdmReservation a = worker(first).tdmReservation(URL).block(WAIT);
    assertThat(a.reservation()).isEqualTo(Reservation.RESERVED);
    assertThat(first.resourcesAsked()).containsExactly("https://example.com" + PATH);
    StoredRobots shared = store.getResource(ORIGIN, PATH).block(WAIT);
    assertThat(shared.state().status()).isEqualTo(200);

    FakeFetcher second = serving("[]", 200);
    TdmReservation b = worker(second).tdmReservation(URL).block(WAIT);
    assertThat(b.reservation()).isEqualTo(Reservation.RESERVED);
    assertThat(second.resourcesAsked()).as("read from the store, not fetched").isEmpty();
  }

  @Test
  void anAbsenceIsSharedAndAFailureIsNot() {
    worker(serving("", 404)).tdmReservation(URL).block(WAIT);
    assertThat(store.getResource(ORIGIN, PATH).block(WAIT).state().status()).isEqualTo(404);
    FakeFetcher second = serving(FILE, 200);
    assertThat(worker(second).tdmReservation(URL).block(WAIT).reservation())
        .isEqualTo(Reservation.UNKNOWN);
    assertThat(second.resourcesAsked()).isEmpty();

    Origin other = Origin.of("https://down.example");
    worker(serving("", 503)).tdmReservation("https://down.example/x").block(WAIT);
    assertThat(store.getResource(other, PATH).blockOptional(WAIT)).isEmpty();
  }

  @Test
  void aStoredFileIsHeldToThisCachesTimeToKeepAndAnExpiredOneIsFetchedAgain() {
    Instant now = Instant.now();
    store
        .putResource(
            ORIGIN,
            PATH,
            StoredRobots.builder()
                .state(
                    OriginState.builder()
                        .outcome(FetchOutcome.OK)
                        .status(200)
                        .fetchedAt(now.minus(Duration.ofDays(2)))
                        .expiresAt(now.plus(Duration.ofDays(365_000)))
                        .build())
                .body(FILE.getBytes(StandardCharsets.UTF_8))
                .confirmedAt(now.minus(Duration.ofDays(2)))
                .build(),
            Duration.ofDays(1))
        .block(WAIT);
    FakeFetcher fetcher = serving("[]", 200);
    TdmReservation answer = worker(fetcher).tdmReservation(URL).block(WAIT);
    assertThat(fetcher.resourcesAsked())
        .as("fetched two days after another worker's copy, whatever that copy claimed")
        .hasSize(1);
    assertThat(answer.reservation()).isEqualTo(Reservation.UNKNOWN);
  }
}
