package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.testing.Json;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Google's reference test suite (test resources {@code conformance/}): every case passes in the
 * {@code GOOGLE} profile; in {@code RFC_9309} every case passes except the flagged conflicts and
 * the Google-only behaviours SEMANTICS.md §7 lists, which answer as SEMANTICS.md says.
 */
class GoogleConformanceTest {
  private static final List<Map<String, Object>> CHECKS =
      Json.readLines("/conformance/google-robots-test.jsonl");
  private static final List<Map<String, Object>> AUX =
      Json.readLines("/conformance/google-robots-test-aux.jsonl");

  /**
   * Cases where RFC 9309 answers unlike Google for a reason in SEMANTICS.md §7, other than the
   * flagged percent-encoding conflicts. Each must differ, and nothing else may.
   */
  private static final Map<String, String> RFC_DIFFERENCES =
      Map.of(
          "robots_test.cc/GoogleOnly_AcceptUserAgentUpToFirstSpace#2",
          "crawler token: 'Foo Bar' is the token 'foo' under RFC 9309",
          "robots_test.cc/GoogleOnly_IndexHTMLisDirectory#1",
          "index.htm allow rule does not allow the directory under RFC 9309",
          "robots_test.cc/GoogleOnly_LineTooLong#2",
          "lines are kept whole under RFC 9309, so the cut rule does not exist",
          "robots_test.cc/GoogleOnly_LineTooLong#5",
          "lines are kept whole under RFC 9309, so the cut allow rule does not exist");

  static Stream<Arguments> checks() {
    return CHECKS.stream().map(r -> Arguments.of(r.get("id"), r));
  }

  @Test
  void allVectorsAreLoaded() {
    assertThat(CHECKS).hasSize(145);
    assertThat(AUX).hasSize(56);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checks")
  void googleProfileAnswersAsGoogle(String id, Map<String, Object> row) {
    assertThat(allowed(row, Profile.GOOGLE)).as(id).isEqualTo(row.get("allowed"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checks")
  void rfc9309ProfileDiffersOnlyWhereSemanticsSays(String id, Map<String, Object> row) {
    boolean google = (Boolean) row.get("allowed");
    boolean flagged =
        row.get("flags") instanceof List
            && ((List<?>) row.get("flags"))
                .stream().anyMatch(f -> f.toString().startsWith("rfc9309-conflict:"));
    boolean rfc = allowed(row, Profile.RFC_9309);
    if (flagged) {
      // Every flagged case is a percent-encoding conflict in which normalisation makes the
      // pattern match the URL, so RFC 9309 allows what Google disallows.
      assertThat(google).as(id).isFalse();
      assertThat(rfc).as(id).isTrue();
    } else if (RFC_DIFFERENCES.containsKey(id)) {
      assertThat(rfc).as(id + ": " + RFC_DIFFERENCES.get(id)).isNotEqualTo(google);
    } else {
      assertThat(rfc).as(id).isEqualTo(google);
    }
  }

  static Stream<Arguments> aux() {
    return AUX.stream().map(r -> Arguments.of(r.get("id"), r));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("aux")
  void auxiliaryChecks(String id, Map<String, Object> row) {
    String kind = (String) row.get("kind");
    switch (kind) {
      case "valid_user_agent_to_obey":
        assertThat(isProductToken((String) row.get("input"))).as(id).isEqualTo(row.get("expected"));
        break;
      case "path_params_query":
        assertThat(LenientPaths.pathParamsQuery((String) row.get("input")))
            .as(id)
            .isEqualTo(row.get("expected"));
        break;
      case "escape_pattern":
        assertThat(
                PercentEncoding.normalisedPatternText(
                    (String) row.get("input"), Profile.GOOGLE.normalisesPercentEncoding()))
            .as(id)
            .isEqualTo(row.get("expected"));
        break;
      case "parse_stats":
        assertThat(stat(row)).as(id).isEqualTo(row.get("expected"));
        break;
      default:
        throw new AssertionError("unknown kind " + kind);
    }
  }

  /** The statistic {@code row} asks for: a count as a JSON number reads (a double), or text. */
  private static Object stat(Map<String, Object> row) {
    StatsHandler stats = new StatsHandler();
    RobotsTxt.scan(bytes(row), ParseOptions.of(Profile.GOOGLE), stats);
    String metric = (String) row.get("metric");
    switch (metric) {
      case "valid_directives":
        return (double) stats.valid;
      case "unknown_directives":
        return (double) stats.unknown;
      case "last_line_seen":
        return (double) stats.lastLine;
      case "sitemap":
        return stats.sitemap.toString();
      default:
        throw new AssertionError("unknown metric " + metric);
    }
  }

  private static boolean allowed(Map<String, Object> row, Profile profile) {
    RobotsTxt robots = RobotsTxt.parse(bytes(row), ParseOptions.of(profile));
    return robots.allowed((String) row.get("url"), (String) row.get("agent"));
  }

  private static byte[] bytes(Map<String, Object> row) {
    return Base64.getDecoder().decode((String) row.get("robots_b64"));
  }

  /** Counts what Google's test reporter counts: the directives Google knows, and the rest. */
  private static final class StatsHandler implements RobotsParseHandler {
    int valid;
    int unknown;
    int lastLine;
    final StringBuilder sitemap = new StringBuilder();

    @Override
    public void onDirective(int line, Directive directive, String value, int valueColumn) {
      lastLine = line;
      switch (directive) {
        case USER_AGENT:
        case ALLOW:
        case DISALLOW:
          valid++;
          break;
        case SITEMAP:
          valid++;
          sitemap.append(value);
          break;
        default:
          unknown++;
      }
    }

    @Override
    public void onUnknown(int line, String key, String value, int keyColumn) {
      lastLine = line;
      unknown++;
    }
  }

  /** Google's {@code IsValidUserAgentToObey}: a non-null product token. */
  private static boolean isProductToken(String token) {
    return token != null && CrawlerIdentity.isProductToken(token);
  }
}
