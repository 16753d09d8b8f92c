package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.T0;
import static io.github.reactiverobots.core.testing.CacheFixture.assertKeptFor;
import static io.github.reactiverobots.core.testing.CacheFixture.failure;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static io.github.reactiverobots.core.testing.CacheFixture.okBuilder;
import static io.github.reactiverobots.core.testing.CacheFixture.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * Refresh, 304, stale-while-revalidate, the good copy through an outage and the 30-day window, on
 * virtual time with the cache's ticker reading it.
 */
class RobotsCacheRefreshTest {
  private static final String URL = "http://a.com/private/page";
  private static final String PUBLIC = "http://a.com/public";
  private static final String ETAG = "\"v1\"";
  private static final String LAST_MODIFIED = "Sun, 01 Feb 2026 00:00:00 GMT";

  private CacheFixture f = new CacheFixture();

  @AfterEach
  void close() {
    f.close();
  }

  private void fetchGoodCopy(String cacheControl) {
    f.fetcher.then(
        okBuilder(BODY)
            .header("ETag", ETAG)
            .header("Last-Modified", LAST_MODIFIED)
            .header("Cache-Control", cacheControl)
            .build());
    assertThat(f.check(URL).allowed()).isFalse();
  }

  @Test
  void anExpiredCopyIsServedWhileOneConditionalRefreshRunsAnd304KeepsIt() {
    fetchGoodCopy("max-age=3600");
    f.advance(Duration.ofHours(1));
    f.fetcher.then(
        FetchResult.status(304).header("Cache-Control", "max-age=600").build(),
        Duration.ofSeconds(5));
    for (int i = 0; i < 3; i++) {
      Verdict stale = f.check(URL);
      assertThat(stale.allowed()).isFalse();
      OriginState s = stale.originState().orElseThrow();
      assertThat(s.staleCopy()).isTrue();
      assertThat(s.outcome()).isEqualTo(FetchOutcome.OK);
    }
    assertThat(f.fetcher.calls()).isEqualTo(2);
    assertThat(f.fetcher.validators().get(0)).isEqualTo(Conditional.NONE);
    assertThat(f.fetcher.validators().get(1)).isEqualTo(new Conditional(ETAG, LAST_MODIFIED));
    assertThat(f.events.lookups(Lookup.STALE)).isEqualTo(3);

    f.advance(Duration.ofSeconds(5));
    Verdict fresh = f.check(URL);
    assertThat(fresh.allowed()).isFalse();
    assertThat(fresh.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    OriginState s = fresh.originState().orElseThrow();
    assertThat(s.outcome()).isEqualTo(FetchOutcome.NOT_MODIFIED);
    assertThat(s.status()).isEqualTo(304);
    assertThat(s.staleCopy()).isFalse();
    assertThat(s.fetchedAt()).isEqualTo(T0.plus(Duration.ofHours(1)).plusSeconds(5));
    assertKeptFor(s, Duration.ofMinutes(10));
    assertThat(f.events.lookups(Lookup.HIT)).isEqualTo(1);

    f.advance(Duration.ofMinutes(10));
    f.fetcher.then(ok("User-agent: *\nDisallow: /\n"));
    f.check(PUBLIC);
    f.advance(Duration.ZERO);
    Verdict replaced = f.check(PUBLIC);
    assertThat(replaced.allowed()).isFalse();
    assertThat(replaced.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
    assertThat(f.fetcher.validators().get(2)).isEqualTo(new Conditional(ETAG, LAST_MODIFIED));
    assertThat(f.events.outcomes())
        .containsExactly(FetchOutcome.OK, FetchOutcome.NOT_MODIFIED, FetchOutcome.OK);
    assertThat(f.events.evictions(RobotsCacheListener.EvictionCause.REPLACED)).isEqualTo(2);
    assertThat(f.events.parses()).isEqualTo(2);
  }

  @Test
  void a304UpdatesTheValidatorsItCarries() {
    fetchGoodCopy("max-age=300");
    f.advance(Duration.ofMinutes(5));
    f.fetcher.then(FetchResult.status(304).header("ETag", "\"v2\"").build());
    f.check(URL);
    f.advance(Duration.ofHours(24));
    f.fetcher.then(FetchResult.status(304).build());
    f.check(URL);
    assertThat(f.fetcher.validators().get(2)).isEqualTo(new Conditional("\"v2\"", LAST_MODIFIED));
  }

  @Test
  void anExpiredAllowAllIsNotServedButRefetched() {
    f.fetcher.then(status(404));
    assertThat(f.check(URL).allowed()).isTrue();
    f.advance(Duration.ofHours(24));
    f.fetcher.then(ok(BODY), Duration.ofSeconds(2));
    Verdict v = f.checkAfter(URL, Duration.ofSeconds(2));
    assertThat(v.allowed()).isFalse();
    assertThat(f.fetcher.validators().get(1)).isEqualTo(Conditional.NONE);
  }

  @Test
  void aCopyExpiredForLongerThanTheStaleWhileRevalidateWindowMakesCallersWait() {
    fetchGoodCopy(null);
    f.advance(Duration.ofHours(25).plusSeconds(1));
    f.fetcher.then(ok("User-agent: *\nDisallow: /\n"), Duration.ofSeconds(3));
    Verdict v = f.checkAfter(PUBLIC, Duration.ofSeconds(3));
    assertThat(v.allowed()).isFalse();
    assertThat(v.originState().orElseThrow().staleCopy()).isFalse();
  }

  @Test
  void aGoodCopyIsUsedThroughAnOutageForThirtyDaysAfterItWasLastConfirmed() {
    fetchGoodCopy(null);
    f.advance(Duration.ofDays(1));
    f.fetcher.then(status(503));
    f.check(URL);
    f.advance(Duration.ZERO);
    Verdict outage = f.check(URL);
    assertThat(outage.allowed()).isFalse();
    assertThat(outage.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(f.check(PUBLIC).allowed()).isTrue();
    OriginState s = outage.originState().orElseThrow();
    assertThat(s)
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.UNREACHABLE)
                .status(503)
                .fetchedAt(T0.plus(Duration.ofDays(1)))
                .expiresAt(T0.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(1)))
                .staleCopy(true)
                .build());
    assertThat(f.events.lookups(Lookup.STALE)).isGreaterThanOrEqualTo(2);

    f.advance(Duration.ofDays(29).minusMinutes(1).minus(Duration.ofMinutes(1)));
    f.fetcher.then(failure(FailureKind.TIMEOUT));
    Verdict late = f.check(PUBLIC);
    assertThat(late.allowed()).isTrue();
    assertThat(late.originState().orElseThrow().staleCopy()).isTrue();
    assertThat(late.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.UNREACHABLE);

    f.advance(Duration.ofMinutes(2));
    f.fetcher.then(failure(FailureKind.TIMEOUT));
    Verdict tooOld = f.check(PUBLIC);
    assertThat(tooOld.allowed()).isFalse();
    assertThat(tooOld.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(tooOld.originState().orElseThrow().staleCopy()).isFalse();

    f.advance(Duration.ofDays(1));
    f.fetcher.then(status(500));
    Verdict gaveUp = f.check(PUBLIC);
    assertThat(gaveUp.allowed()).isTrue();
    assertThat(gaveUp.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE_GAVE_UP);
  }

  @Test
  void aRefusedAddressAlsoFallsBackOnTheGoodCopy() {
    fetchGoodCopy("max-age=300");
    f.advance(Duration.ofHours(2));
    f.fetcher.then(failure(FailureKind.ADDRESS_REFUSED));
    Verdict v = f.check(URL);
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    OriginState s = v.originState().orElseThrow();
    assertThat(s.outcome()).isEqualTo(FetchOutcome.REFUSED);
    assertThat(s.staleCopy()).isTrue();
  }

  @Test
  void aClientErrorDropsTheGoodCopy() {
    fetchGoodCopy("max-age=300");
    f.advance(Duration.ofMinutes(5));
    f.fetcher.then(status(404)).then(status(503));
    f.check(URL);
    assertThat(f.check(URL).allowed()).isTrue();
    f.advance(Duration.ofDays(1));
    f.check(URL);
    Verdict v = f.check(URL);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
  }

  @Test
  void unreachableForThirtyDaysWithNoCopyAllowsAll() {
    f.fetcher.thenRepeat(status(503), 3);
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    f.advance(Duration.ofDays(15));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    f.advance(Duration.ofDays(15).minusMillis(1));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    f.advance(Duration.ofMinutes(4));
    f.fetcher.then(status(503));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(f.events.lookups(Lookup.STALE)).isEqualTo(1);
    f.advance(Duration.ZERO);
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE_GAVE_UP);
    OriginState s = f.state("http://a.com");
    assertThat(s.outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    assertKeptFor(s, Duration.ofMinutes(8));
  }

  @Test
  void unreachableForThirtyDaysCanBeConfiguredToKeepDisallowing() {
    f.close();
    f = new CacheFixture(b -> b.allowAllWhenUnreachableTooLong(false));
    f.fetcher.thenRepeat(status(503), 2);
    f.check(PUBLIC);
    f.advance(Duration.ofDays(31));
    Verdict v = f.check(PUBLIC);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
  }

  @Test
  void aPreloadedCopyAnswersWithoutFetchingAndRefreshesUnconditionallyWhenExpired() {
    Origin a = Origin.of("http://a.com");
    f.cache.put(a, BODY.getBytes(StandardCharsets.UTF_8));
    Verdict v = f.check(URL);
    assertThat(v.allowed()).isFalse();
    assertThat(v.originState().orElseThrow())
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.PRELOADED)
                .fetchedAt(T0)
                .expiresAt(T0.plus(Duration.ofHours(24)))
                .build());
    assertThat(f.fetcher.calls()).isZero();

    f.cache.put(
        a,
        "User-agent: *\nDisallow: /\n".getBytes(StandardCharsets.UTF_8),
        T0.minus(Duration.ofHours(24)).minus(Duration.ofMinutes(30)));
    f.fetcher.then(ok(BODY));
    Verdict stale = f.check(PUBLIC);
    assertThat(stale.allowed()).isFalse();
    assertThat(stale.originState().orElseThrow().staleCopy()).isTrue();
    assertThat(f.fetcher.validators()).containsExactly(Conditional.NONE);
    assertThat(f.check(PUBLIC).allowed()).isTrue();
  }

  @Test
  void invalidateMakesTheNextCheckFetch() {
    f.fetcher.then(ok(BODY)).then(status(404));
    f.check(URL);
    f.cache.invalidate("http://a.com/anything");
    assertThat(f.check(URL).allowed()).isTrue();
    assertThat(f.fetcher.calls()).isEqualTo(2);
    assertThat(f.events.evictions(RobotsCacheListener.EvictionCause.EXPLICIT)).isEqualTo(1);
  }

  @Test
  void checkIfCachedNeverFetchesNorRefreshes() {
    assertThat(f.cache.checkIfCached(URL, CacheFixture.AGENT)).isEmpty();
    assertThat(f.fetcher.calls()).isZero();
    fetchGoodCopy("max-age=300");
    assertThat(f.cache.checkIfCached(URL, CacheFixture.AGENT))
        .hasValueSatisfying(
            v -> {
              assertThat(v.allowed()).isFalse();
              assertThat(v.originState().orElseThrow().staleCopy()).isFalse();
            });
    f.advance(Duration.ofMinutes(5));
    assertThat(f.cache.checkIfCached(URL, CacheFixture.AGENT))
        .hasValueSatisfying(v -> assertThat(v.originState().orElseThrow().staleCopy()).isTrue());
    f.advance(Duration.ofHours(1));
    assertThat(f.cache.checkIfCached(URL, CacheFixture.AGENT)).isEmpty();
    assertThat(f.fetcher.calls()).isEqualTo(1);
  }

  @Test
  void rulesReportTheStateAndRecords() {
    f.fetcher.then(
        okBuilder(
                "Sitemap: https://a.com/s.xml\nUser-agent: testbot\nCrawl-delay: 2\n"
                    + "Disallow: /x\n")
            .header("Cache-Control", "max-age=600")
            .build());
    StepVerifier.create(f.cache.rules("http://a.com"))
        .assertNext(
            r -> {
              assertThat(r.origin()).isEqualTo(Origin.of("http://a.com"));
              assertThat(r.isBlanket()).isFalse();
              assertThat(r.sitemaps()).containsExactly("https://a.com/s.xml");
              assertThat(r.crawlDelay("TestBot/2.0")).contains(Duration.ofSeconds(2));
              assertThat(r.crawlDelay("other")).isEmpty();
              assertThat(r.check("/x/y", "testbot").allowed()).isFalse();
              assertKeptFor(r.state(), Duration.ofMinutes(10));
            })
        .verifyComplete();
    f.advance(Duration.ofDays(2));
    f.fetcher.then(status(503));
    StepVerifier.create(f.cache.rules("http://a.com/some/page?q"))
        .assertNext(
            r -> {
              assertThat(r.isBlanket()).isFalse();
              assertThat(r.state().staleCopy()).isTrue();
            })
        .verifyComplete();
    f.fetcher.then(status(503));
    f.advance(Duration.ofDays(30));
    StepVerifier.create(f.cache.rules("http://a.com"))
        .assertNext(
            r -> {
              assertThat(r.isBlanket()).isTrue();
              assertThat(r.sitemaps()).isEmpty();
              assertThat(r.robotsTxt()).isEmpty();
              assertThat(r.check("/", "x").reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
            })
        .verifyComplete();
  }
}
