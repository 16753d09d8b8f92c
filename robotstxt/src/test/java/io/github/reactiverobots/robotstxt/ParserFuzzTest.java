package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;

/**
 * Coverage-guided fuzz targets (Jazzer). {@code ./mvnw verify} replays the seed inputs in {@code
 * src/test/resources/.../ParserFuzzTestInputs}; {@code JAZZER_FUZZ=1 ./mvnw -pl core test
 * -Dtest=ParserFuzzTest} fuzzes for real.
 */
class ParserFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void parserNeverThrows(FuzzedDataProvider data) {
    Profile profile = data.consumeBoolean() ? Profile.RFC_9309 : Profile.GOOGLE;
    String agent = data.consumeString(20);
    String path = data.consumeString(64);
    byte[] body = data.consumeRemainingAsBytes();
    RobotsTxt robots = RobotsTxt.parse(body, ParseOptions.of(profile));
    var verdict = robots.check(path, agent);
    assertThat(verdict.rule().map(r -> r.allow() == verdict.allowed()).orElse(verdict.allowed()))
        .isTrue();
    Linter.lint(body, ParseOptions.of(profile));
  }

  @FuzzTest(maxDuration = "60s")
  void urlSplitterThrowsOnlyInvalidUrlException(FuzzedDataProvider data) {
    String url = data.consumeRemainingAsString();
    try {
      assertThat(SplitUrl.of(url).pathAndQuery()).startsWith("/");
    } catch (InvalidUrlException expected) {
      assertThat(expected.input()).isEqualTo(url);
    }
  }
}
