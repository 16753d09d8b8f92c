package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Google's shared vectors (core's test resources {@code conformance/}) through the tester as a user
 * runs it: the 145 checks through {@code check FILE AGENT URL} (the default profile, {@code
 * google}, and named) and through one {@code batch} run; the auxiliary vectors through {@code check
 * --explain} (the path as taken, whether the agent is a valid product token, each rule's pattern as
 * matched) and {@code lint --stats} (Google's parse statistics).
 */
class GoogleVectorsTest {
  private static final List<Map<String, Object>> CHECKS =
      Json.readLines("/conformance/google-robots-test.jsonl");
  private static final List<Map<String, Object>> AUX =
      Json.readLines("/conformance/google-robots-test-aux.jsonl");

  @TempDir static Path dir;

  static Stream<Arguments> checks() {
    return CHECKS.stream().map(r -> Arguments.of(r.get("id"), r));
  }

  static Stream<Arguments> aux() {
    return AUX.stream().map(r -> Arguments.of(r.get("id"), r));
  }

  @Test
  void allVectorsAreThere() {
    assertThat(CHECKS).hasSize(145);
    assertThat(AUX).hasSize(56);
    assertThat(CHECKS).anySatisfy(r -> assertThat(r.get("url")).isEqualTo(""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checks")
  void checkAnswersAsGoogle(String id, Map<String, Object> row) throws Exception {
    Path file = write(row);
    int expected = (Boolean) row.get("allowed") ? 0 : 1;
    String agent = (String) row.get("agent");
    String url = (String) row.get("url");
    TesterRun bare = TesterRun.of("", file.toString(), agent, url);
    assertThat(bare.status()).as(id + "\n" + bare.err()).isEqualTo(expected);
    assertThat(bare.out()).startsWith(expected == 0 ? "ALLOWED\t" : "DISALLOWED\t");
    TesterRun named = TesterRun.of("", "check", "--profile", "google", file.toString(), agent, url);
    assertThat(named.status()).as(id).isEqualTo(expected);
  }

  @Test
  void batchAnswersEveryCheckAsGoogleInOneRunInTextAndInJson() throws Exception {
    StringBuilder in = new StringBuilder();
    List<String> inputs = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (Map<String, Object> row : CHECKS) {
      String input = write(row) + "\t" + row.get("agent") + "\t" + row.get("url");
      in.append(input).append('\n');
      inputs.add(input);
      expected.add((Boolean) row.get("allowed") ? "ALLOWED" : "DISALLOWED");
    }
    TesterRun text = TesterRun.of(in.toString(), "batch", "--profile=google");
    assertThat(text.status()).as(text.out()).isZero();
    List<String> lines = text.out().lines().toList();
    TesterRun json = TesterRun.of(in.toString(), "batch", "--profile=google", "--json");
    assertThat(json.status()).as(json.out()).isZero();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> objects =
        json.out().lines().map(l -> (Map<String, Object>) Json.parse(l)).toList();
    assertThat(lines).hasSize(145);
    assertThat(objects).hasSize(145);
    for (int i = 0; i < 145; i++) {
      String id = CHECKS.get(i).get("id").toString();
      String line = lines.get(i);
      String[] input = inputs.get(i).split("\t", -1);
      String echo = Stream.of(input).map(Text::printable).collect(Collectors.joining("\t"));
      assertThat(line).as(id).startsWith(echo + "\t");
      String verdict = line.substring(echo.length() + 1).split("\t")[0];
      assertThat(verdict).as(id).isEqualTo(expected.get(i));
      Map<String, Object> o = objects.get(i);
      assertThat(o)
          .as(id)
          .containsEntry("line", (double) (i + 1))
          .containsEntry("file", input[0])
          .containsEntry("agent", input[1])
          .containsEntry("url", input[2])
          .containsEntry("verdict", verdict)
          .containsEntry("allowed", verdict.equals("ALLOWED"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("aux")
  void auxiliaryVectorsThroughExplainAndLintStats(String id, Map<String, Object> row)
      throws Exception {
    String kind = (String) row.get("kind");
    switch (kind) {
      case "path_params_query" -> {
        Path file = Files.writeString(dir.resolve("empty.txt"), "");
        TesterRun run =
            TesterRun.of(
                "", "check", "--explain", file.toString(), "FooBot", (String) row.get("input"));
        assertThat(run.out().lines()).as(id).contains("path\t" + row.get("expected"));
      }
      case "valid_user_agent_to_obey" -> {
        Path file = Files.writeString(dir.resolve("empty.txt"), "");
        TesterRun run =
            TesterRun.of(
                "",
                "check",
                "--explain",
                file.toString(),
                (String) row.get("input"),
                "http://example.com/");
        assertThat(run.out().lines())
            .as(id)
            .anySatisfy(
                l ->
                    assertThat(l)
                        .startsWith(
                            "product-token\t" + ((Boolean) row.get("expected") ? "yes" : "no")));
      }
      case "escape_pattern" -> {
        String pattern = (String) row.get("input");
        Path file =
            Files.writeString(
                dir.resolve("escape.txt"), "user-agent: FooBot\ndisallow: " + pattern + "\n");
        TesterRun run =
            TesterRun.of(
                "", "check", "--explain", file.toString(), "FooBot", "http://example.com/");
        assertThat(run.out().lines())
            .as(id)
            .contains("rule\tline 2\tdisallow\t" + pattern + "\tmatched-as " + row.get("expected"));
      }
      case "parse_stats" -> {
        TesterRun run = TesterRun.of("", "lint", "--stats", write(row).toString());
        String stats =
            run.out().lines().filter(l -> l.startsWith("stats\t")).findFirst().orElseThrow();
        String key =
            switch ((String) row.get("metric")) {
              case "valid_directives" -> "valid-directives=";
              case "unknown_directives" -> "unknown-directives=";
              case "last_line_seen" -> "last-line=";
              default -> "sitemaps=";
            };
        Object expected = row.get("expected");
        String value =
            expected instanceof Double d ? String.valueOf(d.intValue()) : expected.toString();
        assertThat(stats.split("\t")).as(id).contains(key + value);
      }
      default -> throw new AssertionError("unexpected kind " + kind);
    }
  }

  private static Path write(Map<String, Object> row) throws Exception {
    byte[] body = Base64.getDecoder().decode((String) row.get("robots_b64"));
    Path file = dir.resolve(Integer.toHexString(java.util.Arrays.hashCode(body)) + ".txt");
    return Files.exists(file) ? file : Files.write(file, body);
  }
}
