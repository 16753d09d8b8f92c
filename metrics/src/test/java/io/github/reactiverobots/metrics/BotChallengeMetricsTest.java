package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A bot challenge is counted: {@code robots.fetch} under {@code outcome="unreachable"}, the
 * challenge's {@code status_class} and {@code failure_kind="bot_challenge"}, and its verdicts as
 * {@code robots_unreachable}; a plain 403 stays {@code unavailable} with {@code
 * failure_kind="none"}.
 */
class BotChallengeMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private RobotsCache cache;

  @AfterEach
  void close() {
    cache.close();
  }

  private long fetches(String outcome, String statusClass, String failureKind) {
    Timer t =
        registry
            .find(RobotsMetrics.FETCH)
            .tag("outcome", outcome)
            .tag("status_class", statusClass)
            .tag("failure_kind", failureKind)
            .timer();
    return t == null ? 0 : t.count();
  }

  @Test
  void aChallengeIsAnUnreachableFetchOfKindBotChallenge() {
    Map<String, FetchResult> answers =
        Map.of(
            "walled.example",
            FetchResult.status(403).botChallenge("cf-mitigated: challenge").build(),
            "busy.example",
            FetchResult.status(503).botChallenge("cf-mitigated: challenge").build(),
            "forbidden.example",
            FetchResult.status(403).build());
    cache =
        RobotsCache.builder()
            .fetcher((origin, validators) -> Mono.just(answers.get(origin.host())))
            .parseScheduler(Schedulers.immediate())
            .build();
    RobotsMetrics.bind(cache, registry);
    for (String host : answers.keySet()) {
      cache.check("https://" + host + "/page", "testbot").block(Duration.ofSeconds(10));
    }

    assertThat(fetches("unreachable", "4xx", "bot_challenge")).isEqualTo(1);
    assertThat(fetches("unreachable", "5xx", "bot_challenge")).isEqualTo(1);
    assertThat(fetches("unavailable", "4xx", "none")).isEqualTo(1);
    assertThat(registry.find(RobotsMetrics.FETCH).timers()).hasSize(3);
    assertThat(
            registry
                .get(RobotsMetrics.VERDICTS)
                .tag("decision", "disallow")
                .tag("reason", "robots_unreachable")
                .counter()
                .count())
        .isEqualTo(2);
  }
}
