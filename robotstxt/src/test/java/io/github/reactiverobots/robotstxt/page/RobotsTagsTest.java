package io.github.reactiverobots.robotstxt.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.page.PageDirectives.ImagePreview;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SEMANTICS.md §9, pinned on the examples of Google's "Robots meta tag, data-nosnippet, and
 * X-Robots-Tag specifications" (the rules, agent-scoped headers, {@code none}, {@code
 * unavailable_after}, the most restrictive rule winning) and the {@code Content-Usage} header of
 * draft-ietf-aipref-attach §2.
 */
class RobotsTagsTest {
  private static PageDirectives header(String crawler, String... values) {
    return RobotsTags.header(List.of(values), crawler);
  }

  private static PageDirectives meta(String crawler, String head) {
    return RobotsTags.meta(
        ("<!DOCTYPE html><html><head>" + head + "</head><body>text</body>" + "</html>")
            .getBytes(StandardCharsets.UTF_8),
        crawler);
  }

  @Test
  void aHeaderWithTwoRules() {
    PageDirectives p = header("Googlebot", "noindex, nofollow");
    assertThat(p.mayIndex()).isFalse();
    assertThat(p.mayFollow()).isFalse();
    assertThat(p.maySnippet()).isTrue();
  }

  @Test
  void severalHeadersCombine() {
    PageDirectives p =
        header("Googlebot", "noimageindex", "unavailable_after: 25 Jun 2010 15:00:00 PST");
    assertThat(p.mayIndexImages()).isFalse();
    assertThat(p.unavailableAfter()).hasValue(Instant.parse("2010-06-25T23:00:00Z"));
    assertThat(p.mayIndexAt(Instant.parse("2010-06-25T22:59:59Z"))).isTrue();
    assertThat(p.mayIndexAt(Instant.parse("2010-06-26T00:00:00Z"))).isFalse();
    assertThat(p.mayIndex()).isTrue();
  }

  @Test
  void agentScopedHeadersApplyOnlyToTheirCrawler() {
    String[] values = {"googlebot: nofollow", "otherbot: noindex, nofollow"};
    PageDirectives google = header("Googlebot/2.1 (+http://www.google.com/bot.html)", values);
    assertThat(google.mayFollow()).isFalse();
    assertThat(google.mayIndex()).isTrue();
    PageDirectives other = header("OtherBot", values);
    assertThat(other.mayFollow()).isFalse();
    assertThat(other.mayIndex()).isFalse();
    assertThat(header("MyCrawler", values)).isEqualTo(PageDirectives.NONE);
  }

  @Test
  void aScopeLastsToTheNextScopeAndUnscopedRulesApplyToAll() {
    PageDirectives p = header("mybot", "noarchive, googlebot: noindex, nofollow, mybot: nosnippet");
    assertThat(p.mayArchive()).isFalse();
    assertThat(p.mayIndex()).isTrue();
    assertThat(p.mayFollow()).isTrue();
    assertThat(p.maySnippet()).isFalse();
    assertThat(header("googlebot", "googlebot: max-snippet: 20").maxSnippet()).hasValue(20);
  }

  @Test
  void noneIsNoindexAndNofollowAndAllChangesNothing() {
    PageDirectives none = header("bot", "none");
    assertThat(none.mayIndex()).isFalse();
    assertThat(none.mayFollow()).isFalse();
    assertThat(header("bot", "all")).isEqualTo(PageDirectives.NONE);
    assertThat(header("bot", "NONE")).isEqualTo(none);
    assertThat(meta("bot", "<meta name=\"robots\" content=\"none\">")).isEqualTo(none);
  }

  @Test
  void theUnavailableAfterDateForms() {
    Instant june25 = Instant.parse("2010-06-25T15:00:00Z");
    assertThat(header("bot", "unavailable_after: 2010-06-25T15:00:00Z").unavailableAfter())
        .hasValue(june25);
    assertThat(header("bot", "unavailable_after: Fri, 25 Jun 2010 15:00:00 GMT").unavailableAfter())
        .hasValue(june25);
    assertThat(
            header("bot", "unavailable_after: Friday, 25-Jun-10 15:00:00 GMT, noarchive")
                .unavailableAfter())
        .hasValue(june25);
    assertThat(
            header("bot", "unavailable_after: Friday, 25-Jun-10 15:00:00 GMT, noarchive")
                .mayArchive())
        .isFalse();
    assertThat(header("bot", "unavailable_after: 25 Jun 2010 17:00:00 +0200").unavailableAfter())
        .hasValue(june25);
    assertThat(
            meta("bot", "<meta name=\"robots\" content=\"unavailable_after: 2020-09-21\">")
                .unavailableAfter())
        .hasValue(Instant.parse("2020-09-21T00:00:00Z"));
    assertThat(header("bot", "unavailable_after: 2026-12-31T23:59:59-00:00").unavailableAfter())
        .hasValue(Instant.parse("2026-12-31T23:59:59Z"));
    // No valid date: the rule is ignored.
    assertThat(header("bot", "unavailable_after: soon")).isEqualTo(PageDirectives.NONE);
    assertThat(header("bot", "unavailable_after: 31 Feb 2010")).isEqualTo(PageDirectives.NONE);
    // Two dates: the earliest.
    assertThat(
            header("bot", "unavailable_after: 2030-01-01", "unavailable_after: 2029-01-01")
                .unavailableAfter())
        .hasValue(Instant.parse("2029-01-01T00:00:00Z"));
  }

  @Test
  void theMostRestrictiveRuleWins() {
    PageDirectives p = meta("bot", "<meta name=\"robots\" content=\"max-snippet:50, nosnippet\">");
    assertThat(p.maySnippet()).isFalse();
    assertThat(p.maxSnippet()).hasValue(0);
    PageDirectives limits =
        header(
            "bot",
            "max-snippet:20, max-image-preview:large",
            "max-snippet:-1, max-image-preview:standard, max-video-preview:-1",
            "max-video-preview:30");
    assertThat(limits.maxSnippet()).hasValue(20);
    assertThat(limits.maxImagePreview()).hasValue(ImagePreview.STANDARD);
    assertThat(limits.maxVideoPreview()).hasValue(30);
    assertThat(header("bot", "max-snippet:0").maySnippet()).isFalse();
    assertThat(header("bot", "max-snippet:-1").maxSnippet()).hasValue(-1);
    assertThat(header("bot", "max-snippet:lots, max-image-preview:huge"))
        .isEqualTo(PageDirectives.NONE);
  }

  @Test
  void metaTagsForAllCrawlersAndForOne() {
    String head =
        "<meta name=\"robots\" content=\"nofollow\">"
            + "<meta name=\"googlebot\" content=\"noindex\">"
            + "<meta name=\"googlebot-news\" content=\"nosnippet\">";
    PageDirectives google = meta("Googlebot", head);
    assertThat(google.mayIndex()).isFalse();
    assertThat(google.mayFollow()).isFalse();
    assertThat(google.maySnippet()).isTrue();
    PageDirectives news = meta("Googlebot-News", head);
    assertThat(news.mayIndex()).isTrue();
    assertThat(news.maySnippet()).isFalse();
    PageDirectives other = meta("OtherBot", head);
    assertThat(other.mayIndex()).isTrue();
    assertThat(other.mayFollow()).isFalse();
    // Names and content are case-insensitive.
    assertThat(
            meta("bot", "<META NAME=\"ROBOTS\" CONTENT=\"NOINDEX, NoTranslate\">").mayTranslate())
        .isFalse();
  }

  @Test
  void indexIfEmbeddedCombinesWithANoindexFromAnotherSource() {
    PageDirectives p = header("googlebot", "googlebot: noindex", "googlebot: indexifembedded");
    assertThat(p.mayIndex()).isFalse();
    assertThat(p.indexIfEmbedded()).isTrue();
    assertThat(
            meta(
                    "googlebot",
                    "<meta name=\"googlebot\" content=\"noindex\">"
                        + "<meta name=\"googlebot\" content=\"indexifembedded\">")
                .indexIfEmbedded())
        .isTrue();
  }

  @Test
  void onlyTheHeadIsReadAndOnlyUpToTheLimit() {
    byte[] late =
        ("<html><head><title>t</title></head><body><meta name=\"robots\""
                + " content=\"noindex\"></body></html>")
            .getBytes(StandardCharsets.UTF_8);
    assertThat(RobotsTags.meta(late, "bot").mayIndex()).isTrue();
    String head =
        "<html><head>"
            + "<!-- padding -->".repeat(100)
            + "<meta name=\"robots\" content=\"noindex\"></head></html>";
    byte[] bytes = head.getBytes(StandardCharsets.UTF_8);
    assertThat(RobotsTags.meta(bytes, "bot").mayIndex()).isFalse();
    assertThat(RobotsTags.meta(bytes, 1000, "bot").mayIndex()).isTrue();
  }

  @Test
  void theContentUsageHeader() {
    PageDirectives p = RobotsTags.contentUsage(List.of("train-ai=n", "search=y, foo=n"));
    assertThat(p.usage(UsageCategory.TRAIN_AI)).isEqualTo(Preference.DISALLOW);
    assertThat(p.usage(UsageCategory.SEARCH)).isEqualTo(Preference.ALLOW);
    assertThat(p.usage(UsageCategory.AI_USE)).isEqualTo(Preference.UNKNOWN);
    assertThat(RobotsTags.contentUsage(List.of(" train-ai=y ")).usage(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.ALLOW);
    // A dictionary that does not parse: every category unknown.
    assertThat(RobotsTags.contentUsage(List.of("train-ai=n search=y")))
        .isEqualTo(PageDirectives.NONE);
    // Parameters are ignored: ";search=y" is one of train-ai's.
    assertThat(RobotsTags.contentUsage(List.of("train-ai=n;search=y")).usage(UsageCategory.SEARCH))
        .isEqualTo(Preference.UNKNOWN);
    assertThat(RobotsTags.contentUsage(List.of())).isEqualTo(PageDirectives.NONE);
  }

  @Test
  void readCombinesEverySource() {
    PageDirectives p =
        RobotsTags.read(
            List.of("mybot: noarchive"),
            List.of("ai-use=n"),
            "<head><meta name=robots content=nofollow></head>".getBytes(StandardCharsets.UTF_8),
            "MyBot/1.0");
    assertThat(p.mayArchive()).isFalse();
    assertThat(p.mayFollow()).isFalse();
    assertThat(p.usage(UsageCategory.AI_USE)).isEqualTo(Preference.DISALLOW);
    assertThat(p.toString()).isEqualTo("PageDirectives{nofollow, noarchive, ai-use=n}");
  }

  @Test
  void aCrawlerWithoutAProductTokenIsAnError() {
    assertThatThrownBy(() -> header("", "noindex")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> header("/bot", "noindex"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
