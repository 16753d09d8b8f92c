package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.SharedSpacing.Request;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SEMANTICS.md §10 across a fleet, on virtual time against a real redis-server: several pacers
 * (workers), each with its own {@link RedisSharedSpacing}, crawl the same origins, and the fleet's
 * releases of an origin are spaced as one pacer's would be: the longest of the rules wins, a {@code
 * Retry-After} one worker saw holds every worker, a {@code visit-time} window holds fleet-wide,
 * leases run out, and keys expire once nothing constrains their origin.
 */
class RedisSharedSpacingTest {
  @RegisterExtension static final RedisServer.PerClass REDIS = RedisServer.perClass();

  private static final Instant NOON = Instant.parse("2026-03-01T12:00:00Z");

  @BeforeEach
  void empty() {
    REDIS.server().commands().flushall();
  }

  private static List<String> pages(String origin, int from, int n) {
    return IntStream.range(from, from + n).mapToObj(i -> origin + "/page" + i).toList();
  }

  private static List<Long> seconds(long... s) {
    return java.util.Arrays.stream(s).map(v -> v * 1000).boxed().toList();
  }

  @Test
  void theLongestOfTheRulesSpacesAnOriginAcrossWorkersAndOtherOriginsAreNotHeldUp()
      throws Exception {
    try (SharedPacingFleet fleet =
        new SharedPacingFleet(REDIS.server().uri(), NOON)
            .serve("http://slow.test", "User-agent: *\nCrawl-delay: 3\nRequest-rate: 1/5s\n")
            .serve("http://free.test", "User-agent: *\nDisallow:\n")) {
      Pacer a = fleet.worker(b -> b.minimumDelay(Duration.ofSeconds(1)));
      Pacer b = fleet.worker(b2 -> b2.minimumDelay(Duration.ofSeconds(1)));
      fleet.crawl("a", a, pages("http://slow.test", 0, 3), 200, null);
      fleet.crawl(
          "b",
          b,
          java.util.stream.Stream.concat(
                  pages("http://slow.test", 3, 3).stream(),
                  pages("http://free.test", 0, 4).stream())
              .toList(),
          200,
          null);

      fleet.advance(Duration.ofSeconds(30));

      assertThat(fleet.releaseTimes("slow.test"))
          .as("releases of slow.test (failed ledger calls: %s)", fleet.failures)
          .isEqualTo(seconds(0, 5, 10, 15, 20, 25));
      assertThat(fleet.workersOf("slow.test")).containsExactly("a", "b");
      assertThat(fleet.releaseTimes("free.test")).isEqualTo(seconds(0, 1, 2, 3));
      assertThat(a.sharedSpacingFallbacks() + b.sharedSpacingFallbacks())
          .as("fallbacks (failed ledger calls: %s)", fleet.failures)
          .isZero();
    }
  }

  @Test
  void aRetryAfterOneWorkerSawHoldsEveryWorkerAndTheLongestPauseWins() throws Exception {
    try (SharedPacingFleet fleet =
        new SharedPacingFleet(REDIS.server().uri(), NOON)
            .serve("http://busy.test", "User-agent: *\nDisallow:\n")) {
      Pacer a = fleet.worker(b -> b);
      Pacer b = fleet.worker(b2 -> b2);
      fleet.crawl("a", a, pages("http://busy.test", 0, 1), 503, "120");
      fleet.advance(Duration.ofMillis(500));
      fleet.crawl("b", b, pages("http://busy.test", 1, 2), 503, "30");

      fleet.advance(Duration.ofSeconds(200));

      // b's 503 at 120 s asks for 30 s, a's pause had ended; the next slot is 150 s.
      assertThat(fleet.releaseTimes("busy.test")).isEqualTo(seconds(0, 120, 150));
      assertThat(fleet.workersOf("busy.test")).containsExactly("a", "b");
    }
  }

  @Test
  void aVisitTimeWindowHoldsFleetWideByTheLedgersClock() throws Exception {
    Instant beforeOpening = Instant.parse("2026-03-01T02:59:58Z");
    try (SharedPacingFleet fleet =
        new SharedPacingFleet(REDIS.server().uri(), beforeOpening)
            .serve("http://night.test", "User-agent: *\nVisit-time: 0300-0400\nCrawl-delay: 2\n")) {
      Pacer a = fleet.worker(b -> b);
      Pacer b = fleet.worker(b2 -> b2);
      fleet.crawl("a", a, pages("http://night.test", 0, 2), 200, null);
      fleet.crawl("b", b, pages("http://night.test", 2, 2), 200, null);

      fleet.advance(Duration.ofSeconds(12));

      assertThat(fleet.releaseTimes("night.test")).isEqualTo(seconds(2, 4, 6, 8));

      // The ledger alone, asked while the window is closed, answers until it opens.
      try (RedisSharedSpacing ledger =
          RedisSharedSpacing.builder()
              .uri(REDIS.server().uri())
              .clock(Clock.fixed(Instant.parse("2026-03-01T04:30:00Z"), ZoneOffset.UTC))
              .build()) {
        Duration wait =
            ledger
                .reserve(
                    Origin.of("http://night.test"),
                    Request.builder()
                        .holder("x")
                        .interval(Duration.ofSeconds(2))
                        .window(new VisitTime(LocalTime.of(3, 0), LocalTime.of(4, 0)))
                        .lease(Duration.ofMinutes(1))
                        .build())
                .block(Duration.ofSeconds(10));
        assertThat(wait).isEqualTo(Duration.ofMinutes(22 * 60 + 30));
      }
    }
  }

  @Test
  void aSlotIsHeldUntilItsFetchEndsOrItsLeaseRunsOut() throws Exception {
    Instant[] now = {NOON};
    Clock clock =
        new Clock() {
          @Override
          public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public Instant instant() {
            return now[0];
          }
        };
    Origin o = Origin.of("http://held.test");
    Duration lease = Duration.ofSeconds(60);
    try (RedisSharedSpacing ledger =
        RedisSharedSpacing.builder().uri(REDIS.server().uri()).clock(clock).build()) {
      Duration interval = Duration.ofSeconds(1);
      assertThat(reserve(ledger, o, "a", interval, lease)).isZero();
      now[0] = NOON.plusSeconds(2);
      // a's fetch has not ended: b waits (at most the interval, then asks again).
      assertThat(reserve(ledger, o, "b", interval, lease)).isEqualTo(interval);
      ledger.finish(o, "a", interval).block(Duration.ofSeconds(10));
      assertThat(reserve(ledger, o, "b", interval, lease)).isEqualTo(interval);
      now[0] = NOON.plusSeconds(3);
      assertThat(reserve(ledger, o, "b", interval, lease)).isZero();
      // b never reports: its lease runs out and c gets the origin.
      now[0] = NOON.plusSeconds(62);
      assertThat(reserve(ledger, o, "c", interval, lease)).isEqualTo(Duration.ofSeconds(1));
      now[0] = NOON.plusSeconds(63);
      assertThat(reserve(ledger, o, "c", interval, lease)).isZero();
      assertThat(ledger.commandsSent()).isGreaterThanOrEqualTo(7);
    }
  }

  @Test
  void aKeyExpiresOnceNothingConstrainsItsOrigin() throws Exception {
    Origin o = Origin.of("http://brief.test");
    try (RedisSharedSpacing ledger =
        RedisSharedSpacing.builder().uri(REDIS.server().uri()).build()) {
      String key = ledger.key(o);
      assertThat(key).isEqualTo("robots:pace:{http://brief.test}");
      // Redis's own clock runs the expiry: the pause must outlast any stall between the finish
      // and the TTL read on a loaded machine (300 ms did not always).
      Duration interval = Duration.ofSeconds(2);
      assertThat(reserve(ledger, o, "a", interval, Duration.ofSeconds(1))).isZero();
      ledger.finish(o, "a", interval).block(Duration.ofSeconds(10));
      long ttl = REDIS.server().commands().pttl(key);
      assertThat(ttl).isBetween(1L, interval.toMillis() + 2);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (REDIS.server().commands().exists(key) > 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(REDIS.server().commands().exists(key)).isZero();
      // A slot given back with no pause leaves nothing behind at once.
      assertThat(reserve(ledger, o, "b", Duration.ZERO, Duration.ofSeconds(1))).isZero();
      ledger.finish(o, "b", Duration.ZERO).block(Duration.ofSeconds(10));
      assertThat(REDIS.server().commands().exists(key)).isZero();
    }
  }

  @Test
  void withRedisDownEachReleaseFollowsTheLocalRulesIsCountedAndRedisIsUsedAgainOnceBack()
      throws Exception {
    try (RedisServer own = RedisServer.start();
        SharedPacingFleet fleet =
            new SharedPacingFleet(own.uri(), NOON)
                .serve("http://down.test", "User-agent: *\nCrawl-delay: 2\n")) {
      Pacer a = fleet.worker(b -> b);
      own.kill();
      fleet.crawl("a", a, pages("http://down.test", 0, 3), 200, null);

      fleet.advance(Duration.ofSeconds(6));

      assertThat(fleet.releaseTimes("down.test")).isEqualTo(seconds(0, 2, 4));
      assertThat(a.sharedSpacingFallbacks()).isEqualTo(3);

      own.restart();
      RedisSharedSpacing ledger = fleet.ledgers.get(0);
      Origin probe = Origin.of("http://probe.test");
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      Duration answer = null;
      while (answer == null && System.nanoTime() < deadline) {
        answer =
            ledger
                .reserve(
                    probe,
                    Request.builder()
                        .holder("probe")
                        .interval(Duration.ZERO)
                        .lease(Duration.ofMillis(1))
                        .build())
                .onErrorResume(e -> reactor.core.publisher.Mono.empty())
                .block(Duration.ofSeconds(2));
      }
      assertThat(answer).isZero();
      fleet.crawl("a", a, pages("http://down.test", 3, 2), 200, null);
      fleet.advance(Duration.ofSeconds(4));

      assertThat(fleet.releaseTimes("down.test")).isEqualTo(seconds(0, 2, 4, 6, 8));
      assertThat(a.sharedSpacingFallbacks()).isEqualTo(3);
      assertThat(own.commands().exists(ledger.key(Origin.of("http://down.test")))).isOne();
    }
  }

  @Test
  void aLedgerClosesInTryWithResourcesWithoutACatchAndRefusesReservationsAfterwards() {
    // No "throws Exception" on this method: close() declares no checked exception.
    RedisSharedSpacing closed;
    try (RedisSharedSpacing ledger =
        RedisSharedSpacing.builder().uri(REDIS.server().uri()).build()) {
      closed = ledger;
      assertThat(
              reserve(
                  ledger, Origin.of("http://open.test"), "a", Duration.ZERO, Duration.ofSeconds(1)))
          .isZero();
    }
    assertThatThrownBy(
            () ->
                reserve(
                    closed,
                    Origin.of("http://open.test"),
                    "b",
                    Duration.ZERO,
                    Duration.ofSeconds(1)))
        .isInstanceOf(RuntimeException.class);
  }

  @Test
  void theBuilderRefusesBracesAndAMissingOrDoubleConnection() {
    assertThatThrownBy(() -> RedisSharedSpacing.builder().keyPrefix("a{b}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("braces");
    assertThatThrownBy(() -> RedisSharedSpacing.builder().build())
        .isInstanceOf(IllegalStateException.class);
  }

  private static Duration reserve(
      RedisSharedSpacing ledger, Origin o, String holder, Duration interval, Duration lease) {
    return ledger
        .reserve(o, Request.builder().holder(holder).interval(interval).lease(lease).build())
        .block(Duration.ofSeconds(10));
  }
}
