package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.core.testing.MemoryStore;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SEMANTICS.md §6, a 401, 403 or 503 that identifies itself as a bot challenge: read as
 * unreachable, failure kind {@code BOT_CHALLENGE}, through a shared store too; the marker on any
 * other status changes nothing. (The fetcher's side, against a real server: netty-fetcher's
 * BotChallengeTest.)
 */
class BotChallengeTest {
  private static final String PUBLIC = "http://a.com/public";
  private static final String MARKER = "cf-mitigated: challenge";

  private CacheFixture f = new CacheFixture();

  @AfterEach
  void close() {
    f.close();
  }

  private static FetchResult challenge(int status) {
    return FetchResult.status(status).botChallenge(MARKER).build();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(ints = {200, 202, 404, 405, 429, 500})
  void theMarkerOnAnotherStatusChangesNothing(int status) {
    FetchResult marked =
        FetchResult.status(status).botChallenge(MARKER).body(BODY.getBytes()).build();
    f.fetcher.then(marked);
    Verdict v = f.check("http://a.com/private");
    OriginState state = v.originState().orElseThrow();
    assertThat(state.failure()).isNull();
    assertThat(state.status()).isEqualTo(status);
  }

  @Test
  void aChallengesRetryAfterIsHonouredLikeA503s() {
    f.fetcher.then(
        FetchResult.status(503).botChallenge(MARKER).header("Retry-After", "600").build());
    OriginState state = f.check(PUBLIC).originState().orElseThrow();
    assertThat(state.failure()).isEqualTo(FailureKind.BOT_CHALLENGE);
    CacheFixture.assertKeptFor(state, Duration.ofMinutes(10));
  }

  @Test
  void aWorkerSharingTheStoreReadsTheChallengeAsTheFetchingWorkerDid() {
    f.close();
    CacheFixture[] fixtures = new CacheFixture[2];
    MemoryStore store = new MemoryStore(() -> fixtures[0].now());
    f = new CacheFixture(b -> b.store(store));
    fixtures[0] = f;
    f.fetcher.then(ok(BODY)).then(challenge(403));
    assertThat(f.check("http://a.com/private").reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    f.advance(Duration.ofHours(26));
    Verdict walled = f.check("http://a.com/private");
    assertThat(walled.originState().orElseThrow().failure()).isEqualTo(FailureKind.BOT_CHALLENGE);

    StoredRobots value = store.value(Origin.of("http://a.com"));
    assertThat(value.state().outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    assertThat(value.state().failure()).isEqualTo(FailureKind.BOT_CHALLENGE);
    assertThat(value.hasCopy()).isTrue();

    CacheFixture other = new CacheFixture(b -> b.store(store));
    fixtures[1] = other;
    try {
      Verdict v = other.check("http://a.com/private");
      assertThat(other.fetcher.calls()).isZero();
      assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
      assertThat(v.originState().orElseThrow().failure()).isEqualTo(FailureKind.BOT_CHALLENGE);
      assertThat(v.originState().orElseThrow().staleCopy()).isTrue();
    } finally {
      other.close();
    }
  }

  @Test
  void aFailureHasNoResponseToBeABotChallenge() {
    assertThatThrownBy(() -> FetchResult.failure(FailureKind.TLS, "handshake").botChallenge(MARKER))
        .isInstanceOf(IllegalStateException.class);
    assertThat(FetchResult.status(403).botChallenge("a\nb").build().botChallenge())
        .isEqualTo("a\\x0Ab");
  }
}
