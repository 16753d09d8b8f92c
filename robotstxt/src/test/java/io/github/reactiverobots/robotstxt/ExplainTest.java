package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.Explanation.Selection;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.testing.Json;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The explain API: groups chosen and why, deciding rule, runner-up, tie-break; fallbacks. */
class ExplainTest {
  private static final CrawlerIdentity IMAGE =
      new CrawlerIdentity("Googlebot-Image", "Googlebot-Image/1.0").withFallbacks("Googlebot");

  @Test
  void theVerdictIsTheCheckVerdictForEveryGoogleVectorInBothProfiles() {
    for (Map<String, Object> row : Json.readLines("/conformance/google-robots-test.jsonl")) {
      byte[] body = Base64.getDecoder().decode((String) row.get("robots_b64"));
      for (Profile p : Profile.values()) {
        RobotsTxt robots = RobotsTxt.parse(body, ParseOptions.of(p));
        String url = (String) row.get("url");
        String agent = (String) row.get("agent");
        Explanation e = robots.explain(url, agent);
        assertThat(e.verdict()).as(row.get("id") + " " + p).isEqualTo(robots.check(url, agent));
        e.decidingRule()
            .ifPresent(
                r -> assertThat(e.matches()).as(row.get("id") + " " + p).first().isEqualTo(r));
      }
    }
  }

  @Test
  void theLongestMatchWinsAndTheShorterOppositeRuleIsTheRunnerUp() {
    RobotsTxt robots =
        RobotsTxt.parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", ParseOptions.defaults());
    Explanation e = robots.explain("https://x.com/a/b/c", "MyBot");
    assertThat(e.selection()).isEqualTo(Selection.GLOBAL);
    assertThat(e.selectedBy()).isEqualTo("*");
    assertThat(e.groups()).extracting(Group::line).containsExactly(1);
    assertThat(e.path()).isEqualTo("/a/b/c");
    assertThat(e.decidingRule()).contains(new Rule(true, "/a/b", 3));
    assertThat(e.runnerUpRule()).contains(new Rule(false, "/a", 2));
    assertThat(e.tieBreak()).isEqualTo("the longest match wins: 4 octets against 2");
    assertThat(e.why()).isEqualTo("no group names 'mybot'; the group at line 1 for '*' applies");
  }

  @Test
  void anExplanationPrintsItsGroupsAsWrittenNotAsObjectIdentities() {
    RobotsTxt robots =
        RobotsTxt.parse(
            "User-agent: MyBot\nUser-agent: *\nDisallow: /a\n", ParseOptions.defaults());
    String text = robots.explain("https://x.com/a", "MyBot").toString();
    assertThat(text)
        .contains("groups=[User-agent: MyBot, * (line 1), 1 rule]")
        .contains("Disallow: /a (line 3)")
        .doesNotContain("Group@");
  }

  @Test
  void onATieAllowWinsAndNoMatchSaysSo() {
    RobotsTxt robots =
        RobotsTxt.parse(
            "User-agent: mybot\nDisallow: /x\nAllow: /x\n" + "User-agent: MyBot\nDisallow: /y\n",
            ParseOptions.of(Profile.GOOGLE));
    Explanation tie = robots.explain("/x", "MyBot");
    assertThat(tie.selection()).isEqualTo(Selection.OWN_TOKEN);
    assertThat(tie.groups()).extracting(Group::line).containsExactly(1, 4);
    assertThat(tie.why()).startsWith("2 groups (lines 1, 4), merged, named 'mybot'");
    assertThat(tie.verdict().allowed()).isTrue();
    assertThat(tie.runnerUpRule()).contains(new Rule(false, "/x", 2));
    assertThat(tie.tieBreak()).isEqualTo("same length (2 octets): allow wins a tie");
    Explanation none = robots.explain("", "MyBot");
    assertThat(none.path()).isEqualTo("/");
    assertThat(none.matches()).isEmpty();
    assertThat(none.tieBreak()).isEqualTo("no rule matches the path: allowed");
  }

  @Test
  void aFallbackChainSelectsTheFirstTokenNamingAGroupBeforeStar() {
    String body = "User-agent: googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /s\n";
    ParseOptions chained = ParseOptions.of(Profile.GOOGLE).withFallbacks(IMAGE);
    RobotsTxt robots = RobotsTxt.parse(body, chained);
    assertThat(robots.check("/g", "Googlebot-Image").allowed()).isFalse();
    assertThat(robots.check("/s", "Googlebot-Image").allowed()).isTrue();
    Explanation e = robots.explain("/g", "Googlebot-Image");
    assertThat(e.selection()).isEqualTo(Selection.FALLBACK);
    assertThat(e.selectedBy()).isEqualTo("googlebot");
    assertThat(e.chain()).containsExactly("googlebot-image", "googlebot");
    assertThat(e.why())
        .isEqualTo(
            "no group names 'googlebot-image'; the fallback 'googlebot'"
                + " selects the group at line 1");
    // Without the chain, the same crawler obeys '*'.
    RobotsTxt plain = RobotsTxt.parse(body, ParseOptions.of(Profile.GOOGLE));
    assertThat(plain.check("/g", "Googlebot-Image").allowed()).isTrue();
    assertThat(plain.explain("/g", "Googlebot-Image").selection()).isEqualTo(Selection.GLOBAL);
    // Its own group, when there is one, comes first.
    RobotsTxt own = RobotsTxt.parse(body + "User-agent: Googlebot-Image\nDisallow: /i\n", chained);
    assertThat(own.check("/g", "Googlebot-Image").allowed()).isTrue();
    assertThat(own.explain("/i", "Googlebot-Image").selection()).isEqualTo(Selection.OWN_TOKEN);
  }

  @Test
  void noGroupAndExplicitAgentsAreExplained() {
    RobotsTxt none = RobotsTxt.parse("User-agent: other\nDisallow: /\n", ParseOptions.defaults());
    assertThat(none.explain("/x", "MyBot").selection()).isEqualTo(Selection.NO_GROUP);
    RobotsTxt explicit =
        RobotsTxt.parse(
            "User-agent: *\nDisallow: /\n",
            ParseOptions.defaults().withExplicitAgents(java.util.Set.of("MyBot")));
    Explanation e = explicit.explain("/x", "MyBot");
    assertThat(e.selection()).isEqualTo(Selection.EXPLICIT_NO_GROUP);
    assertThat(e.verdict()).isEqualTo(explicit.check("/x", "MyBot"));
    assertThat(e.groups()).isEmpty();
  }

  @Test
  void fallbackTokensAreValidated() {
    assertThatThrownBy(() -> IMAGE.withFallbacks("Googlebot/2.1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fallback token");
    assertThatThrownBy(() -> IMAGE.withFallbacks("googlebot-image"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("repeats");
    assertThat(IMAGE.chain()).containsExactly("Googlebot-Image", "Googlebot");
    assertThat(new CrawlerIdentity("MyBot", "MyBot/1.0").fallbacks()).isEmpty();
    assertThat(List.copyOf(IMAGE.fallbacks())).containsExactly("Googlebot");
  }
}
