package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.T0;
import static io.github.reactiverobots.core.testing.CacheFixture.assertKeptFor;
import static io.github.reactiverobots.core.testing.CacheFixture.failure;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static io.github.reactiverobots.core.testing.CacheFixture.okBuilder;
import static io.github.reactiverobots.core.testing.CacheFixture.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

/** Every row of SEMANTICS.md §6, on virtual time with the cache's ticker reading it. */
class RobotsCachePolicyTest {
  private static final String URL = "http://a.com/private/page";
  private static final String PUBLIC = "http://a.com/public";

  private CacheFixture f = new CacheFixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void successUsesTheBodyFor24HoursWhenHeadersSayNothing() {
    f.fetcher.then(ok(BODY));
    Verdict v = f.check(URL);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    OriginState s = v.originState().orElseThrow();
    assertThat(s)
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.OK)
                .status(200)
                .fetchedAt(T0)
                .expiresAt(T0.plus(Duration.ofHours(24)))
                .build());
    assertThat(f.check(PUBLIC).allowed()).isTrue();

    f.advance(Duration.ofHours(24).minusSeconds(1));
    assertThat(f.check(URL).originState().orElseThrow().staleCopy()).isFalse();
    assertThat(f.fetcher.calls()).isEqualTo(1);
    assertThat(f.events.lookups(Lookup.MISS)).isEqualTo(1);
    assertThat(f.events.lookups(Lookup.HIT)).isEqualTo(2);

    f.fetcher.then(ok(BODY));
    f.advance(Duration.ofSeconds(1));
    f.check(URL);
    assertThat(f.fetcher.calls()).isEqualTo(2);
  }

  static Stream<Arguments> freshnessHeaders() {
    DateTimeFormatter http = DateTimeFormatter.RFC_1123_DATE_TIME;
    String date = http.format(T0.atOffset(java.time.ZoneOffset.UTC));
    String twoHoursLater =
        http.format(T0.plus(Duration.ofHours(2)).atOffset(java.time.ZoneOffset.UTC));
    String threeHoursLater =
        http.format(T0.plus(Duration.ofHours(3)).atOffset(java.time.ZoneOffset.UTC));
    return Stream.of(
        Arguments.of("max-age=3600", null, null, null, Duration.ofHours(1)),
        Arguments.of("max-age=60", null, null, null, Duration.ofMinutes(5)),
        Arguments.of("max-age=604800", null, null, null, Duration.ofHours(24)),
        Arguments.of("public, s-maxage=7200, max-age=600", null, null, null, Duration.ofHours(2)),
        Arguments.of("no-store", null, null, null, Duration.ofMinutes(5)),
        Arguments.of("no-cache, max-age=3600", null, null, null, Duration.ofMinutes(5)),
        Arguments.of("max-age=3600", null, null, "1800", Duration.ofMinutes(30)),
        Arguments.of("max-age=3600", null, null, "7200", Duration.ofMinutes(5)),
        Arguments.of(null, twoHoursLater, date, null, Duration.ofHours(2)),
        Arguments.of(null, twoHoursLater, date, "3600", Duration.ofHours(1)),
        Arguments.of(null, threeHoursLater, null, null, Duration.ofHours(3)),
        Arguments.of(null, "0", date, null, Duration.ofMinutes(5)),
        Arguments.of("max-age=7200", date, date, null, Duration.ofHours(2)),
        Arguments.of("private, must-revalidate", null, null, null, Duration.ofHours(24)));
  }

  @ParameterizedTest
  @MethodSource("freshnessHeaders")
  void successIsKeptForTheHeaderFreshnessClampedTo5MinutesAnd24Hours(
      String cacheControl, String expires, String date, String age, Duration expected) {
    f.fetcher.then(
        okBuilder(BODY)
            .header("Cache-Control", cacheControl)
            .header("Expires", expires)
            .header("Date", date)
            .header("Age", age)
            .build());
    assertKeptFor(f.check(URL).originState().orElseThrow(), expected);
    f.advance(expected.minusSeconds(1));
    f.check(URL);
    assertThat(f.fetcher.calls()).isEqualTo(1);
    f.fetcher.then(ok(BODY));
    f.advance(Duration.ofSeconds(1));
    f.check(URL);
    assertThat(f.fetcher.calls()).isEqualTo(2);
  }

  @Test
  void redirectsAreTheFetchersAndTheRulesApplyToTheFirstOrigin() {
    f.fetcher.then(
        okBuilder(BODY)
            .finalUrl("https://b.example/robots.txt")
            .addHop("https://b.example/robots.txt")
            .build());
    assertThat(f.check(URL).allowed()).isFalse();
    f.fetcher.then(status(404));
    assertThat(f.check("https://b.example/private/page").allowed()).isTrue();
    assertThat(f.fetcher.origins())
        .containsExactly(Origin.of("http://a.com"), Origin.of("https://b.example"));
  }

  @ParameterizedTest
  @EnumSource(
      value = FailureKind.class,
      names = {"TOO_MANY_REDIRECTS", "REDIRECT_LOOP"})
  void tooManyRedirectsOrALoopAllowsAllFor24Hours(FailureKind kind) {
    f.fetcher.then(failure(kind));
    Verdict v = f.check(URL);
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    OriginState s = v.originState().orElseThrow();
    assertThat(s.outcome()).isEqualTo(FetchOutcome.TOO_MANY_REDIRECTS);
    assertKeptFor(s, Duration.ofHours(24));
  }

  @ParameterizedTest
  @ValueSource(ints = {400, 401, 403, 404, 410, 451, 499, 300, 304})
  void clientErrorsOtherThan429AndUnfollowedRedirectsAllowAllFor24Hours(int status) {
    f.fetcher.then(FetchResult.status(status).header("Retry-After", "5").build());
    Verdict v = f.check(URL);
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    assertThat(v.rule()).isEmpty();
    OriginState s = v.originState().orElseThrow();
    assertThat(s)
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.UNAVAILABLE)
                .status(status)
                .fetchedAt(T0)
                .expiresAt(T0.plus(Duration.ofHours(24)))
                .build());
    f.advance(Duration.ofHours(24).minusNanos(1));
    assertThat(f.check(URL).allowed()).isTrue();
    assertThat(f.fetcher.calls()).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(ints = {429, 500, 502, 503, 504, 599, 103})
  void tooManyRequestsAndServerErrorsDisallowAllAndRetryAfterAMinute(int status) {
    f.fetcher.then(status(status));
    Verdict v = f.check(PUBLIC);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(v.originState().orElseThrow())
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.UNREACHABLE)
                .status(status)
                .fetchedAt(T0)
                .expiresAt(T0.plus(Duration.ofMinutes(1)))
                .build());
  }

  @ParameterizedTest
  @EnumSource(
      value = FailureKind.class,
      names = {"DNS", "CONNECT", "TLS", "TIMEOUT", "RESET", "BODY_CUT_SHORT", "OTHER"})
  void networkFailuresDisallowAll(FailureKind kind) {
    f.fetcher.then(failure(kind));
    Verdict v = f.check(PUBLIC);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(v.originState().orElseThrow())
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.UNREACHABLE)
                .failure(kind)
                .fetchedAt(T0)
                .expiresAt(T0.plus(Duration.ofMinutes(1)))
                .build());
  }

  @Test
  void aRefusedAddressIsTreatedAsUnreachable() {
    f.fetcher.then(failure(FailureKind.ADDRESS_REFUSED));
    Verdict v = f.check(PUBLIC);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.REFUSED);
    assertKeptFor(v.originState().orElseThrow(), Duration.ofMinutes(1));
  }

  @Test
  void aFetcherErrorSignalOrEmptyOrThrowIsUnreachable() {
    f.close();
    List<Mono<FetchResult>> answers =
        List.of(Mono.error(new IllegalStateException("bug")), Mono.empty());
    for (Mono<FetchResult> answer : answers) {
      f = new CacheFixture(b -> b.fetcher((o, c) -> answer));
      Verdict v = f.check(PUBLIC);
      assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
      f.close();
    }
    f =
        new CacheFixture(
            b ->
                b.fetcher(
                    (o, c) -> {
                      throw new IllegalStateException("bug");
                    }));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
  }

  @Test
  void aFetcherThatNeverAnswersTimesOutAsUnreachable() {
    f.close();
    AtomicReference<Boolean> cancelled = new AtomicReference<>(false);
    f =
        new CacheFixture(
            b ->
                b.fetchTimeout(Duration.ofSeconds(30))
                    .fetcher((o, c) -> CacheFixture.never(cancelled)));
    Verdict v = f.checkAfter(PUBLIC, Duration.ofSeconds(30));
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(cancelled.get()).isTrue();
  }

  @Test
  void retriesBackoffFromOneMinuteDoublingToOneHour() {
    long[] minutes = {1, 2, 4, 8, 16, 32, 60, 60, 60};
    f.fetcher.thenRepeat(status(503), minutes.length);
    f.check(PUBLIC);
    for (int i = 0; i < minutes.length; i++) {
      OriginState s = f.state("http://a.com");
      assertThat(s.outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
      assertKeptFor(s, Duration.ofMinutes(minutes[i]));
      assertThat(f.fetcher.calls()).isEqualTo(i + 1);
      f.advance(Duration.ofMinutes(minutes[i]).minusSeconds(1));
      assertThat(f.check(PUBLIC).allowed()).isFalse();
      assertThat(f.fetcher.calls()).isEqualTo(i + 1);
      if (i + 1 < minutes.length) {
        f.advance(Duration.ofSeconds(1));
        Verdict served = f.check(PUBLIC);
        assertThat(served.allowed()).isFalse();
        assertThat(f.fetcher.calls()).isEqualTo(i + 2);
      }
    }
  }

  @Test
  void aSuccessEndsTheBackoff() {
    f.fetcher.then(status(503)).then(status(503)).then(ok(BODY)).then(status(503));
    f.check(PUBLIC);
    f.advance(Duration.ofMinutes(1));
    f.check(PUBLIC);
    assertKeptFor(f.state("http://a.com"), Duration.ofMinutes(2));
    f.advance(Duration.ofMinutes(2));
    f.check(PUBLIC);
    assertThat(f.state("http://a.com").outcome()).isEqualTo(FetchOutcome.OK);
    f.advance(Duration.ofHours(24));
    f.check(PUBLIC);
    OriginState s = f.state("http://a.com");
    assertThat(s.outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    assertKeptFor(s, Duration.ofMinutes(1));
  }

  static Stream<Arguments> retryAfterValues() {
    DateTimeFormatter http = DateTimeFormatter.RFC_1123_DATE_TIME;
    String date = http.format(T0.minusSeconds(30).atOffset(java.time.ZoneOffset.UTC));
    String tenLater =
        http.format(
            T0.plus(Duration.ofMinutes(10)).minusSeconds(30).atOffset(java.time.ZoneOffset.UTC));
    String inThePast =
        http.format(T0.minus(Duration.ofHours(1)).atOffset(java.time.ZoneOffset.UTC));
    String tenFromNow =
        http.format(T0.plus(Duration.ofMinutes(10)).atOffset(java.time.ZoneOffset.UTC));
    return Stream.of(
        Arguments.of(503, "120", null, Duration.ofMinutes(2)),
        Arguments.of(429, " 7 ", null, Duration.ofSeconds(7)),
        Arguments.of(429, tenLater, date, Duration.ofMinutes(10)),
        Arguments.of(503, tenFromNow, null, Duration.ofMinutes(10)),
        Arguments.of(503, "86400", null, Duration.ofHours(1)),
        Arguments.of(503, "0", null, Duration.ofSeconds(1)),
        Arguments.of(503, inThePast, null, Duration.ofSeconds(1)),
        Arguments.of(503, "soon", null, Duration.ofMinutes(1)));
  }

  @ParameterizedTest
  @MethodSource("retryAfterValues")
  void retryAfterSetsTheRetryTimeCappedAtTheBackoffMaximum(
      int status, String retryAfter, String date, Duration expected) {
    f.fetcher.then(
        FetchResult.status(status).header("Retry-After", retryAfter).header("Date", date).build());
    OriginState s = f.check(PUBLIC).originState().orElseThrow();
    assertKeptFor(s, expected);
    f.advance(expected.minusNanos(1));
    f.check(PUBLIC);
    assertThat(f.fetcher.calls()).isEqualTo(1);
    f.fetcher.then(ok(BODY));
    f.advance(Duration.ofNanos(1));
    f.check(PUBLIC);
    assertThat(f.fetcher.calls()).isEqualTo(2);
  }
}
