package io.github.reactiverobots.robotstxt;

import static io.github.reactiverobots.robotstxt.Robots.rfc;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.RobotsTxt.OtherRecord;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** SEMANTICS.md §5: other records are kept and exposed but never change a verdict. */
class RecordSemanticsTest {

  @Test
  void sitemapsAreGlobalInOrderWithoutDuplicates() {
    RobotsTxt robots =
        rfc(
            "Sitemap: https://a/1.xml\nUser-agent: a\nSitemap: https://a/2.xml\n"
                + "Disallow: /\nSitemap: https://a/1.xml\nSitemap: /relative.xml\n");
    assertThat(robots.sitemaps())
        .containsExactly("https://a/1.xml", "https://a/2.xml", "/relative.xml");
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
  }

  @Test
  void crawlDelayIsSecondsWithDecimalsAndMergedGroupsKeepTheLongest() {
    RobotsTxt robots =
        rfc(
            "User-agent: a\nCrawl-delay: 1.5\nDisallow: /x\n"
                + "User-agent: a\nCrawl-delay: 4\nDisallow: /y\nUser-agent: b\nCrawl-delay: .25\n"
                + "Crawl-delay: nonsense\n");
    assertThat(robots.forAgent("a").crawlDelay()).contains(Duration.ofSeconds(4));
    assertThat(robots.forAgent("b").crawlDelay()).contains(Duration.ofMillis(250));
    assertThat(robots.forAgent("a").check("/y").crawlDelay()).contains(Duration.ofSeconds(4));
  }

  @Test
  void aCrawlDelayBetweenUserAgentLinesDoesNotEndTheGroup() {
    // Only a rule ends a run of user-agent lines (SEMANTICS.md §2), so a and b share one group.
    RobotsTxt robots = rfc("User-agent: a\nCrawl-delay: 4\nUser-agent: b\nDisallow: /x\n");
    assertThat(robots.groups()).hasSize(1);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("b").crawlDelay()).contains(Duration.ofSeconds(4));
  }

  @Test
  void requestRateTakesAnOptionalUnitAndMergedGroupsKeepTheStrictest() {
    RobotsTxt robots =
        rfc(
            "User-agent: a\nRequest-rate: 1/5\nDisallow: /1\nUser-agent: a\n"
                + "Request-rate: 1/1m\nDisallow: /2\nUser-agent: b\nRequest-rate: 3/1h\nDisallow: /3\n"
                + "User-agent: c\nRequest-rate: 3/x\n");
    assertThat(robots.forAgent("a").requestRate())
        .contains(new RequestRate(1, Duration.ofMinutes(1)));
    assertThat(robots.forAgent("b").requestRate())
        .contains(new RequestRate(3, Duration.ofHours(1)));
    assertThat(robots.forAgent("c").requestRate()).isEmpty();
  }

  @Test
  void anAbsurdRequestRateIsClampedNeverDropped() {
    RobotsTxt robots =
        rfc(
            "User-agent: a\nRequest-rate: 1/2562047788015h\nDisallow: /a\n"
                + "User-agent: b\nRequest-rate: 1/10000000h\nDisallow: /b\n"
                + "User-agent: c\nRequest-rate: 99999999999999999999999/0001s\nDisallow: /c\n"
                + "User-agent: d\nRequest-rate: 1/99999999999999999999999999\nDisallow: /d\n"
                + "User-agent: e\nRequest-rate: 0/99999999999999999999\nDisallow: /e\n");
    Duration year = RequestRate.LONGEST_PERIOD;
    assertThat(robots.forAgent("a").requestRate()).contains(new RequestRate(1, year));
    assertThat(robots.forAgent("b").requestRate()).contains(new RequestRate(1, year));
    assertThat(robots.forAgent("c").requestRate())
        .contains(new RequestRate(Integer.MAX_VALUE, Duration.ofSeconds(1)));
    assertThat(robots.forAgent("d").requestRate()).contains(new RequestRate(1, year));
    assertThat(robots.forAgent("e").requestRate()).isEmpty();
    assertThat(new RequestRate(1, Duration.ofDays(365L * 1000)).perSecond()).isPositive();
  }

  @Test
  void visitTimeIsAUtcWindowAndMergedGroupsKeepTheShortest() {
    RobotsTxt robots =
        rfc(
            "User-agent: a\nVisit-time: 0100-0500\nDisallow: /1\nUser-agent: a\n"
                + "Visit-time: 2300-0100\nDisallow: /2\nUser-agent: b\nVisit-time: 2500-0100\n");
    VisitTime t = robots.forAgent("a").visitTime().orElseThrow();
    assertThat(t).isEqualTo(new VisitTime(LocalTime.of(23, 0), LocalTime.of(1, 0)));
    assertThat(t.contains(LocalTime.of(0, 30))).isTrue();
    assertThat(t.contains(LocalTime.of(2, 0))).isFalse();
    assertThat(robots.forAgent("b").visitTime()).isEmpty();
  }

  @Test
  void hostCleanParamAndUnknownRecordsAreKeptAsWritten() {
    RobotsTxt robots =
        rfc(
            "User-agent: *\nHost: www.example.com\nClean-param: ref /a/\n"
                + "Noindex: /x\nDisallow: /y\n");
    assertThat(robots.otherRecords())
        .containsExactly(
            new OtherRecord(2, "host", "www.example.com"),
            new OtherRecord(3, "clean-param", "ref /a/"),
            new OtherRecord(4, "Noindex", "/x"));
    assertThat(robots.forAgent("a").check("/x").allowed()).isTrue();
    assertThat(robots.forAgent("a").check("/y").allowed()).isFalse();
  }

  @Test
  void onlyTheFirstHundredUnknownRecordsAreKeptButTheLinterReportsEveryOne() {
    // An HTML page served as robots.txt: hundreds of "key: value" lines no crawler can use.
    StringBuilder page = new StringBuilder("User-agent: *\n");
    int unknown = RobotsTxt.MAX_UNKNOWN_RECORDS + 150;
    for (int i = 0; i < unknown; i++) {
      page.append("  font-size-").append(i).append(": ").append(i).append("px;\n");
    }
    page.append("Host: example.com\nDisallow: /private\n");
    RobotsTxt robots = rfc(page.toString());

    assertThat(robots.otherRecords()).hasSize(RobotsTxt.MAX_UNKNOWN_RECORDS + 1);
    assertThat(robots.otherRecords().get(RobotsTxt.MAX_UNKNOWN_RECORDS - 1))
        .isEqualTo(
            new OtherRecord(
                RobotsTxt.MAX_UNKNOWN_RECORDS + 1,
                "font-size-" + (RobotsTxt.MAX_UNKNOWN_RECORDS - 1),
                (RobotsTxt.MAX_UNKNOWN_RECORDS - 1) + "px;"));
    assertThat(robots.otherRecords().get(RobotsTxt.MAX_UNKNOWN_RECORDS))
        .isEqualTo(new OtherRecord(unknown + 2, "host", "example.com"));
    assertThat(robots.unknownRecordsCapped()).isTrue();
    assertThat(robots.forAgent("a").check("/private/x").allowed()).isFalse();
    assertThat(
            Linter.lint(page.toString().getBytes(StandardCharsets.UTF_8), ParseOptions.defaults())
                .stream()
                .filter(d -> d.code() == Diagnostic.Code.UNKNOWN_DIRECTIVE))
        .hasSize(unknown);
    assertThat(rfc("User-agent: *\nNoindex: /x\n").unknownRecordsCapped()).isFalse();
  }

  @Test
  void linesNoDirectiveCanStartAreSkippedPastTheCapWithTheirLinesCounted() {
    StringBuilder page = new StringBuilder("<!DOCTYPE html>\r\n");
    int links = RobotsTxt.MAX_UNKNOWN_RECORDS + 20;
    for (int i = 0; i < links; i++) {
      page.append("<a href=\"http://example.com/").append(i).append("\">\r");
    }
    page.append("  # a comment: with a colon\n");
    page.append("\t<div>Disallow: /not-a-rule</div>\r\n");
    page.append("\u00a0Disallow: /nbsp\n");
    page.append("User-agent: *\n");
    page.append("   disallow: /private\n");
    RobotsTxt robots = rfc(page.toString());

    assertThat(robots.otherRecords()).hasSize(RobotsTxt.MAX_UNKNOWN_RECORDS);
    assertThat(robots.otherRecords().subList(0, 2))
        .containsExactly(
            new OtherRecord(1, "<!DOCTYPE", "html>"),
            new OtherRecord(2, "<a href=\"http", "//example.com/0\">"));
    assertThat(robots.unknownRecordsCapped()).isTrue();
    AgentRules rules = robots.forAgent("a");
    assertThat(rules.check("/private/x").rule()).contains(new Rule(false, "/private", links + 6));
    assertThat(rules.check("/not-a-rule").allowed()).isTrue();
    assertThat(rules.check("/nbsp").allowed()).isTrue();
  }
}
