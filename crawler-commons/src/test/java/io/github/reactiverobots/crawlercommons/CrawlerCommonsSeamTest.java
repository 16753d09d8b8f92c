package io.github.reactiverobots.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seam that runs crawler-commons' own tests against the adapter is really in place: the class
 * their tests instantiate is this module's shadow, loaded before the crawler-commons jar (which
 * still supplies {@code BaseRobotRules}), and its answers are the adapter's (RFC 9309's %2A, which
 * crawler-commons' own parser reads otherwise), and the list of expected failures names only tests
 * that exist and says what decides each.
 */
class CrawlerCommonsSeamTest {
  @Test
  void theirParserIsOurShadowAheadOfTheirJar() {
    String shadow =
        SimpleRobotRulesParser.class.getProtectionDomain().getCodeSource().getLocation().toString();
    String base =
        BaseRobotRules.class.getProtectionDomain().getCodeSource().getLocation().toString();
    assertThat(shadow).endsWith("/test-classes/");
    assertThat(base).contains("crawler-commons-1.6.jar");
  }

  @Test
  void theShadowAnswersWithTheAdapter() {
    byte[] body =
        "User-agent: *\nDisallow: /a-%2A-b\nDisallow: /x/../y\n".getBytes(StandardCharsets.UTF_8);
    BaseRobotRules rules =
        new SimpleRobotRulesParser()
            .parseContent("http://a.test/robots.txt", body, "text/plain", List.of("bot"));
    assertThat(rules.isAllowed("http://a.test/a-*-b")).isFalse();
    BaseRobotRules ours =
        new ReactiveRobotsParser()
            .parseContent("http://a.test/robots.txt", body, "text/plain", List.of("bot"));
    assertThat(rules.isAllowed("http://a.test/y")).isEqualTo(ours.isAllowed("http://a.test/y"));
  }

  @Test
  void everyExpectedFailureNamesATestOfTheirsAndItsDecidingLine() throws Exception {
    for (var e : ExpectedFailures.load().entrySet()) {
      String id = e.getKey();
      String cls = id.substring(0, id.indexOf('.'));
      String method = id.substring(id.indexOf('.') + 1).replaceAll("\\[\\d+]$", "");
      Class<?> test = Class.forName("crawlercommons.robots." + cls);
      assertThat(test.getDeclaredMethods()).as(id).anyMatch(m -> m.getName().equals(method));
      assertThat(e.getValue()).as(id).containsAnyOf("SEMANTICS.md §", "RFC 9309 §");
    }
  }

  @Test
  void theReadmeListsExactlyTheExpectedFailures() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    List<String> listed =
        readme
            .lines()
            .filter(l -> l.startsWith("| `"))
            .map(l -> l.substring(3, l.indexOf('`', 3)))
            .toList();
    assertThat(listed).containsExactlyElementsOf(ExpectedFailures.load().keySet());
    for (var e : ExpectedFailures.load().entrySet()) {
      assertThat(readme).contains("| `" + e.getKey() + "` | " + e.getValue() + " |");
    }
  }
}
