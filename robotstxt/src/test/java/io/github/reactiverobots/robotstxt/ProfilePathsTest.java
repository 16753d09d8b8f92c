package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.internal.url.CanonicalPaths;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link CanonicalPaths#bytes}, the shortcut of {@link ProfilePaths#atPath} and {@code RobotsRules}
 * for canonical URLs, reads the path {@link SplitUrl#of} reads, byte for byte, on every {@code
 * urls.tsv} row's URL and on variants of each (query only, fragment, empty path, explicit port).
 */
class ProfilePathsTest {
  @Test
  void theCanonicalShortcutReadsTheSplittersPath() {
    Corpus corpus = Corpus.full();
    int keyed = 0;
    List<String> disagreements = new ArrayList<>();
    for (UrlRow r : corpus.rows()) {
      String url = corpus.file(r.file()).url(r.path());
      String origin = SplitUrl.of(url).origin().key();
      for (String u :
          List.of(
              url,
              url + "#f",
              origin,
              origin + "?q=1",
              origin + "#",
              origin + ":8080/x?y#z",
              origin + ":80/x")) {
        int keyLength = SplitUrl.originKeyLength(u);
        byte[] expected = SplitUrl.of(u).pathAndQuery().getBytes(StandardCharsets.UTF_8);
        if (keyLength >= 0) {
          keyed++;
          String got = new String(CanonicalPaths.bytes(u, keyLength), StandardCharsets.UTF_8);
          if (!got.equals(new String(expected, StandardCharsets.UTF_8))) {
            disagreements.add(u + ": " + got);
          }
        }
        byte[] read =
            ProfilePaths.atPath(
                true, null, u, (rules, b, from, to, state) -> Arrays.copyOfRange(b, from, to));
        assertThat(read).as(u).isEqualTo(expected);
      }
    }
    assertThat(disagreements).isEmpty();
    assertThat(keyed).isGreaterThan(corpus.rows().size() * 5);
  }

  /**
   * {@link AgentRules#checkUrl} gives {@link RobotsTxt#check(String, String)}'s verdict, under both
   * profiles, for every {@code urls.tsv} row's URL and variants the cache reads otherwise (a
   * backslash, a dot segment, upper case, a fragment) or refuses (the same error).
   */
  @Test
  void checkUrlGivesTheVerdictOfTheFilesCheck() {
    Corpus corpus = Corpus.full();
    for (Profile profile : Profile.values()) {
      ParseOptions options = ParseOptions.of(profile);
      Map<String, RobotsTxt> parsed = new HashMap<>();
      int checked = 0;
      for (UrlRow r : corpus.rows()) {
        RobotsTxt txt =
            parsed.computeIfAbsent(r.file(), f -> RobotsTxt.parse(corpus.file(f).body(), options));
        AgentRules rules = txt.forAgent(r.agent());
        String url = corpus.file(r.file()).url(r.path());
        for (String u :
            List.of(url, url + "#f", url.replace("/", "\\"), url + "/../x", url.toUpperCase())) {
          Object expected;
          try {
            expected = txt.check(u, r.agent());
          } catch (InvalidUrlException e) {
            expected = e.getClass();
          } catch (IllegalArgumentException e) {
            // The file's check refused the pair as swapped (the agent is a URL): no agent here.
            continue;
          }
          Object actual;
          try {
            actual = rules.checkUrl(u);
          } catch (InvalidUrlException e) {
            actual = e.getClass();
          }
          assertThat(actual).as("%s %s %s", profile, r.agent(), u).isEqualTo(expected);
          checked++;
        }
      }
      assertThat(checked).isGreaterThan(4 * corpus.rows().size());
    }
  }

  @Test
  void checkUrlRefusesWhatTheCacheRefusesUnderRfc9309Only() {
    String body = "User-agent: *\nDisallow: /\n";
    AgentRules strict = RobotsTxt.parse(body, ParseOptions.defaults()).forAgent("bot");
    AgentRules google = RobotsTxt.parse(body, ParseOptions.of(Profile.GOOGLE)).forAgent("bot");
    assertThatThrownBy(() -> strict.checkUrl("http://exa mple.com/x"))
        .isInstanceOf(InvalidUrlException.class)
        .hasMessageContaining("exa mple.com");
    assertThat(google.checkUrl("http://exa mple.com/x").allowed()).isFalse();
    assertThat(strict.checkUrl("/private").allowed()).isFalse();
  }
}
