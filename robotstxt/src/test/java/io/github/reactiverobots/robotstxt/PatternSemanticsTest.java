package io.github.reactiverobots.robotstxt;

import static io.github.reactiverobots.robotstxt.Robots.allowed;
import static io.github.reactiverobots.robotstxt.Robots.google;
import static io.github.reactiverobots.robotstxt.Robots.rfc;
import static io.github.reactiverobots.robotstxt.Robots.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SEMANTICS.md §3 and §4: patterns and matching. */
class PatternSemanticsTest {
  private static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  @Test
  void anEmptyValueAddsNoRule() {
    RobotsTxt robots = rfc("User-agent: a\nDisallow:\nAllow:\n");
    assertThat(robots.forAgent("a").rules()).isEmpty();
    assertThat(robots.forAgent("a").check("/x").reason()).isEqualTo(Reason.NO_MATCHING_RULE);
  }

  @ParameterizedTest
  @CsvSource({
    "/café, RFC_9309, /caf%C3%A9",
    "/café, GOOGLE, /caf%C3%A9",
    "/a%2fb, RFC_9309, /a%2Fb",
    "/a%2fb, GOOGLE, /a%2Fb",
    "/%7Euser, RFC_9309, /~user",
    "/%7euser, GOOGLE, /%7Euser",
    "/%62%61%7A, RFC_9309, /baz",
    "/%zz%4, RFC_9309, /%zz%4",
    "/a*b$, RFC_9309, /a*b$"
  })
  void patternsAreNormalisedOnce(String pattern, Profile profile, String expected) {
    String byteString = text(pattern.getBytes(StandardCharsets.UTF_8));
    assertThat(text(PercentEncoding.pattern(byteString, profile.normalisesPercentEncoding())))
        .isEqualTo(expected);
  }

  @Test
  void starMatchesAnyRunIncludingNone() {
    String body = "User-agent: a\nDisallow: /a*b\n";
    assertThat(allowed(body, "a", "/ab")).isFalse();
    assertThat(allowed(body, "a", "/a/x/y/b/z")).isFalse();
    assertThat(allowed(body, "a", "/a/x")).isTrue();
  }

  @Test
  void dollarAtTheEndAnchorsAndElsewhereIsLiteral() {
    assertThat(allowed("User-agent: a\nDisallow: /a$\n", "a", "/a")).isFalse();
    assertThat(allowed("User-agent: a\nDisallow: /a$\n", "a", "/ab")).isTrue();
    assertThat(allowed("User-agent: a\nDisallow: /a$b\n", "a", "/a$bc")).isFalse();
    assertThat(allowed("User-agent: a\nDisallow: /a$b\n", "a", "/ab")).isTrue();
    assertThat(allowed("User-agent: a\nDisallow: /*.gif$\n", "a", "/x.gif")).isFalse();
    assertThat(allowed("User-agent: a\nDisallow: /*.gif$\n", "a", "/x.gif?y")).isTrue();
  }

  @Test
  void runsOfStarsCollapseAndATrailingStarChangesNothing() {
    assertThat(allowed("User-agent: a\nDisallow: /a***b\n", "a", "/aXb")).isFalse();
    assertThat(allowed("User-agent: a\nDisallow: /a*\n", "a", "/a")).isFalse();
    assertThat(allowed("User-agent: a\nDisallow: /a*\n", "a", "/b")).isTrue();
    assertThat(allowed("User-agent: a\nDisallow: /a*$\n", "a", "/abc")).isFalse();
    assertThat(allowed("User-agent: a\nDisallow: *\n", "a", "/anything")).isFalse();
  }

  @Test
  void googleIndexHtmAllowAlsoAllowsTheDirectoryExactly() {
    String body = "User-agent: a\nDisallow: /d/\nAllow: /d/index.html\n";
    assertThat(google(body).forAgent("a").check("/d/").allowed()).isTrue();
    assertThat(google(body).forAgent("a").check("/d/x").allowed()).isFalse();
    assertThat(rfc(body).forAgent("a").check("/d/").allowed()).isFalse();
    assertThat(google(body).forAgent("a").check("/d/").rule().orElseThrow().pattern())
        .isEqualTo("/d/$");
  }

  @Test
  void whatIsMatchedIsPathParamsAndQueryNeverTheFragment() {
    String body = "User-agent: a\nDisallow: /p;x?q=1\n";
    RobotsTxt robots = rfc(body);
    assertThat(robots.check("http://h/p;x?q=1#frag", "a").allowed()).isFalse();
    assertThat(robots.check("http://h/p#;x?q=1", "a").allowed()).isTrue();
    assertThat(robots.check("http://h", "a").allowed()).isTrue();
    assertThat(rfc("User-agent: a\nDisallow: /$\n").check("http://h", "a").allowed()).isFalse();
  }

  @Test
  void rfc9309NormalisesThePathLikePatterns() {
    String body = "User-agent: a\nDisallow: /café\nDisallow: /baz\nDisallow: /a/b\n";
    RobotsTxt robots = rfc(body);
    for (String path : new String[] {"/caf%C3%A9", "/café", "/caf%c3%a9", "/%62az"}) {
      assertThat(robots.forAgent("a").check(path).allowed()).as(path).isFalse();
    }
    assertThat(robots.forAgent("a").check("/a%2Fb").allowed()).as("%2F stays encoded").isTrue();
  }

  @Test
  void googleMatchesThePathAsGiven() {
    RobotsTxt robots = google("User-agent: a\nDisallow: /baz\n");
    assertThat(robots.forAgent("a").check("/%62az").allowed()).isTrue();
  }

  @Test
  void theLongestPatternWinsInOctetsOfTheNormalisedPattern() {
    String body =
        "User-agent: a\nAllow: /p\nDisallow: /*.html\nAllow: /x/page.\nDisallow: /%7E\n"
            + "Allow: /~a\n";
    assertThat(allowed(body, "a", "/page.html")).isFalse();
    assertThat(allowed(body, "a", "/x/page.html")).isTrue();
    // "/%7E" normalises to "/~" (2 octets), shorter than "/~a".
    assertThat(allowed(body, "a", "/~a")).isTrue();
    assertThat(allowed(body, "a", "/~b")).isFalse();
  }

  @Test
  void onATieAllowWins() {
    Verdict v = verdict("User-agent: a\nDisallow: /page\nAllow: /page\n", "a", "/page");
    assertThat(v.allowed()).isTrue();
    assertThat(v.rule().orElseThrow().line()).isEqualTo(3);
    assertThat(allowed("User-agent: a\nDisallow: /pa*\nAllow: /page\n", "a", "/page")).isTrue();
  }

  @Test
  void noMatchingRuleMeansAllowed() {
    Verdict v = verdict("User-agent: a\nDisallow: /x\n", "a", "/y");
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.NO_MATCHING_RULE);
    assertThat(v.rule()).isEmpty();
  }

  @Test
  void robotsTxtItselfIsAlwaysAllowedUnderRfc9309Only() {
    String body = "User-agent: *\nDisallow: /\n";
    Verdict v = rfc(body).forAgent("a").check("/robots.txt");
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_TXT_ITSELF);
    assertThat(google(body).forAgent("a").check("/robots.txt").allowed()).isFalse();
    assertThat(rfc(body).forAgent("a").check("/robots.txt.bak").allowed()).isFalse();
  }

  @Test
  void matchingIsCaseSensitive() {
    assertThat(allowed("User-agent: a\nDisallow: /Fish\n", "a", "/fish")).isTrue();
    assertThat(allowed("User-agent: a\nDisallow: /Fish\n", "a", "/Fish")).isFalse();
  }

  @Test
  void theVerdictNamesTheDecidingRuleAsWrittenWithItsLine() {
    Verdict v = verdict("User-agent: a\nCrawl-delay: 2.5\n\nDisallow: /caf%c3%a9\n", "a", "/café");
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(v.rule().orElseThrow()).isEqualTo(new Rule(false, "/caf%c3%a9", 4));
    assertThat(v.crawlDelay()).contains(java.time.Duration.ofMillis(2500));
  }
}
