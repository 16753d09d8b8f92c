package io.github.reactiverobots.robotstxt.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The robots.txt answer and the page's directives for one URL, combined. */
class PagePermissionsTest {
  private static final RobotsTxt ROBOTS =
      RobotsTxt.parse(
          String.join(
                  "\n",
                  "User-agent: *",
                  "Content-Signal: search=yes, ai-input=no",
                  "Disallow: /private",
                  "Content-Usage: / train-ai=y, search=y",
                  "Content-Usage: /news train-ai=n")
              .getBytes(StandardCharsets.UTF_8));

  @Test
  void everySourceCombinesMostRestrictively() {
    Usage robots = ROBOTS.usage("https://a.com/blog/post", "AiBot");
    PageDirectives page = RobotsTags.read(List.of("noarchive"), List.of("search=n"), null, "AiBot");
    PagePermissions p = PagePermissions.of(robots, page);
    assertThat(p.mayFetch()).isTrue();
    assertThat(p.mayIndex(Instant.EPOCH)).isTrue();
    assertThat(p.preference(UsageCategory.TRAIN_AI)).isEqualTo(Preference.ALLOW);
    // robots.txt says search=y, the page's header search=n: n wins.
    assertThat(p.preference(UsageCategory.SEARCH)).isEqualTo(Preference.DISALLOW);
    // Nothing in Content-Usage about ai-use; the content signal ai-input=no decides.
    assertThat(p.preference(UsageCategory.AI_USE)).isEqualTo(Preference.DISALLOW);
    assertThat(
            PagePermissions.of(ROBOTS.usage("https://a.com/news/1", "AiBot"), PageDirectives.NONE)
                .preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.DISALLOW);
  }

  @Test
  void aDisallowedUrlHasNothingButItsVerdict() {
    PagePermissions p =
        PagePermissions.of(ROBOTS.usage("https://a.com/private/x", "AiBot"), PageDirectives.NONE);
    assertThat(p.mayFetch()).isFalse();
    assertThat(p.mayIndex(Instant.EPOCH)).isFalse();
    assertThat(p.mayFollow()).isFalse();
    assertThat(p.maySnippet()).isFalse();
    for (UsageCategory c : UsageCategory.values()) {
      assertThat(p.preference(c)).isEqualTo(Preference.UNKNOWN);
    }
  }

  @Test
  void pageDirectivesGateIndexingFollowingAndSnippets() {
    PageDirectives page = RobotsTags.header(List.of("noindex, nofollow, nosnippet"), "AiBot");
    PagePermissions p = PagePermissions.of(ROBOTS.usage("https://a.com/x", "AiBot"), page);
    assertThat(p.mayIndex(Instant.EPOCH)).isFalse();
    assertThat(p.mayFollow()).isFalse();
    assertThat(p.maySnippet()).isFalse();
    assertThat(p.page()).isSameAs(page);
  }
}
