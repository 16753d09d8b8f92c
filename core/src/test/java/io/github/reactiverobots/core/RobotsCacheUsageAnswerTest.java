package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer.Decision;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer.License;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer.Use;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SEMANTICS.md §8, how the sources combine, through the cache: robots.txt and tdmrep.json. */
class RobotsCacheUsageAnswerTest {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String ROBOTS =
      """
      License: https://example.com/license.xml
      User-agent: *
      Content-Signal: search=yes, ai-input=no
      Disallow: /private
      Content-Usage: / train-ai=y
      License: https://rsl.example/terms.xml
      """;

  private final AtomicReference<FetchResult> tdmAnswer =
      new AtomicReference<>(
          ok(
              """
              [{"location": "/books/*", "tdm-reservation": 1,
                "tdm-policy": "https://example.com/tdm-policy.json"},
               {"location": "/", "tdm-reservation": 0}]
              """));

  private final FakeFetcher fetcher =
      new FakeFetcher().otherwise(ok(ROBOTS)).resources(() -> tdmAnswer.get());
  private final RobotsCache cache =
      RobotsCache.builder()
          .fetcher(fetcher)
          .crawler("AiBot/1.0 (+https://example.com/bot)")
          .build();

  private static FetchResult ok(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void aTdmRepReservationOverridesTheRobotsAllowForTraining() {
    UsageAnswer a = cache.usageAnswer("https://example.com/books/1", "AiBot").block(WAIT);
    assertThat(a.verdict().allowed()).isTrue();
    assertThat(a.decision(Use.TEXT_AND_DATA_MINING))
        .isEqualTo(
            new Decision(
                Use.TEXT_AND_DATA_MINING, Preference.DISALLOW, UsageSource.TDMREP_FILE, 0));
    assertThat(a.decision(Use.TRAIN_AI))
        .isEqualTo(new Decision(Use.TRAIN_AI, Preference.DISALLOW, UsageSource.TDMREP_FILE, 0));
    assertThat(a.decision(Use.AI_USE))
        .isEqualTo(new Decision(Use.AI_USE, Preference.DISALLOW, UsageSource.CONTENT_SIGNAL, 3));
    assertThat(a.decision(Use.SEARCH))
        .isEqualTo(new Decision(Use.SEARCH, Preference.ALLOW, UsageSource.CONTENT_SIGNAL, 3));
    assertThat(a.tdmPolicy()).isEqualTo("https://example.com/tdm-policy.json");
    assertThat(a.licenses())
        .containsExactly(
            new License("https://example.com/license.xml", "", UsageSource.LICENSE),
            new License("https://rsl.example/terms.xml", "", UsageSource.LICENSE));
    assertThat(fetcher.calls()).isEqualTo(1);
    assertThat(fetcher.resourcesAsked()).hasSize(1);
  }

  @Test
  void whereTdmRepDoesNotReserveRobotsTxtDecides() {
    UsageAnswer a = cache.usageAnswer("https://example.com/about", "AiBot").block(WAIT);
    assertThat(a.decision(Use.TEXT_AND_DATA_MINING))
        .isEqualTo(
            new Decision(Use.TEXT_AND_DATA_MINING, Preference.ALLOW, UsageSource.TDMREP_FILE, 0));
    assertThat(a.decision(Use.TRAIN_AI))
        .isEqualTo(new Decision(Use.TRAIN_AI, Preference.ALLOW, UsageSource.CONTENT_USAGE, 5));
    // Asked again: the file is held, not fetched again.
    cache.usageAnswer("https://example.com/books/2", "AiBot").block(WAIT);
    assertThat(fetcher.resourcesAsked()).hasSize(1);
  }

  @Test
  void noFileLeavesMiningUnknown() {
    tdmAnswer.set(FetchResult.status(404).build());
    UsageAnswer a = cache.usageAnswer("https://example.com/books/1", "AiBot").block(WAIT);
    assertThat(a.decision(Use.TEXT_AND_DATA_MINING).preference()).isEqualTo(Preference.UNKNOWN);
    assertThat(a.decision(Use.TEXT_AND_DATA_MINING).source()).isEqualTo(UsageSource.NONE);
    assertThat(a.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.CONTENT_USAGE);
    assertThat(a.tdmPolicyUrl()).isEmpty();
  }

  @Test
  void aDisallowedUrlIsUnknownAndFetchesNoTdmRepFile() {
    UsageAnswer a = cache.usageAnswer("https://example.com/private/x", "AiBot").block(WAIT);
    assertThat(a.verdict().allowed()).isFalse();
    assertThat(a.decisions()).allMatch(d -> d.preference() == Preference.UNKNOWN);
    assertThat(a.licenses()).hasSize(2);
    assertThat(fetcher.resourcesAsked()).hasSize(0);
  }

  @Test
  void theCheckStillNeverFetchesTheFileAndBadInputFails() {
    cache.check("https://example.com/books/1").block(WAIT);
    assertThat(fetcher.resourcesAsked()).hasSize(0);
    assertThatThrownBy(() -> cache.usageAnswer("not a url", "AiBot").block(WAIT))
        .isInstanceOf(InvalidUrlException.class);
    assertThatThrownBy(() -> cache.usageAnswer("https://example.com/", ""))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
