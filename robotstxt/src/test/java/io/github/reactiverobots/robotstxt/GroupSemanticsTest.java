package io.github.reactiverobots.robotstxt;

import static io.github.reactiverobots.robotstxt.Robots.allowed;
import static io.github.reactiverobots.robotstxt.Robots.rfc;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SEMANTICS.md §2: groups and group selection. */
class GroupSemanticsTest {

  @Test
  void aUserAgentAfterARuleStartsANewGroup() {
    RobotsTxt robots = rfc("User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n");
    assertThat(robots.groups()).hasSize(2);
    assertThat(robots.forAgent("a").check("/y").allowed()).isTrue();
    assertThat(robots.forAgent("b").check("/x").allowed()).isTrue();
    assertThat(robots.forAgent("b").check("/y").allowed()).isFalse();
  }

  @Test
  void eachGroupListsItsOwnUserAgentsOnly() {
    RobotsTxt robots =
        rfc(
            "User-agent: *\nDisallow: /x\n\n"
                + "User-agent: A\nUser-agent: OtherBot/2\nAllow: /\n\nSitemap: https://s.test/s.xml\n");
    assertThat(robots.groups()).hasSize(2);
    assertThat(robots.groups().get(0).userAgents()).containsExactly("*");
    assertThat(robots.groups().get(1).userAgents()).containsExactly("A", "OtherBot/2");
    assertThat(robots.groups().get(1).names()).containsExactly("a", "otherbot");
  }

  @Test
  void consecutiveUserAgentsShareAGroup() {
    RobotsTxt robots = rfc("User-agent: a\nUser-agent: b\nDisallow: /x\n");
    assertThat(robots.groups()).hasSize(1);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("b").check("/x").allowed()).isFalse();
  }

  @Test
  void rulesBeforeTheFirstUserAgentAreIgnored() {
    RobotsTxt robots = rfc("Disallow: /x\nUser-agent: *\nDisallow: /y\n");
    assertThat(robots.forAgent("a").check("/x").allowed()).isTrue();
    assertThat(robots.forAgent("a").check("/y").allowed()).isFalse();
  }

  @Test
  void sitemapsUnknownKeysAndBlankLinesDoNotEndAGroup() {
    String body =
        "User-agent: a\n\nSitemap: https://s/x.xml\nFoo: bar\n\nUser-agent: b\n\nDisallow: /x\n";
    RobotsTxt robots = rfc(body);
    assertThat(robots.groups()).hasSize(1);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("b").check("/x").allowed()).isFalse();
  }

  @Test
  void theNameIsTheLeadingRunOfLettersUnderscoresAndHyphens() {
    RobotsTxt robots =
        rfc(
            "User-agent: Googlebot/2.1\nDisallow: /g\n"
                + "User-agent: Foo Bar\nDisallow: /f\nUser-agent: my_bot-x+y\nDisallow: /m\n");
    assertThat(robots.groupNames()).containsExactlyInAnyOrder("googlebot", "foo", "my_bot-x");
    assertThat(robots.forAgent("googlebot").check("/g").allowed()).isFalse();
    assertThat(robots.forAgent("foo").check("/f").allowed()).isFalse();
    assertThat(robots.forAgent("My_Bot-X").check("/m").allowed()).isFalse();
  }

  @Test
  void aGroupWithAnEmptyNameMatchesOnlyAnEmptyCrawlerToken() {
    String body = "User-agent: 008\nDisallow: /\n";
    assertThat(allowed(body, "FooBot", "/x")).isTrue();
    assertThat(allowed(body, "", "/x")).isFalse();
    assertThat(allowed(body, "007bot", "/x")).as("token of '007bot' is empty").isFalse();
  }

  @Test
  void starAloneOrBeforeWhiteSpaceIsTheGlobalGroupButStarFooIsNot() {
    assertThat(allowed("User-agent: *\nDisallow: /\n", "any", "/x")).isFalse();
    assertThat(allowed("User-agent: * everyone\nDisallow: /\n", "any", "/x")).isFalse();
    assertThat(allowed("User-agent: *foo\nDisallow: /\n", "any", "/x")).isTrue();
  }

  @Test
  void groupsForTheSameCrawlerAreMerged() {
    RobotsTxt robots =
        rfc(
            "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /b\n"
                + "User-agent: A\nDisallow: /y\n");
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/y").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/b").allowed()).isTrue();
  }

  @Test
  void everyStarGroupIsMergedWhenNoNamedGroupMatches() {
    RobotsTxt robots =
        rfc(
            "User-agent: *\nDisallow: /x\nUser-agent: a\nDisallow: /a\n"
                + "User-agent: *\nDisallow: /y\n");
    assertThat(robots.forAgent("other").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("other").check("/y").allowed()).isFalse();
  }

  @Test
  void aNamedGroupReplacesTheStarGroupEntirely() {
    RobotsTxt robots = rfc("User-agent: *\nDisallow: /x\nUser-agent: a\nDisallow: /a\n");
    assertThat(robots.forAgent("a").check("/x").allowed()).isTrue();
    assertThat(robots.forAgent("a").check("/a").allowed()).isFalse();
  }

  @Test
  void noGroupMeansNoRules() {
    var verdict = rfc("User-agent: a\nDisallow: /\n").forAgent("b").check("/x");
    assertThat(verdict.allowed()).isTrue();
    assertThat(verdict.reason()).isEqualTo(Reason.NO_GROUP_FOR_AGENT);
  }

  @Test
  void rfc9309TakesTheProductTokenOfAFullUserAgent() {
    String body = "User-agent: mybot\nDisallow: /\n";
    assertThat(allowed(body, "MyBot/1.0 (+https://x)", "/x")).isFalse();
  }

  @Test
  void googleUsesTheCrawlerStringAsGiven() {
    RobotsTxt robots = Robots.google("User-agent: FooBot\nDisallow: /\n");
    assertThat(robots.forAgent("FooBot/1.0").check("/x").allowed()).isTrue();
    assertThat(robots.forAgent("foobot").check("/x").allowed()).isFalse();
  }

  @Test
  void explicitOnlyCrawlersNeverFallBackToStar() {
    String body = "User-agent: *\nDisallow: /\nUser-agent: adsbot-google\nDisallow: /ads\n";
    ParseOptions plain = ParseOptions.of(Profile.RFC_9309);
    ParseOptions explicit =
        plain.withExplicitAgents(Set.of("AdsBot-Google-Mobile", "AdsBot-Google"));
    assertThat(RobotsTxt.parse(body, plain).forAgent("AdsBot-Google-Mobile").check("/x").allowed())
        .isFalse();
    assertThat(
            RobotsTxt.parse(body, explicit).forAgent("AdsBot-Google-Mobile").check("/x").allowed())
        .isTrue();
    assertThat(RobotsTxt.parse(body, explicit).forAgent("AdsBot-Google").check("/ads").allowed())
        .as("a named group still applies")
        .isFalse();
    assertThat(ParseOptions.defaults().explicitAgents()).isEmpty();
  }

  @Test
  void namedRulesAreCompiledOnceAndSharedByNamesOfTheSameGroups() throws Exception {
    RobotsTxt robots =
        rfc("User-agent: a\nUser-agent: b\nDisallow: /x\nUser-agent: c\nDisallow: /y\n");
    AgentRules a = robots.forAgent("a");
    assertThat(robots.forAgent("b")).isSameAs(a);
    assertThat(robots.forAgent("A/2.0")).isSameAs(a);
    assertThat(robots.forAgent("c")).isNotSameAs(a);
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      RobotsTxt fresh = rfc("User-agent: a\nDisallow: /x\n");
      java.util.List<java.util.concurrent.Future<AgentRules>> all = new java.util.ArrayList<>();
      for (int i = 0; i < 16; i++) {
        all.add(pool.submit(() -> fresh.forAgent("a")));
      }
      AgentRules first = all.get(0).get(10, java.util.concurrent.TimeUnit.SECONDS);
      for (var f : all) {
        AgentRules r = f.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(r.check("/x").allowed()).isFalse();
        assertThat(r.rules()).isEqualTo(first.rules());
      }
      assertThat(fresh.forAgent("a")).isSameAs(fresh.forAgent("a"));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void eachAgentStringGetsItsOwnSelectionHoweverTheAgentsAlternate() {
    RobotsTxt robots =
        rfc(
            "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: *\nDisallow: /\n");
    String a = "a";
    String otherA = new String("A/1.0");
    String b = "b";
    String none = "c";
    for (int round = 0; round < 3; round++) {
      for (String agent : new String[] {a, b, a, otherA, none, none, b, otherA}) {
        boolean isA = agent == a || agent == otherA;
        assertThat(robots.forAgent(agent).check("/x").allowed())
            .as("%s, round %d", agent, round)
            .isEqualTo(agent == b);
        assertThat(robots.forAgent(agent).check("/y").allowed()).as(agent).isEqualTo(isA);
      }
      assertThat(robots.forAgent(a)).isSameAs(robots.forAgent(otherA));
    }
  }
}
