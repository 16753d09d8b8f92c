package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.AGENT;
import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static io.github.reactiverobots.core.testing.CacheFixture.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.fetch.RobotsFetcher.FetcherStats;
import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class RobotsCacheApiTest {
  private CacheFixture f = new CacheFixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void nullArgumentsThrowAtOnce() {
    RobotsCache c = f.cache;
    assertThatThrownBy(() -> c.check(null, AGENT)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.check("http://a.com/", null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.allowed(null, AGENT)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.checkAll(null, AGENT)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.checkAll(Flux.just("http://a.com/"), null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.checkIfCached(null, AGENT)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.rules(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.put((String) null, new byte[0]))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.put((Origin) null, new byte[0]))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.put(Origin.of("http://a.com"), null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.invalidate((Origin) null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> c.addListener(null)).isInstanceOf(NullPointerException.class);
    assertThat(f.fetcher.calls()).isZero();
  }

  @Test
  void invalidUrlsErrorTheMonoWithoutFetching() {
    for (String bad :
        List.of("ftp://a.com/x", "a.com/x", "http://", "http://a.com:99999/", "http://a b.com/")) {
      StepVerifier.create(f.cache.check(bad, AGENT))
          .expectErrorSatisfies(
              e -> assertThat(e).isInstanceOf(InvalidUrlException.class).hasMessageContaining(bad))
          .verify(Duration.ofSeconds(5));
    }
    StepVerifier.create(f.cache.rules("nope")).expectError(InvalidUrlException.class).verify();
    assertThatThrownBy(() -> f.cache.checkIfCached("nope", AGENT))
        .isInstanceOf(InvalidUrlException.class);
    assertThat(f.fetcher.calls()).isZero();
  }

  @Test
  void allowedIsTheVerdictsAnswer() {
    f.fetcher.then(ok(BODY));
    StepVerifier.create(f.cache.allowed("http://a.com/private/x", AGENT))
        .expectNext(false)
        .verifyComplete();
    StepVerifier.create(f.cache.allowed("http://A.com:80/public", AGENT))
        .expectNext(true)
        .verifyComplete();
    assertThat(f.fetcher.calls()).isEqualTo(1);
  }

  @Test
  void checkAllAnswersInInputOrderWhateverOrderTheFetchesFinishIn() {
    f.fetcher
        .then(ok(BODY), Duration.ofSeconds(3))
        .then(status(404), Duration.ofSeconds(1))
        .then(status(503), Duration.ofSeconds(2));
    List<String> urls =
        List.of(
            "http://a.com/private",
            "http://b.com/private",
            "http://c.com/private",
            "http://a.com/public",
            "http://b.com/x");
    StepVerifier.create(f.cache.checkAll(Flux.fromIterable(urls), AGENT))
        .expectSubscription()
        .then(() -> f.advance(Duration.ofSeconds(3)))
        .assertNext(r -> assertThat(reason(r, urls.get(0))).isEqualTo(Reason.MATCHED_DISALLOW))
        .assertNext(r -> assertThat(reason(r, urls.get(1))).isEqualTo(Reason.ROBOTS_UNAVAILABLE))
        .assertNext(r -> assertThat(reason(r, urls.get(2))).isEqualTo(Reason.ROBOTS_UNREACHABLE))
        .assertNext(r -> assertThat(reason(r, urls.get(3))).isEqualTo(Reason.NO_MATCHING_RULE))
        .assertNext(r -> assertThat(reason(r, urls.get(4))).isEqualTo(Reason.ROBOTS_UNAVAILABLE))
        .verifyComplete();
    assertThat(f.fetcher.calls()).isEqualTo(3);
  }

  @Test
  void checkAllBoundsConcurrencyAndHonoursBackpressure() {
    f.close();
    f = new CacheFixture(b -> b.checkAllConcurrency(8));
    f.fetcher.thenRepeat(status(404), 1_000);
    AtomicLong requested = new AtomicLong();
    Flux<String> urls =
        Flux.range(0, 1_000)
            .map(i -> "http://o" + i + ".example/")
            .doOnRequest(n -> requested.addAndGet(n));
    StepVerifier.create(f.cache.checkAll(urls, AGENT), 0)
        .expectSubscription()
        .then(() -> assertThat(requested.get()).isEqualTo(8))
        .thenRequest(3)
        .expectNextCount(3)
        .then(() -> assertThat(requested.get()).isLessThanOrEqualTo(8 + 3))
        .then(() -> assertThat(f.fetcher.calls()).isLessThanOrEqualTo(8 + 3))
        .thenRequest(Long.MAX_VALUE)
        .expectNextCount(997)
        .verifyComplete();
    assertThat(f.fetcher.calls()).isEqualTo(1_000);
  }

  @Test
  void checkAllAnswersEveryInputAndCarriesTheErrorOfAnInvalidOneInItsPlace() {
    f.fetcher.thenRepeat(ok(BODY), 9);
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      urls.add(i == 3 ? "not a url" : "http://o" + i + ".example/private");
    }
    List<CheckResult> results =
        f.cache
            .checkAll(Flux.fromIterable(urls), AGENT)
            .collectList()
            .block(Duration.ofSeconds(10));
    assertThat(results).extracting(CheckResult::url).containsExactlyElementsOf(urls);
    assertThat(results.get(3).hasVerdict()).isFalse();
    assertThat(results.get(3).error().orElseThrow())
        .isInstanceOf(InvalidUrlException.class)
        .hasMessageContaining("not a url");
    for (int i = 0; i < 10; i++) {
      if (i != 3) {
        assertThat(results.get(i).verdict().orElseThrow().reason())
            .as("input %d", i)
            .isEqualTo(Reason.MATCHED_DISALLOW);
        assertThat(results.get(i).error()).isEmpty();
      }
    }
    assertThat(f.fetcher.calls()).isEqualTo(9);
  }

  @Test
  void checkAllAcceptsACrawlerNamedByAUrlAndRefusesAClosedCacheAsAWhole() {
    f.fetcher.then(ok(BODY));
    StepVerifier.create(f.cache.checkAll(Flux.just("http://a.com/"), "http://crawler.example/"))
        .assertNext(
            r ->
                assertThat(r.verdict().orElseThrow().reason())
                    .as("%s", r.error())
                    .isEqualTo(Reason.NO_MATCHING_RULE))
        .verifyComplete();
    f.cache.close();
    StepVerifier.create(f.cache.checkAll(Flux.just("http://a.com/"), AGENT))
        .expectError(IllegalStateException.class)
        .verify(Duration.ofSeconds(5));
  }

  @Test
  void checkAllEndsWithTheClosedErrorWhenTheCacheClosesWhileItRuns() {
    f.close();
    f = new CacheFixture(b -> b.fetcher((o, c) -> Mono.<FetchResult>never()));
    StepVerifier run =
        StepVerifier.create(
                f.cache.checkAll(Flux.just("http://a.com/", "not a url", "http://b.com/"), AGENT))
            .expectError(IllegalStateException.class)
            .verifyLater();
    f.cache.close();
    run.verify(Duration.ofSeconds(5));
  }

  private static Reason reason(CheckResult r, String url) {
    assertThat(r.url()).isEqualTo(url);
    return r.verdict().orElseThrow().reason();
  }

  @Test
  void closeFailsTheWaitersCancelsTheFetchAndRejectsLaterCalls() {
    f.close();
    AtomicBoolean cancelled = new AtomicBoolean();
    f =
        new CacheFixture(
            b ->
                b.fetcher(
                    (o, c) -> Mono.<FetchResult>never().doOnCancel(() -> cancelled.set(true))));
    StepVerifier waiter =
        StepVerifier.create(f.cache.check("http://a.com/", AGENT))
            .expectError(IllegalStateException.class)
            .verifyLater();
    f.cache.close();
    waiter.verify(Duration.ofSeconds(5));
    assertThat(cancelled).isTrue();
    StepVerifier.create(f.cache.check("http://a.com/", AGENT))
        .expectError(IllegalStateException.class)
        .verify(Duration.ofSeconds(5));
    StepVerifier.create(f.cache.rules("http://a.com/"))
        .expectError(IllegalStateException.class)
        .verify(Duration.ofSeconds(5));
    assertThatThrownBy(() -> f.cache.checkIfCached("http://a.com/", AGENT))
        .isInstanceOf(IllegalStateException.class);
    f.cache.close();
  }

  @Test
  void afterCloseEveryMethodThatUsesTheCacheFailsAndTheReportsStillAnswer() {
    f.fetcher.then(ok(BODY));
    f.check("http://a.com/");
    f.cache.close();
    Origin a = Origin.of("http://a.com");
    assertThatThrownBy(() -> f.cache.invalidate(a)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> f.cache.invalidate("http://a.com/"))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> f.cache.put(a, new byte[0])).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> f.cache.addListener(RobotsCacheListener.NONE))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> f.cache.checkIfCached("http://a.com/", AGENT))
        .isInstanceOf(IllegalStateException.class);
    StepVerifier.create(f.cache.allowed("http://a.com/", AGENT))
        .expectError(IllegalStateException.class)
        .verify(Duration.ofSeconds(5));
    StepVerifier.create(f.cache.checkAll(Flux.just("http://a.com/"), AGENT))
        .expectError(IllegalStateException.class)
        .verify(Duration.ofSeconds(5));
    assertThat(f.cache.stats()).isEqualTo(new CacheStats(0, 0, 0, 0));
    f.cache.close();
  }

  @Test
  void closeCancelsTheFetchSoStatsReadNoFetchActiveEvenWithAFetcherThatCounts() {
    f.close();
    f = new CacheFixture(b -> b.fetcher(new StatsFetcher()));
    StepVerifier waiter =
        StepVerifier.create(f.cache.check("http://a.com/", AGENT))
            .expectError(IllegalStateException.class)
            .verifyLater();
    assertThat(f.cache.stats().fetchesActive()).isEqualTo(7);
    f.cache.close();
    waiter.verify(Duration.ofSeconds(5));
    assertThat(f.cache.stats().fetchesActive()).isZero();
    assertThat(f.cache.stats().fetchesQueued()).isZero();
  }

  @Test
  void theCacheClosesItsFetcherOnlyWhenItOwnsIt() {
    AtomicLong closes = new AtomicLong();
    class ClosingFetcher implements RobotsFetcher, AutoCloseable {
      @Override
      public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
        return Mono.just(FetchResult.status(404).build());
      }

      @Override
      public void close() {
        closes.incrementAndGet();
      }
    }
    ClosingFetcher fetcher = new ClosingFetcher();
    RobotsCache.builder().fetcher(fetcher).build().close();
    assertThat(closes.get()).isZero();
    RobotsCache owner = RobotsCache.builder().fetcher(fetcher).closeFetcherOnClose(true).build();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Thread t = new Thread(owner::close);
      t.start();
      threads.add(t);
    }
    threads.forEach(
        t -> {
          try {
            t.join(5_000);
          } catch (InterruptedException e) {
            throw new AssertionError(e);
          }
        });
    owner.close();
    assertThat(closes.get()).isEqualTo(1);
  }

  @Test
  void theListenerHearsTheFailureKindOfEachFetch() {
    f.fetcher.then(FetchResult.failure(FailureKind.TLS, "handshake").build()).then(ok(BODY));
    Verdict v = f.check("http://a.com/");
    assertThat(v.originState().orElseThrow().failure()).isEqualTo(FailureKind.TLS);
    assertThat(v.toString()).contains("UNREACHABLE TLS");
    f.check("http://b.com/");
    assertThat(f.events.failures()).containsExactly(FailureKind.TLS, null);
  }

  @Test
  void closeDropsTheEntries() {
    f.fetcher.then(ok(BODY));
    f.check("http://a.com/");
    assertThat(f.cache.stats().origins()).isEqualTo(1);
    f.cache.close();
    assertThat(f.cache.stats().origins()).isZero();
    assertThat(f.cache.stats().weightBytes()).isZero();
    assertThat(f.events.evictions(RobotsCacheListener.EvictionCause.EXPLICIT)).isEqualTo(1);
  }

  private static final class StatsFetcher implements RobotsFetcher, FetcherStats {
    @Override
    public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
      return Mono.never();
    }

    @Override
    public int activeFetches() {
      return 7;
    }

    @Override
    public int queuedFetches() {
      return 3;
    }
  }

  @Test
  void statsTakeFetchActivityFromTheFetcherWhenItReportsIt() {
    f.fetcher.then(ok(BODY), Duration.ofSeconds(1));
    f.cache.check("http://a.com/", AGENT).subscribe();
    assertThat(f.cache.stats()).isEqualTo(new CacheStats(0, 0, 1, 0));
    f.advance(Duration.ofSeconds(1));
    CacheStats s = f.cache.stats();
    assertThat(s.origins()).isEqualTo(1);
    assertThat(s.weightBytes()).isGreaterThan(300);
    assertThat(s.fetchesActive()).isZero();
    f.close();
    f = new CacheFixture(b -> b.fetcher(new StatsFetcher()));
    assertThat(f.cache.stats()).isEqualTo(new CacheStats(0, 0, 7, 3));
  }

  @Test
  void aThrowingListenerChangesNothingAndLaterListenersStillHear() {
    f.close();
    RobotsCacheListener broken =
        new RobotsCacheListener() {
          @Override
          public void onLookup(Origin origin, Lookup lookup) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void onFetchStarted(Origin origin) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void onFetchFinished(
              Origin o, FetchOutcome out, int s, FailureKind k, long b, long n) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void onParsed(Origin origin, long bodyBytes, long durationNanos) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void onVerdict(Verdict verdict, long durationNanos) {
            throw new IllegalStateException("listener bug");
          }
        };
    f = new CacheFixture(b -> b.listener(broken));
    List<Verdict> heard = new ArrayList<>();
    f.cache.addListener(
        new RobotsCacheListener() {
          @Override
          public synchronized void onVerdict(Verdict verdict, long durationNanos) {
            heard.add(verdict);
          }
        });
    f.fetcher.then(ok(BODY));
    Verdict v = f.check("http://a.com/private");
    assertThat(v.allowed()).isFalse();
    assertThat(f.cache.checkIfCached("http://a.com/public", AGENT)).isPresent();
    assertThat(heard).hasSize(2).first().isEqualTo(v);
    assertThat(f.events.fetchesStarted()).isEqualTo(1);
    assertThat(f.events.parses()).isEqualTo(1);
    assertThat(f.events.outcomes()).containsExactly(FetchOutcome.OK);
  }

  @Test
  void explicitAgentsAndTheProfileReachTheParser() {
    f.close();
    f = new CacheFixture(b -> b.explicitAgents(Set.of("AdsBot-Google")));
    f.fetcher.then(ok("User-agent: *\nDisallow: /\n"));
    assertThat(f.check("http://a.com/x").allowed()).isFalse();
    StepVerifier.create(f.cache.check("http://a.com/x", "AdsBot-Google"))
        .assertNext(v -> assertThat(v.reason()).isEqualTo(Reason.NO_GROUP_FOR_AGENT))
        .verifyComplete();
    assertThat(f.check("http://a.com/robots.txt").reason()).isEqualTo(Reason.ROBOTS_TXT_ITSELF);
    f.close();
    f = new CacheFixture(b -> b.profile(Profile.GOOGLE));
    f.fetcher.then(ok("User-agent: *\nDisallow: /\n"));
    assertThat(f.check("http://a.com/robots.txt").allowed()).isFalse();
  }

  @Test
  void putTakesACopyOfTheBody() {
    byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
    f.cache.put("http://A.com:80/whatever", body);
    java.util.Arrays.fill(body, (byte) ' ');
    assertThat(f.check("http://a.com/private").allowed()).isFalse();
    assertThat(f.fetcher.calls()).isZero();
  }
}
