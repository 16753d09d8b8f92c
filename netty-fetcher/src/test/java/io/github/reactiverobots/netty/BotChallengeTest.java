package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Bot walls (SEMANTICS.md §6): a real server answers {@code /robots.txt} with a CDN's challenge,
 * marked as its vendor documents, and the real fetcher and a cache over it read a 401, 403 or 503
 * challenge as unreachable: the good copy kept, disallow all without one, retried with backoff,
 * counted under {@code BOT_CHALLENGE}; a plain 403 still allows all, and the plain status rule can
 * be asked for. Each origin's answer is set by the test ({@link #answer}); time is the cache's
 * ticker, moved by hand.
 */
class BotChallengeTest extends FetcherTestSupport {
  private static final String CHALLENGE_PAGE =
      "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>checking</body>";

  /** Per origin name: the status and the one header of its answer; absent serves ROBOTS. */
  private static final Map<String, String[]> ANSWERS = new ConcurrentHashMap<>();

  private static final Map<String, AtomicInteger> HITS = new ConcurrentHashMap<>();
  private static TestServer server;

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  private final BlockingQueue<String> finished = new LinkedBlockingQueue<>();

  @BeforeAll
  static void startServer() {
    server = TestServer.start(BotChallengeTest::handle);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private static Publisher<Void> handle(HttpServerRequest req, HttpServerResponse res) {
    String name = TestServer.originName(req);
    HITS.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
    String[] answer = ANSWERS.get(name);
    if (answer == null) {
      return res.sendString(Mono.just(ROBOTS)).then();
    }
    res.status(Integer.parseInt(answer[0])).header("Content-Type", "text/html");
    if (answer.length > 1) {
      res.header(answer[1], answer[2]);
    }
    return res.sendString(Mono.just(CHALLENGE_PAGE)).then();
  }

  /**
   * From now on, origin {@code name} answers {@code status} with the header {@code name: value}.
   */
  private static void answer(String name, int status, String header, String value) {
    ANSWERS.put(name, new String[] {Integer.toString(status), header, value});
  }

  private static void answer(String name, int status) {
    ANSWERS.put(name, new String[] {Integer.toString(status)});
  }

  private static int hits(String name) {
    AtomicInteger n = HITS.get(name);
    return n == null ? 0 : n.get();
  }

  private RobotsCache cache(RobotsCacheBuilder builder) {
    RobotsCacheBuilder b =
        builder
            .ticker(nanos::get)
            .listener(
                new RobotsCacheListener() {
                  @Override
                  public void onFetchFinished(
                      Origin origin,
                      FetchOutcome outcome,
                      int status,
                      FailureKind failure,
                      long bodyBytes,
                      long durationNanos) {
                    finished.add(outcome + " " + status + " " + failure);
                  }
                });
    return closing(RobotsCaches.create(fetcher(fetcherBuilder()), b));
  }

  private static Verdict check(RobotsCache cache, String name, String path) {
    return cache.check(server.origin(name) + path, "TestBot").block(WAIT);
  }

  /** The next fetch the cache finished, as "outcome status failure". */
  private String nextFetch() throws InterruptedException {
    String event = finished.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(event).as("a fetch finished within %s", WAIT).isNotNull();
    return event;
  }

  private void advance(Duration d) {
    nanos.addAndGet(d.toNanos());
  }

  /**
   * The origin state once a background refresh has replaced {@code before} (the listener hears of a
   * fetch just before its entry is put in place): polled, within {@link #WAIT}.
   */
  private static OriginState refreshed(RobotsCache cache, String url, OriginState before) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      OriginState now =
          cache.checkIfCached(url, "TestBot").flatMap(Verdict::originState).orElse(before);
      if (now.fetchedAt().isAfter(before.fetchedAt())) {
        return now;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    throw new AssertionError("the refreshed entry was not put in place within " + WAIT);
  }

  private static Duration keptFor(OriginState state) {
    return Duration.between(state.fetchedAt(), state.expiresAt());
  }

  @ParameterizedTest(name = "{1}: {2} with {0}")
  @CsvSource({
    "403, cf-mitigated, challenge, cf-mitigated: challenge",
    "503, cf-mitigated, challenge, cf-mitigated: challenge",
    "401, CF-Mitigated, Challenge, cf-mitigated: challenge",
    "202, x-amzn-waf-action, challenge, x-amzn-waf-action: challenge",
    "405, x-amzn-waf-action, captcha, x-amzn-waf-action: captcha",
  })
  void eachDocumentedMarkerIsReportedWithItsStatus(
      int status, String header, String value, String marker) {
    String name = "marker" + status;
    answer(name, status, header, value);
    FetchResult r = fetch(fetcher(fetcherBuilder()), server.origin(name));
    assertThat(r.status()).as("%s", r.failureDetail()).isEqualTo(status);
    assertThat(r.failure()).isNull();
    assertThat(r.botChallenge()).isEqualTo(marker);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "plain403, 403, '', ''",
    "otherheader, 403, server, cloudflare",
    "othervalue, 403, cf-mitigated, block",
    "awsblock, 403, x-amzn-waf-action, block",
  })
  void aResponseWithoutADocumentedMarkerIsNoBotChallenge(
      String name, int status, String header, String value) {
    if (header.isEmpty()) {
      answer(name, status);
    } else {
      answer(name, status, header, value);
    }
    FetchResult r = fetch(fetcher(fetcherBuilder()), server.origin(name));
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.botChallenge()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(ints = {401, 403, 503})
  void aChallengeKeepsTheGoodCopyIsCountedAndIsRetriedWithBackoff(int status) throws Exception {
    String name = "copy" + status;
    RobotsCache cache = cache(RobotsCache.builder());
    assertThat(check(cache, name, "/private").reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(nextFetch()).isEqualTo("OK 200 null");

    answer(name, status, "cf-mitigated", "challenge");
    advance(Duration.ofHours(26)); // past the 24 h and the hour a stale copy answers meanwhile
    Verdict walled = check(cache, name, "/private");
    assertThat(nextFetch()).isEqualTo("UNREACHABLE " + status + " BOT_CHALLENGE");
    assertThat(walled.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    OriginState state = walled.originState().orElseThrow();
    assertThat(state.outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    assertThat(state.failure()).isEqualTo(FailureKind.BOT_CHALLENGE);
    assertThat(state.staleCopy()).isTrue();
    assertThat(keptFor(state)).isEqualTo(Duration.ofMinutes(1));
    assertThat(check(cache, name, "/public").allowed()).isTrue();
    assertThat(check(cache, name, "/private/ok").allowed()).isTrue();
    assertThat(hits(name)).isEqualTo(2);

    // Retried once the backoff is over (the copy answers meanwhile), the delay doubling.
    advance(Duration.ofSeconds(61));
    assertThat(check(cache, name, "/private").allowed()).isFalse();
    assertThat(nextFetch()).isEqualTo("UNREACHABLE " + status + " BOT_CHALLENGE");
    assertThat(hits(name)).isEqualTo(3);
    OriginState again = refreshed(cache, server.origin(name) + "/private", state);
    assertThat(again.failure()).isEqualTo(FailureKind.BOT_CHALLENGE);
    assertThat(again.staleCopy()).isTrue();
    assertThat(keptFor(again)).isEqualTo(Duration.ofMinutes(2));
  }

  @Test
  void aChallengeWithNoGoodCopyDisallowsAll() throws Exception {
    answer("walled", 403, "cf-mitigated", "challenge");
    RobotsCache cache = cache(RobotsCache.builder());
    Verdict v = check(cache, "walled", "/public");
    assertThat(nextFetch()).isEqualTo("UNREACHABLE 403 BOT_CHALLENGE");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    OriginState state = v.originState().orElseThrow();
    assertThat(state.failure()).isEqualTo(FailureKind.BOT_CHALLENGE);
    assertThat(state.staleCopy()).isFalse();
  }

  @Test
  void aPlain403StillAllowsAll() throws Exception {
    answer("forbidden", 403);
    RobotsCache cache = cache(RobotsCache.builder());
    Verdict v = check(cache, "forbidden", "/private");
    assertThat(nextFetch()).isEqualTo("UNAVAILABLE 403 null");
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    OriginState state = v.originState().orElseThrow();
    assertThat(state.outcome()).isEqualTo(FetchOutcome.UNAVAILABLE);
    assertThat(state.status()).isEqualTo(403);
    assertThat(state.failure()).isNull();
  }

  @Test
  void thePlainStatusRuleReadsAChallengeByItsStatus() throws Exception {
    answer("plainrule403", 403, "cf-mitigated", "challenge");
    answer("plainrule503", 503, "cf-mitigated", "challenge");
    RobotsCache cache = cache(RobotsCache.builder().botChallengesUnreachable(false));

    Verdict forbidden = check(cache, "plainrule403", "/private");
    assertThat(nextFetch()).isEqualTo("UNAVAILABLE 403 null");
    assertThat(forbidden.allowed()).isTrue();
    assertThat(forbidden.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);

    Verdict down = check(cache, "plainrule503", "/public");
    assertThat(nextFetch()).isEqualTo("UNREACHABLE 503 null");
    assertThat(down.allowed()).isFalse();
    assertThat(down.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(down.originState().orElseThrow().status()).isEqualTo(503);
    assertThat(down.originState().orElseThrow().failure()).isNull();
  }
}
