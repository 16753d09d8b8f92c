package io.github.reactiverobots.bench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.bench.jmh.CrawlerCommons;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservationTest {

  /** A difference where no probe finds anything: ours disallows by a plain rule. */
  private static Observation plain(String path, String rule) {
    return new Observation(
        false,
        true,
        Reason.MATCHED_DISALLOW,
        rule,
        Observation.referenceMatch(rule, path),
        path,
        null,
        false,
        true,
        false,
        false,
        "robots",
        List.of(),
        false,
        true,
        false);
  }

  @Test
  void aRuleThatDoesNotMatchThePathIsOurBug() {
    assertThat(plain("/search?q=x", "/*/search").classify())
        .isEqualTo(Cause.OUR_RULE_DOES_NOT_MATCH);
  }

  @Test
  void aMatchingPlainRuleIsALongestMatchQuestion() {
    assertThat(plain("/search/x", "/search").classify()).isEqualTo(Cause.LONGEST_MATCH);
    assertThat(plain("/a/b/search", "/*/search").classify()).isEqualTo(Cause.WILDCARD);
  }

  @Test
  void groupSelectionIsSplitByWhatTheAgentAndOurReasonSay() {
    // ours allows with no rule, and both libraries' answer for an unnamed agent is crawler-commons'
    Observation pastRecord =
        new Observation(
            true,
            false,
            Reason.NO_MATCHING_RULE,
            null,
            null,
            "/x",
            null,
            false,
            false,
            false,
            false,
            "robots",
            List.of(),
            false,
            true,
            true);
    assertThat(pastRecord.classify()).isEqualTo(Cause.GROUP_CONTINUES_PAST_RECORD);
    Observation other =
        new Observation(
            true,
            false,
            Reason.NO_MATCHING_RULE,
            null,
            null,
            "/x",
            null,
            false,
            false,
            false,
            false,
            "robots",
            List.of(),
            false,
            true,
            false);
    assertThat(other.classify()).isEqualTo(Cause.GROUP_SELECTION);
    Observation noToken =
        new Observation(
            false,
            true,
            Reason.MATCHED_DISALLOW,
            "/",
            true,
            "/x",
            null,
            false,
            true,
            true,
            false,
            "robots",
            List.of(),
            false,
            false,
            false);
    assertThat(noToken.classify()).isEqualTo(Cause.NO_PRODUCT_TOKEN);
  }

  @Test
  void probesAreTriedInOrder() {
    Observation pastLimit =
        new Observation(
            true,
            false,
            Reason.NO_MATCHING_RULE,
            null,
            null,
            "/x",
            false,
            true,
            true,
            true,
            true,
            "robots",
            List.of(),
            false,
            true,
            false);
    assertThat(pastLimit.classify()).isEqualTo(Cause.PARSE_LIMIT);
    Observation badUrl =
        new Observation(
            false,
            true,
            Reason.MATCHED_DISALLOW,
            "/a b",
            null,
            "/a b",
            null,
            true,
            false,
            false,
            false,
            "robots",
            List.of(),
            false,
            true,
            false);
    assertThat(badUrl.classify()).isEqualTo(Cause.THEIR_URL_PARSING);
    Observation escaped =
        new Observation(
            true,
            false,
            Reason.NO_MATCHING_RULE,
            null,
            null,
            "/sea%72ch",
            null,
            false,
            false,
            true,
            false,
            "robots",
            List.of(),
            false,
            true,
            false);
    assertThat(escaped.classify()).isEqualTo(Cause.PERCENT_ENCODING);
    Observation html =
        new Observation(
            true,
            false,
            Reason.NO_MATCHING_RULE,
            null,
            null,
            "/x",
            null,
            false,
            false,
            true,
            true,
            "html",
            List.of("crlf"),
            false,
            true,
            false);
    assertThat(html.classify()).isEqualTo(Cause.NON_ROBOTS_BODY);
  }

  @Test
  void agreeingVerdictsHaveNoCause() {
    Observation same =
        new Observation(
            true,
            true,
            Reason.NO_MATCHING_RULE,
            null,
            null,
            "/",
            null,
            false,
            true,
            true,
            true,
            "robots",
            List.of(),
            false,
            true,
            false);
    assertThatThrownBy(same::classify).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void findsUserAgentRunsThatContinuePastARecord() {
    byte[] crawlDelay =
        "User-agent: bingbot\nCrawl-delay: 10\n\nUser-agent: *\nDisallow: /\n"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(AgreementReport.runPastRecord(crawlDelay, "bingbot")).isTrue();
    assertThat(AgreementReport.runPastRecord(crawlDelay, "slurp")).isFalse();
    byte[] ruleFirst =
        "User-agent: bingbot\nDisallow: /x\nCrawl-delay: 1\nUser-agent: b\n"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(AgreementReport.runPastRecord(ruleFirst, "bingbot")).isFalse();
  }

  @Test
  void referenceMatchReadsSemanticsSection3() {
    assertThat(Observation.referenceMatch("/*/*/", "/a")).isFalse();
    assertThat(Observation.referenceMatch("/*/*/", "/a/b/")).isTrue();
    assertThat(Observation.referenceMatch("/a$", "/a")).isTrue();
    assertThat(Observation.referenceMatch("/a$", "/ab")).isFalse();
    assertThat(Observation.referenceMatch("/a$b", "/a$bc")).isTrue();
    assertThat(Observation.referenceMatch("/caf%C3%A9", "/x")).isNull();
  }

  @Test
  void crawlerCommonsGetsTheLowerCaseProductToken() {
    assertThat(CrawlerCommons.robotName("MyCrawler/1.0 (+https://x)")).isEqualTo("mycrawler");
    assertThat(CrawlerCommons.robotName("Googlebot-Image")).isEqualTo("googlebot-image");
    assertThat(CrawlerCommons.robotName("*")).isEqualTo(CrawlerCommons.NO_TOKEN);
    assertThat(CrawlerCommons.robotName("008")).isEqualTo(CrawlerCommons.NO_TOKEN);
  }
}
