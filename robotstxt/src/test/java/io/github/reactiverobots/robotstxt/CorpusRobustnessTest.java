package io.github.reactiverobots.robotstxt;

import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.Corpus.ManifestEntry;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every file of the corpus' oddity sample (320 real robots.txt files chosen for their hard cases,
 * {@link Corpus#odditySample()}) parses and lints in both profiles, and every {@code urls.tsv} row
 * for them gets a consistent verdict.
 */
class CorpusRobustnessTest {
  private static final Corpus CORPUS = Corpus.odditySample();
  private static final OriginState STATE =
      OriginState.builder()
          .outcome(FetchOutcome.OK)
          .status(200)
          .fetchedAt(Instant.EPOCH)
          .expiresAt(Instant.EPOCH.plusSeconds(60))
          .build();

  @Test
  void theCorpusCoversTheHardCases() {
    List<ManifestEntry> manifest =
        CORPUS.files().stream().map(f -> CORPUS.manifest(f.name())).toList();
    assertThat(manifest).hasSize(320).doesNotContainNull();
    Set<String> flags = manifest.stream().flatMap(m -> m.flags().stream()).collect(toSet());
    for (String flag : new String[] {"bom_utf16", "invalid_utf8", "nul", "gt500KiB", "bare_cr"}) {
      assertThat(flags).as(flag).contains(flag);
    }
    assertThat(manifest).extracting(ManifestEntry::kind).contains("html", "other");
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void everyFileParsesAndLints(Profile profile) {
    ParseOptions options = ParseOptions.of(profile);
    long ours = 0;
    long collected = 0;
    for (CorpusFile file : CORPUS.files()) {
      String name = file.name();
      ManifestEntry m = CORPUS.manifest(name);
      byte[] body = file.body();
      RobotsTxt robots = RobotsTxt.parse(body, options);
      assertThat(robots.estimatedWeight()).as(name).isPositive();
      assertThat(Linter.lint(body, options)).as(name).isNotNull();
      int rules = robots.groups().stream().mapToInt(g -> g.rules().size()).sum();
      // The corpus collector counted every allow/disallow line, also empty and stray ones, and
      // could not read UTF-16; so outside UTF-16 files we find at most as many rules, and
      // nearly as many where the whole file is parsed.
      if (!m.flags().contains("bom_utf16")) {
        assertThat(rules).as(name).isLessThanOrEqualTo(m.rules());
        if (!robots.truncated()) {
          ours += rules;
          collected += m.rules();
        }
      }
      if (body.length > options.parseLimit()) {
        assertThat(robots.truncated()).as(name).isTrue();
      }
    }
    assertThat(ours).isGreaterThan(collected * 97 / 100);
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void everyUrlRowGetsAConsistentVerdict(Profile profile) {
    ParseOptions options = ParseOptions.of(profile);
    Map<String, RobotsTxt> parsed = new HashMap<>();
    List<UrlRow> rows = CORPUS.rows();
    assertThat(rows).hasSizeGreaterThan(5000);
    int disallowed = 0;
    for (UrlRow row : rows) {
      RobotsTxt robots =
          parsed.computeIfAbsent(row.file(), n -> RobotsTxt.parse(CORPUS.file(n).body(), options));
      String path = row.path();
      CompiledRules rules = robots.rulesFor(row.agent());
      Verdict v = rules.check(path);
      // The same path as UTF-8 bytes inside a larger array, with and without a state attached.
      byte[] utf8 = path.getBytes(StandardCharsets.UTF_8);
      byte[] padded = new byte[utf8.length + 4];
      Arrays.fill(padded, (byte) '%');
      System.arraycopy(utf8, 0, padded, 2, utf8.length);
      assertThat(rules.check(padded, 2, 2 + utf8.length)).as("%s", row).isEqualTo(v);
      assertThat(rules.check(padded, 2, 2 + utf8.length, STATE))
          .as("%s", row)
          .isEqualTo(v.withOriginState(STATE));
      if (v.rule().isPresent()) {
        assertThat(v.allowed()).as("%s", row).isEqualTo(v.rule().get().allow());
        assertThat(v.reason()).isIn(Reason.MATCHED_ALLOW, Reason.MATCHED_DISALLOW);
      } else {
        assertThat(v.allowed()).as("%s", row).isTrue();
      }
      // A URL is read as the profile reads it: under RFC_9309 as the cache does (SEMANTICS.md §4).
      String url = "http://example.com" + path;
      if (profile == Profile.RFC_9309) {
        assertThat(robots.check(url, row.agent()))
            .as("%s", row)
            .isEqualTo(rules.check(SplitUrl.of(url).pathAndQuery()));
      } else {
        assertThat(robots.check(url, row.agent())).as("%s", row).isEqualTo(v);
      }
      if (path.startsWith("/")) {
        assertThat(SplitUrl.of("http://example.com" + path).pathAndQuery())
            .as("%s", row)
            .isEqualTo(asBrowserReads(path));
      }
      if (!v.allowed()) {
        disallowed++;
      }
    }
    assertThat(disallowed).isGreaterThan(rows.size() / 20);
  }

  /**
   * The path and query a browser requests for {@code path}: the fragment dropped, and {@code \}
   * read as {@code /} in the path of an http(s) URL, not in its query (SEMANTICS.md §6).
   */
  private static String asBrowserReads(String path) {
    String noFragment = path.contains("#") ? path.substring(0, path.indexOf('#')) : path;
    int query = noFragment.indexOf('?');
    int pathEnd = query < 0 ? noFragment.length() : query;
    return noFragment.substring(0, pathEnd).replace('\\', '/') + noFragment.substring(pathEnd);
  }
}
