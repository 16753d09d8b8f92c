package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import io.github.reactiverobots.robotstxt.usage.UsageDecision;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** SEMANTICS.md §8 through the cache: {@code RobotsCache.usage} and {@code RobotsRules}. */
class RobotsCacheUsageTest {
  private static final String BODY =
      String.join(
          "\n",
          "User-agent: *",
          "Content-Signal: search=yes, ai-train=no",
          "Disallow: /never/",
          "Content-Usage: / train-ai=n",
          "Content-Usage: /ai-ok/ train-ai=y, ai-use=y",
          "",
          "User-agent: ExampleBot",
          "Content-Usage: / train-ai=y",
          "");
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final AtomicInteger fetches = new AtomicInteger();
  private final RobotsCache cache =
      RobotsCache.builder()
          .fetcher(
              (origin, validators) ->
                  Mono.fromSupplier(
                      () -> {
                        fetches.incrementAndGet();
                        return FetchResult.status(200)
                            .body(BODY.getBytes(StandardCharsets.UTF_8))
                            .build();
                      }))
          .crawler("AiBot/1.0 (+https://example.com/bot)")
          .build();

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void theCrawlersUsageForAUrlWithTheVerdictACheckGives() {
    Usage usage = cache.usage("https://example.com/ai-ok/page").block(WAIT);
    Verdict checked = cache.check("https://example.com/ai-ok/page").block(WAIT);
    assertThat(usage.verdict()).isEqualTo(checked);
    assertThat(usage.decisions())
        .extracting(UsageDecision::toString)
        .containsExactly("train-ai=y (line 5)", "ai-use=y (line 5)", "search=unknown (line 5)");
    assertThat(usage.signals().preference(ContentSignal.AI_TRAIN)).isEqualTo(Preference.DISALLOW);
    assertThat(
            cache.usage("https://example.com/page").block(WAIT).preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.DISALLOW);
    Usage never = cache.usage("https://example.com/never/page").block(WAIT);
    assertThat(never.applies()).isFalse();
    assertThat(never.preference(UsageCategory.TRAIN_AI)).isEqualTo(Preference.UNKNOWN);
    // Another agent, named per call, gets its own group.
    assertThat(
            cache
                .usage("https://example.com/never/page", "ExampleBot/2")
                .block(WAIT)
                .decision(UsageCategory.TRAIN_AI)
                .toString())
        .isEqualTo("train-ai=y (line 8)");
    assertThat(fetches).hasValue(1);
  }

  @Test
  void theRulesOfAnOriginAnswerSynchronously() {
    RobotsRules rules = cache.rules("https://example.com/").block(WAIT);
    assertThat(rules.usage("/ai-ok/x").preference(UsageCategory.AI_USE))
        .isEqualTo(Preference.ALLOW);
    assertThat(
            rules.usage("https://example.com/x", "ExampleBot").preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.ALLOW);
    assertThat(rules.usageRules("AiBot"))
        .containsExactly(
            new UsageRule("/", "train-ai=n", 4),
            new UsageRule("/ai-ok/", "train-ai=y, ai-use=y", 5));
    assertThat(rules.contentSignals("AiBot").line(ContentSignal.SEARCH)).hasValue(2);
    assertThat(rules.contentSignals("ExampleBot").isEmpty()).isTrue();
    for (String noToken : new String[] {"", "*", "Mozilla/5.0"}) {
      assertThatThrownBy(() -> rules.usage("/x", noToken))
          .as(noToken)
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> rules.usageRules(noToken))
          .as(noToken)
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> rules.contentSignals(noToken))
          .as(noToken)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aSwappedCallAnInvalidUrlAndAClosedCacheAreErrors() {
    StepVerifier.create(cache.usage("AiBot", "https://example.com/x"))
        .expectError(InvalidUrlException.class)
        .verify(WAIT);
    StepVerifier.create(cache.usage("not a url"))
        .expectError(InvalidUrlException.class)
        .verify(WAIT);
    // An agent without a product token is refused at once, as check refuses it (SEMANTICS.md §2).
    assertThatThrownBy(() -> cache.usage("https://example.com/x", ""))
        .isInstanceOf(IllegalArgumentException.class);
    cache.close();
    StepVerifier.create(cache.usage("https://example.com/x"))
        .expectError(IllegalStateException.class)
        .verify(WAIT);
    assertThat(fetches).hasValue(0);
  }
}
