package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import io.github.reactiverobots.robotstxt.usage.UsageDecision;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SEMANTICS.md §8: {@code content-usage} rules and {@code content-signal} records. */
class ContentUsageTest {
  /** The example file of draft-ietf-aipref-attach §3.5, line for line. */
  private static final String DRAFT_EXAMPLE =
      String.join(
          "\n",
          "User-Agent: *",
          "Allow: /",
          "Disallow: /never/",
          "Content-Usage: / train-ai=n",
          "Content-Usage: /ai-ok/ train-ai=y",
          "",
          "User-Agent: ExampleBot",
          "Allow: /",
          "Content-Usage: / train-ai=y",
          "");

  /** The table of draft-ietf-aipref-attach §3.5, for a crawler the first group applies to. */
  @ParameterizedTest
  @CsvSource({
    "/test,        true,  DISALLOW, 4",
    "/never/test,  false, UNKNOWN,  0",
    "/ai-ok/test,  true,  ALLOW,    5"
  })
  void theDraftsExampleTableRowByRow(String path, boolean crawl, Preference trainAi, int line) {
    Usage usage = Robots.rfc(DRAFT_EXAMPLE).usage("https://example.com" + path, "OtherBot/2.0");
    assertThat(usage.verdict().allowed()).isEqualTo(crawl);
    assertThat(usage.applies()).isEqualTo(crawl);
    UsageDecision d = usage.decision(UsageCategory.TRAIN_AI);
    assertThat(d.preference()).isEqualTo(trainAi);
    assertThat(d.deciding().map(UsageRule::line).orElse(0)).isEqualTo(line);
    // The rule states nothing else: the other categories are unknown.
    assertThat(usage.preference(UsageCategory.AI_USE)).isEqualTo(Preference.UNKNOWN);
    assertThat(usage.preference(UsageCategory.SEARCH)).isEqualTo(Preference.UNKNOWN);
  }

  @ParameterizedTest
  @CsvSource({"/test", "/never/test", "/ai-ok/test"})
  void exampleBotUsesItsOwnGroupEverywhere(String path) {
    Usage usage = Robots.rfc(DRAFT_EXAMPLE).forAgent("ExampleBot").usage(path);
    assertThat(usage.applies()).isTrue();
    assertThat(usage.decision(UsageCategory.TRAIN_AI).toString()).isEqualTo("train-ai=y (line 9)");
  }

  @Test
  void aDisallowedPathHasNoPreferenceEvenWhenARuleMatchesIt() {
    Usage usage = Robots.rfc(DRAFT_EXAMPLE).forAgent("OtherBot").usage("/never/test");
    assertThat(usage.verdict().reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(usage.decisions())
        .allSatisfy(
            d -> {
              assertThat(d.preference()).isEqualTo(Preference.UNKNOWN);
              assertThat(d.deciding()).isEmpty();
            });
  }

  @Test
  void rulesWithTheSamePathCombineMostRestrictivelyPerCategory() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: *",
                "Content-Usage: /a train-ai=y, search=y",
                "Content-Usage: /a train-ai=n",
                "Content-Usage: /a ai-use=y",
                "Content-Usage: /a ai-use=y, search=y"));
    Usage usage = robots.forAgent("bot").usage("/a/page");
    assertThat(usage.decisions())
        .extracting(UsageDecision::toString)
        .containsExactly("train-ai=n (line 3)", "ai-use=y (line 4)", "search=y (line 2)");
  }

  @Test
  void identicalPathsCombineAcrossMergedGroupsAndAfterNormalisation() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: bot",
                "Content-Usage: /caf%c3%a9 search=y",
                "User-agent: other",
                "Content-Usage: /café search=n",
                "User-agent: bot",
                "Content-Usage: /caf%C3%A9 search=y"));
    assertThat(robots.forAgent("bot").usage("/café/menu").decision(UsageCategory.SEARCH).toString())
        .isEqualTo("search=y (line 2)");
    RobotsTxt merged =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: bot",
                "Content-Usage: /caf%c3%a9 search=y",
                "User-agent: bot",
                "Content-Usage: /café search=n"));
    assertThat(merged.forAgent("bot").usage("/caf%C3%A9").decision(UsageCategory.SEARCH).toString())
        .isEqualTo("search=n (line 4)");
  }

  @Test
  void aDictionaryThatDoesNotParseGivesUnknownForEveryCategory() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: *",
                "Content-Usage: / train-ai=n, ai-use=n, search=n",
                "Content-Usage: /upper Train-AI=n",
                "Content-Usage: /nocomma train-ai=n search=y",
                "Content-Usage: /utf8 train-ai=n, search=\u00e9",
                "Content-Usage: /empty"));
    for (String path : List.of("/upper", "/nocomma", "/utf8", "/empty")) {
      Usage usage = robots.forAgent("bot").usage(path + "/x");
      assertThat(usage.decisions())
          .as(path)
          .allSatisfy(
              d -> {
                assertThat(d.preference()).isEqualTo(Preference.UNKNOWN);
                // The longest match decided: the broader rule's "n" does not reach these paths.
                assertThat(d.deciding())
                    .hasValueSatisfying(r -> assertThat(r.path()).isEqualTo(path));
              });
    }
    assertThat(robots.forAgent("bot").usage("/other").preference(UsageCategory.SEARCH))
        .isEqualTo(Preference.DISALLOW);
  }

  @Test
  void unknownKeysParametersAndNonTokenValues() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: *",
                "Content-Usage: /k foo=n, train-ai=y;reason=\"x\", ai-use=\"n\", search=?1",
                "Content-Usage: /last train-ai=n, train-ai=y",
                "Content-Usage: /maybe train-ai=maybe"));
    Usage k = robots.forAgent("bot").usage("/k");
    assertThat(k.preference(UsageCategory.TRAIN_AI)).isEqualTo(Preference.ALLOW);
    assertThat(k.preference(UsageCategory.AI_USE)).isEqualTo(Preference.UNKNOWN);
    assertThat(k.preference(UsageCategory.SEARCH)).isEqualTo(Preference.UNKNOWN);
    // RFC 9651: a repeated key keeps its last value.
    assertThat(robots.forAgent("bot").usage("/last").preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.ALLOW);
    assertThat(robots.forAgent("bot").usage("/maybe").preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.UNKNOWN);
  }

  @Test
  void pathsMatchLikeAllowAndDisallow() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: *",
                "Content-Usage: / train-ai=y",
                "Content-Usage: /*.pdf$ train-ai=n",
                "Content-Usage: /docs/ train-ai=n",
                "Content-Usage: /docs/public train-ai=y",
                "Content-Usage: /caf%C3%A9 search=n",
                "Content-Usage: /a%20b\tai-use=n"));
    AgentRules rules = robots.forAgent("bot");
    assertThat(line(rules.usage("/x/report.pdf"))).isEqualTo(3);
    assertThat(line(rules.usage("/x/report.pdf?download"))).isEqualTo(2);
    assertThat(line(rules.usage("/docs/private"))).isEqualTo(4);
    assertThat(line(rules.usage("/docs/public/a"))).isEqualTo(5);
    assertThat(line(rules.usage("/caf%c3%a9/menu"))).isEqualTo(6);
    assertThat(line(rules.usage("/a b"))).isEqualTo(7);
    assertThat(line(rules.usage(""))).as("an empty path is /").isEqualTo(2);
    // GOOGLE matches the path as the caller encoded it.
    RobotsTxt google = Robots.google("User-agent: *\nContent-Usage: /caf%C3%A9 search=n\n");
    assertThat(google.forAgent("bot").usage("/café").decision(UsageCategory.SEARCH).deciding())
        .isEmpty();
  }

  @Test
  void aRuleAppliesOnlyToWhatItsGroupAllows() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: *",
                "Disallow: /private",
                "Allow: /private/ok",
                "Content-Usage: /private train-ai=y"));
    assertThat(robots.usage("https://a.com/private/x", "bot").applies()).isFalse();
    assertThat(robots.usage("https://a.com/private/x", "bot").preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.UNKNOWN);
    assertThat(robots.usage("https://a.com/private/ok", "bot").preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.ALLOW);
  }

  @Test
  void contentUsageIsARuleOfItsGroupAndEndsARunOfUserAgents() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: a",
                "Content-Usage: / train-ai=n",
                "User-agent: b",
                "Disallow: /x",
                "Content-Usage: /x train-ai=y"));
    assertThat(robots.groups()).hasSize(2);
    assertThat(robots.forAgent("a").check("/x").allowed()).isTrue();
    assertThat(robots.forAgent("a").usageRules())
        .containsExactly(new UsageRule("/", "train-ai=n", 2));
    assertThat(robots.forAgent("b").usageRules())
        .containsExactly(new UsageRule("/x", "train-ai=y", 5));
    assertThat(robots.forAgent("b").usage("/y").decision(UsageCategory.TRAIN_AI).deciding())
        .isEmpty();
  }

  @Test
  void malformedLinesAddNoRuleAndRulesOutsideGroupsAreIgnored() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "Content-Usage: / train-ai=n",
                "Content-Signal: ai-train=no",
                "User-agent: *",
                "Content-Usage:",
                "Content-Usage: train-ai=n",
                "Content-Usage: *.pdf train-ai=n",
                "Content-Usage: /ok train-ai=n"));
    assertThat(robots.forAgent("bot").usageRules())
        .extracting(UsageRule::path)
        .containsExactly("/ok");
    assertThat(robots.forAgent("bot").contentSignals()).isEqualTo(ContentSignals.NONE);
  }

  @Test
  void contentSignalsPerGroupMergedMostRestrictively() {
    RobotsTxt robots =
        Robots.rfc(
            String.join(
                "\n",
                "User-agent: *",
                "Content-Signal: search=yes, ai-train=no",
                "Allow: /",
                "",
                "User-agent: GPTBot",
                "Content-Signal: search=yes, ai-input=yes, ai-train=yes",
                "Disallow: /x",
                "User-agent: gptbot",
                "Content-signal: AI-Input=No, use=reference, ai-train=maybe"));
    ContentSignals star = robots.forAgent("bot").contentSignals();
    assertThat(star.preference(ContentSignal.SEARCH)).isEqualTo(Preference.ALLOW);
    assertThat(star.preference(ContentSignal.AI_TRAIN)).isEqualTo(Preference.DISALLOW);
    assertThat(star.preference(ContentSignal.AI_INPUT)).isEqualTo(Preference.UNKNOWN);
    assertThat(star.line(ContentSignal.AI_TRAIN)).hasValue(2);
    assertThat(star.written())
        .containsExactly(new ContentSignals.Line(2, "search=yes, ai-train=no"));
    ContentSignals gpt = robots.forAgent("GPTBot/1.2").contentSignals();
    assertThat(gpt.preference(ContentSignal.AI_INPUT)).isEqualTo(Preference.DISALLOW);
    assertThat(gpt.line(ContentSignal.AI_INPUT)).hasValue(9);
    assertThat(gpt.preference(ContentSignal.AI_TRAIN)).isEqualTo(Preference.ALLOW);
    assertThat(gpt.line(ContentSignal.AI_TRAIN)).hasValue(6);
    assertThat(gpt.unreadable()).containsExactly("ai-train=maybe");
    assertThat(gpt.written()).hasSize(2);
    // The answer for a URL carries them, fetchable or not.
    Usage usage = robots.usage("https://a.com/x", "GPTBot");
    assertThat(usage.applies()).isFalse();
    assertThat(usage.signals()).isEqualTo(gpt);
  }

  @Test
  void checksNeverCompileTheUsageRules() {
    StringBuilder body = new StringBuilder("User-agent: *\nDisallow: /private\n");
    for (int i = 0; i < 200; i++) {
      body.append("Content-Usage: /section").append(i).append("/ train-ai=n\n");
    }
    RobotsTxt robots = Robots.rfc(body.toString());
    AgentRules rules = robots.forAgent("bot");
    rules.check("/section7/page");
    long checked = robots.estimatedWeight();
    assertThat(rules.check("/section7/page").allowed()).isTrue();
    assertThat(robots.estimatedWeight()).isEqualTo(checked);
    assertThat(rules.usage("/section7/page").decision(UsageCategory.TRAIN_AI).toString())
        .isEqualTo("train-ai=n (line 10)");
    assertThat(robots.estimatedWeight()).isGreaterThan(checked);
  }

  @Test
  void noGroupAndBlanketAnswersStateNothing() {
    Usage none =
        Robots.rfc("User-agent: other\nContent-Usage: / train-ai=n\n")
            .usage("https://a.com/x", "bot");
    assertThat(none.verdict().reason()).isEqualTo(Reason.NO_GROUP_FOR_AGENT);
    assertThat(none.decisions())
        .extracting(UsageDecision::preference)
        .containsOnly(Preference.UNKNOWN);
    Usage blanket = AgentRules.blanket(false, Reason.ROBOTS_UNREACHABLE).usage("/x");
    assertThat(blanket.applies()).isFalse();
    assertThat(blanket.signals()).isEqualTo(ContentSignals.NONE);
  }

  @Test
  void aFileWithoutUsageRulesWeighsWhatItWeighedBefore() {
    RobotsTxt plain =
        RobotsTxt.parse("User-agent: *\nDisallow: /x\n", ParseOptions.of(Profile.RFC_9309));
    AgentRules rules = plain.forAgent("bot");
    long before = plain.estimatedWeight();
    rules.usage("/a");
    assertThat(plain.estimatedWeight()).isEqualTo(before);
  }

  private static int line(Usage usage) {
    return usage.decisions().stream()
        .map(UsageDecision::deciding)
        .flatMap(java.util.Optional::stream)
        .mapToInt(UsageRule::line)
        .findFirst()
        .orElse(0);
  }
}
