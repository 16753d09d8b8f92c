package io.github.reactiverobots.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.model.FetchOutcome;
import io.github.reactiverobots.core.model.OriginState;
import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.model.Reason;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.url.SplitUrl;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every file of the test corpus (320 real robots.txt files, test resources {@code corpus/})
 * parses and lints in both profiles, and every {@code urls.tsv} row for them gets a consistent
 * verdict.
 */
class CorpusRobustnessTest {
  private static final List<String> MANIFEST = lines("/corpus/MANIFEST.tsv");
  private static final OriginState STATE = new OriginState(
      FetchOutcome.OK, 200, Instant.EPOCH, Instant.EPOCH.plusSeconds(60), false);

  static byte[] file(String name) {
    try (InputStream in = CorpusRobustnessTest.class.getResourceAsStream("/corpus/files/" + name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<String> lines(String resource) {
    try (InputStream in = CorpusRobustnessTest.class.getResourceAsStream(resource)) {
      List<String> out = new ArrayList<>(List.of(
          new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")));
      out.remove(0);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theCorpusCoversTheHardCases() {
    assertThat(MANIFEST).hasSize(320);
    String all = String.join("\n", MANIFEST);
    for (String flag : new String[] {"bom_utf16", "invalid_utf8", "nul", "gt500KiB", "bare_cr",
        "\thtml\t", "\tother\t"}) {
      assertThat(all).as(flag).contains(flag);
    }
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void everyFileParsesAndLints(Profile profile) {
    ParseOptions options = ParseOptions.of(profile);
    long ours = 0;
    long collected = 0;
    for (String row : MANIFEST) {
      String[] f = row.split("\t");
      byte[] body = file(f[0]);
      RobotsTxt robots = RobotsTxt.parse(body, options);
      assertThat(robots.estimatedWeight()).as(f[0]).isPositive();
      assertThat(Linter.lint(body, options)).as(f[0]).isNotNull();
      int rules = robots.groups().stream().mapToInt(g -> g.rules().size()).sum();
      // The corpus collector counted every allow/disallow line, also empty and stray ones, and
      // could not read UTF-16; so outside UTF-16 files we find at most as many rules, and
      // nearly as many where the whole file is parsed.
      if (!f[10].contains("bom_utf16")) {
        assertThat(rules).as(f[0]).isLessThanOrEqualTo(Integer.parseInt(f[9]));
        if (!robots.truncated()) {
          ours += rules;
          collected += Integer.parseInt(f[9]);
        }
      }
      if (body.length > options.parseLimit()) {
        assertThat(robots.truncated()).as(f[0]).isTrue();
      }
    }
    assertThat(ours).isGreaterThan(collected * 97 / 100);
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void everyUrlRowGetsAConsistentVerdict(Profile profile) {
    ParseOptions options = ParseOptions.of(profile);
    Map<String, RobotsTxt> parsed = new HashMap<>();
    List<String> rows = lines("/corpus/urls.tsv");
    assertThat(rows).hasSizeGreaterThan(5000);
    int disallowed = 0;
    for (String row : rows) {
      String[] f = row.split("\t", -1);
      RobotsTxt robots = parsed.computeIfAbsent(f[0], n -> RobotsTxt.parse(file(n), options));
      String path = f[2];
      AgentRules rules = robots.forAgent(f[1]);
      Verdict v = rules.check(path);
      // The same path as UTF-8 bytes inside a larger array, with and without a state attached.
      byte[] utf8 = path.getBytes(StandardCharsets.UTF_8);
      byte[] padded = new byte[utf8.length + 4];
      Arrays.fill(padded, (byte) '%');
      System.arraycopy(utf8, 0, padded, 2, utf8.length);
      assertThat(rules.check(padded, 2, 2 + utf8.length)).as(row).isEqualTo(v);
      assertThat(rules.check(padded, 2, 2 + utf8.length, STATE)).as(row)
          .isEqualTo(v.withOriginState(STATE));
      if (v.rule().isPresent()) {
        assertThat(v.allowed()).as(row).isEqualTo(v.rule().get().allow());
        assertThat(v.reason()).isIn(Reason.MATCHED_ALLOW, Reason.MATCHED_DISALLOW);
      } else {
        assertThat(v.allowed()).as(row).isTrue();
      }
      assertThat(robots.check("http://example.com" + path, f[1])).as(row).isEqualTo(v);
      if (path.startsWith("/")) {
        assertThat(SplitUrl.of("http://example.com" + path).pathAndQuery())
            .as(row).isEqualTo(path.contains("#") ? path.substring(0, path.indexOf('#')) : path);
      }
      if (!v.allowed()) {
        disallowed++;
      }
    }
    assertThat(disallowed).isGreaterThan(rows.size() / 20);
  }
}
