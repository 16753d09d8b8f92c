package io.github.reactiverobots.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageDecision;
import org.junit.jupiter.api.Test;

/** The benchmark's input is what its Javadoc says it is. */
class UsageRulesFileTest {
  @Test
  void theFullFileFillsTheParseLimitAndIsReadToTheEnd() {
    int limit = ParseOptions.defaults().parseLimit();
    UsageRulesFile file = UsageRulesFile.filling(limit);
    assertThat(file.body().length).isLessThanOrEqualTo(limit).isGreaterThan(limit - 100);
    assertThat(file.ruleCount()).isGreaterThan(9_000);
    RobotsTxt robots = RobotsTxt.parse(file.body(), ParseOptions.defaults());
    assertThat(robots.truncated()).isFalse();
    assertThat(robots.forAgent(UsageRulesFile.AGENT).usageRules()).hasSize(file.ruleCount());
  }

  @Test
  void aThirdOfThePathsAreUnderARuleTheRestUnderNone() {
    UsageRulesFile file = UsageRulesFile.of(4096);
    assertThat(file.paths()).hasSize(UsageRulesFile.PATHS);
    AgentRules rules =
        RobotsTxt.parse(file.body(), ParseOptions.defaults()).forAgent(UsageRulesFile.AGENT);
    for (int i = 0; i < file.paths().length; i++) {
      Usage usage = rules.usage(file.paths()[i]);
      assertThat(usage.applies()).isTrue();
      boolean decided =
          usage.decisions().stream()
              .map(UsageDecision::deciding)
              .anyMatch(java.util.Optional::isPresent);
      assertThat(decided).as(file.paths()[i]).isEqualTo(i % 3 == 0);
    }
  }
}
