package io.github.reactiverobots.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import crawlercommons.robots.BaseRobotRules;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The adapter's answers through crawler-commons' API, each pinned to its SEMANTICS.md line. */
class ReactiveRobotsParserTest {
  private static final String ROBOTS_URL = "https://a.test/robots.txt";

  private static BaseRobotRules parse(String body, String... names) {
    return parse(Profile.RFC_9309, body, names);
  }

  private static BaseRobotRules parse(Profile profile, String body, String... names) {
    return new ReactiveRobotsParser(profile)
        .parseContent(
            ROBOTS_URL, body.getBytes(StandardCharsets.UTF_8), "text/plain", List.of(names));
  }

  @Test
  void aCrawlersNamesAreItsTokenThenItsFallbacksInOrder() {
    String body =
        "User-agent: googlebot\nDisallow: /g\n\nUser-agent: othername\nDisallow: /o\n"
            + "\nUser-agent: *\nDisallow: /all\n";
    BaseRobotRules image = parse(body, "googlebot-image", "googlebot", "othername");
    assertThat(image.isAllowed("https://a.test/g")).isFalse();
    assertThat(image.isAllowed("https://a.test/o")).as("only the first named fallback").isTrue();
    assertThat(image.isAllowed("https://a.test/all")).isTrue();
    assertThat(image.isMatchedWildcard()).isFalse();
    BaseRobotRules other = parse(body, "Unknown/1.0");
    assertThat(other.isAllowed("https://a.test/all")).isFalse();
    assertThat(other.isMatchedWildcard()).isTrue();
    BaseRobotRules unnamed = parse("User-agent: -\nDisallow: /\nUser-agent: *\nDisallow: /x\n");
    assertThat(unnamed.isAllowed("https://a.test/y")).as("no name obeys * alone").isTrue();
    assertThat(
            new ReactiveRobotsParser()
                .parseContent(
                    ROBOTS_URL, body.getBytes(StandardCharsets.UTF_8), null, "Mozilla googlebot")
                .isAllowed("https://a.test/g"))
        .as("the one-string form; Mozilla is no crawler's name")
        .isFalse();
  }

  @Test
  void crawlDelayIsInMillisecondsAndSitemapsAreResolved() {
    BaseRobotRules rules =
        parse(
            "Sitemap: /s1.xml\nSitemap: https://cdn.test/s2.xml\nSitemap: /s1.xml\n"
                + "User-agent: *\nCrawl-delay: 2.5\nDisallow: /x\n",
            "bot");
    assertThat(rules.getCrawlDelay()).isEqualTo(2_500);
    assertThat(rules.getSitemaps())
        .containsExactly("https://a.test/s1.xml", "https://cdn.test/s2.xml");
    assertThat(parse("User-agent: *\nDisallow: /x\n", "bot").getCrawlDelay())
        .isEqualTo(BaseRobotRules.UNSET_CRAWL_DELAY);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "''                                      | true  | false",
        "User-agent: *\\nDisallow:               | true  | false",
        "User-agent: *\\nAllow: /x               | true  | false",
        "User-agent: *\\nDisallow: /x\\nAllow: /x | true  | false",
        "User-agent: *\\nDisallow: /x            | false | false",
        "User-agent: other\\nDisallow: /         | true  | false",
        "User-agent: *\\nDisallow: /             | false | false"
      })
  void allowAllAndAllowNoneOnlyWhenTrue(String body, boolean all, boolean none) {
    BaseRobotRules rules = parse(body.replace("\\n", "\n"), "bot");
    assertThat(rules.isAllowAll()).isEqualTo(all);
    assertThat(rules.isAllowNone()).as("RFC_9309 always allows /robots.txt").isEqualTo(none);
    assertThat(rules.isAllowed("https://a.test/robots.txt")).isTrue();
  }

  @Test
  void aUrlWithLeadingSpacesOrControlsIsReadAsTheCacheReadsIt() {
    BaseRobotRules rules = parse("User-agent: *\nDisallow: /private\n", "bot");
    assertThat(rules.isAllowed(" http://victim.test/x\\..\\private")).isFalse();
    assertThat(rules.isAllowed("\t\u0001 HTTP://victim.test/%2e%2e\\private\n")).isFalse();
    assertThat(rules.isAllowed(" http://victim.test/public")).isTrue();
  }

  @Test
  void underGoogleADisallowOfEveryPathAllowsNone() {
    assertThat(parse(Profile.GOOGLE, "User-agent: *\nDisallow: /\n", "bot").isAllowNone()).isTrue();
    assertThat(parse(Profile.GOOGLE, "User-agent: *\nDisallow: /$\n", "bot").isAllowNone())
        .isFalse();
    assertThat(
            parse(Profile.GOOGLE, "User-agent: *\nDisallow: /\nAllow: /a\n", "bot").isAllowNone())
        .isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {100, 199, 429, 500, 503, 599, 600})
  void unreachableStatusesDeferAndAllowNothing(int status) {
    BaseRobotRules rules = new ReactiveRobotsParser().failedFetch(status);
    assertThat(rules.isDeferVisits()).isTrue();
    assertThat(rules.isAllowNone()).isTrue();
    assertThat(rules.isAllowAll()).isFalse();
    assertThat(rules.isAllowed("https://a.test/")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 304, 400, 401, 403, 404, 410, 451})
  void unavailableStatusesAllowEverything(int status) {
    BaseRobotRules rules = new ReactiveRobotsParser().failedFetch(status);
    assertThat(rules.isDeferVisits()).isFalse();
    assertThat(rules.isAllowAll()).isTrue();
    assertThat(rules.isAllowed("https://a.test/x")).isTrue();
  }

  @Test
  void aSuccessIsNoFailedFetch() {
    assertThatThrownBy(() -> new ReactiveRobotsParser().failedFetch(200))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parseContent");
  }

  @Test
  void escapedStarAndDollarMatchTheirLiteralsUnderRfc9309Only() {
    String body = "User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /%24\n";
    BaseRobotRules rfc = parse(body, "bot");
    assertThat(rfc.isAllowed("https://a.test/path/file-with-a-*.html")).isFalse();
    assertThat(rfc.isAllowed("https://a.test/$100")).isFalse();
    assertThat(rfc.isAllowed("https://a.test/path/file-with-a-x.html")).isTrue();
    BaseRobotRules google = parse(Profile.GOOGLE, body, "bot");
    assertThat(google.isAllowed("https://a.test/path/file-with-a-*.html")).isTrue();
    assertThat(google.isAllowed("https://a.test/path/file-with-a-%2A.html")).isFalse();
  }

  @Test
  void aUrlTheCacheRefusesIsNotAllowed() {
    BaseRobotRules rules = parse("User-agent: *\nAllow: /\n", "bot");
    assertThat(rules.isAllowed("http://exa mple.test/")).isFalse();
    assertThat(rules.isAllowed("/a/path")).isTrue();
  }
}
