package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.BODY;
import static io.github.reactiverobots.core.testing.CacheFixture.failure;
import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.core.testing.MemoryStore;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * SEMANTICS.md §6: a failure on the crawler's own side is not an outcome of the origin: not kept as
 * its state, not counted as its failure (no backoff), and the check says so.
 */
class CrawlerFaultTest {
  private static final String URL = "http://a.com/private/page";
  private static final String PUBLIC = "http://a.com/public";

  private CacheFixture f = new CacheFixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void theCheckSaysCrawlerFaultAndNothingIsKept() {
    f.fetcher.then(failure(FailureKind.CRAWLER_FAULT));
    Verdict v = f.check(PUBLIC);
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.CRAWLER_FAULT);
    assertThat(v.reason().isBlanket()).isTrue();
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.CRAWLER_FAULT);
    assertThat(v.originState().orElseThrow().failure()).isEqualTo(FailureKind.CRAWLER_FAULT);
    assertThat(f.cache.stats().origins()).isZero();
    // No backoff: the very next check fetches again, and the site's answer is used at once.
    f.fetcher.then(ok(BODY));
    Verdict next = f.check(PUBLIC);
    assertThat(f.fetcher.calls()).isEqualTo(2);
    assertThat(next.allowed()).isTrue();
    assertThat(next.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
    assertThat(f.check(URL).reason()).isEqualTo(Reason.MATCHED_DISALLOW);
  }

  @Test
  void aFailureStreakIsLeftAsItWas() {
    f.fetcher.then(failure(FailureKind.DNS));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    f.advance(Duration.ofHours(2)); // past the backoff and its stale-while-revalidate window
    f.fetcher.then(failure(FailureKind.CRAWLER_FAULT));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.CRAWLER_FAULT);
    // The streak is still one failure long: the next failure backs off 2 min, not 4.
    f.fetcher.then(failure(FailureKind.DNS));
    Verdict second = f.check(PUBLIC);
    assertThat(second.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(second.originState().orElseThrow().expiresAt())
        .isEqualTo(f.now().plus(Duration.ofMinutes(2)));
  }

  @Test
  void aGoodCopyKeepsAnsweringThroughABackgroundRefreshThatFailedOnTheCrawlersSide() {
    f.fetcher.then(ok(BODY));
    assertThat(f.check(URL).reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    f.advance(Duration.ofHours(24));
    f.fetcher.otherwise(failure(FailureKind.CRAWLER_FAULT));
    for (int i = 0; i < 3; i++) {
      Verdict v = f.check(URL);
      assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
      assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
    }
  }

  @Test
  void aSharedStoreIsNeverWrittenWithACrawlerFault() {
    f.close();
    CacheFixture[] fixture = new CacheFixture[1];
    MemoryStore store = new MemoryStore(() -> fixture[0].now());
    f = new CacheFixture(b -> b.store(store));
    fixture[0] = f;
    f.fetcher.then(failure(FailureKind.CRAWLER_FAULT));
    assertThat(f.check(PUBLIC).reason()).isEqualTo(Reason.CRAWLER_FAULT);
    assertThat(store.writes()).isZero();
    assertThat(store.leased(io.github.reactiverobots.robotstxt.url.Origin.of("http://a.com")))
        .isFalse();
  }
}
