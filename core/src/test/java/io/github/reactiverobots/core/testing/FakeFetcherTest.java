package io.github.reactiverobots.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class FakeFetcherTest {
  private static final Origin A = Origin.of("http://a.example");
  private static final Origin B = Origin.of("http://b.example");
  private static final FetchResult OK = FetchResult.status(200).build();
  private static final FetchResult GONE = FetchResult.status(404).build();
  private static final FetchResult DOWN = FetchResult.status(503).build();

  private static FetchResult fetch(FakeFetcher fetcher, Origin origin) {
    return fetcher.fetch(origin, Conditional.NONE).block(Duration.ofSeconds(5));
  }

  @Test
  void anOriginsOwnAnswerComesFirstThenTheScriptInOrderThenTheOtherwiseAnswer() {
    FakeFetcher fetcher = new FakeFetcher().answer(A, OK).then(GONE).then(DOWN).otherwise(OK);
    assertThat(fetch(fetcher, B)).isSameAs(GONE);
    assertThat(fetch(fetcher, A)).isSameAs(OK);
    assertThat(fetcher.remaining()).isEqualTo(1);
    assertThat(fetch(fetcher, B)).isSameAs(DOWN);
    assertThat(fetch(fetcher, B)).isSameAs(OK);
    assertThat(fetch(fetcher, A)).isSameAs(OK);
    assertThat(fetcher.servedOrigins()).isEqualTo(1);
  }

  @Test
  void aFetchNothingAnswersFailsWithAnAssertionError() {
    FakeFetcher fetcher = new FakeFetcher().then(OK);
    assertThat(fetch(fetcher, A)).isSameAs(OK);
    StepVerifier.create(fetcher.fetch(B, Conditional.NONE))
        .expectErrorSatisfies(
            e ->
                assertThat(e)
                    .isInstanceOf(AssertionError.class)
                    .hasMessage("unexpected fetch #2 of " + B))
        .verify(Duration.ofSeconds(5));
  }

  @Test
  void recordsEveryFetchWithItsValidators() {
    Conditional etag = new Conditional("\"v1\"", null);
    FakeFetcher fetcher = new FakeFetcher().thenRepeat(OK, 3);
    fetcher.fetch(A, Conditional.NONE).block(Duration.ofSeconds(5));
    fetcher.fetch(B, etag).block(Duration.ofSeconds(5));
    fetcher.fetch(A, etag).block(Duration.ofSeconds(5));
    assertThat(fetcher.calls()).isEqualTo(3);
    assertThat(fetcher.origins()).containsExactly(A, B, A);
    assertThat(fetcher.validators()).containsExactly(Conditional.NONE, etag, etag);
    assertThat(fetcher.callsByOrigin()).containsExactly(Map.entry(A, 2), Map.entry(B, 1));
  }

  @Test
  void aDelayedAnswerComesAfterItsDelay() {
    FakeFetcher fetcher = new FakeFetcher().then(OK, Duration.ofHours(1));
    StepVerifier.withVirtualTime(() -> fetcher.fetch(A, Conditional.NONE))
        .expectSubscription()
        .expectNoEvent(Duration.ofMinutes(59))
        .thenAwait(Duration.ofMinutes(1))
        .expectNext(OK)
        .verifyComplete();
  }

  @Test
  void servingCorpusFilesAnswersTheirBodiesAndADnsFailureElsewhere() {
    CorpusFile file = Corpus.odditySample().file("moodle.org_443.txt");
    FakeFetcher fetcher = FakeFetcher.serving(List.of(file));
    FetchResult served = fetch(fetcher, Origin.of("https://moodle.org"));
    assertThat(served.status()).isEqualTo(200);
    assertThat(served.bodyBytes()).isEqualTo(file.body());
    FetchResult elsewhere = fetch(fetcher, Origin.of("http://moodle.org"));
    assertThat(elsewhere.failure()).isEqualTo(FailureKind.DNS);
    assertThat(fetcher.servedOrigins()).isEqualTo(1);
  }
}
