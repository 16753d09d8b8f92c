package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --json} on check, batch, lint and diff: the output parsed as JSON, field by field. */
class JsonOutputTest {
  @TempDir Path dir;

  private Path robots(String name, String body) throws Exception {
    return Files.writeString(dir.resolve(name), body);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(String line) {
    return (Map<String, Object>) Json.parse(line);
  }

  @Test
  void checkPrintsOneObjectWithTheVerdictInWordsAndAsACode() throws Exception {
    Path f =
        robots(
            "r.txt",
            "User-agent: *\nCrawl-delay: 5\nContent-Signal: ai-train=no\nDisallow: /x\n"
                + "Allow: /x/ok\n");
    TesterRun run = TesterRun.of("", "check", "--json", f.toString(), "MyBot", "https://a.com/x/y");
    assertThat(run.status()).isOne();
    assertThat(run.out().lines()).hasSize(1);
    Map<String, Object> o = object(run.out());
    assertThat(o)
        .containsEntry("file", f.toString())
        .containsEntry("agent", "MyBot")
        .containsEntry("url", "https://a.com/x/y")
        .containsEntry("profile", "google")
        .containsEntry("allowed", false)
        .containsEntry("verdict", "DISALLOWED")
        .containsEntry("reason", "a disallow rule matches: disallowed")
        .containsEntry("reasonCode", "matched_disallow")
        .containsEntry("rule", "Disallow: /x (line 4)")
        .containsEntry("ruleLine", 4.0)
        .containsEntry("pacing", List.of("crawl-delay=5s"))
        .containsEntry("signals", List.of("ai-train=no (line 3)"))
        .containsEntry("notes", List.of())
        .containsEntry("truncated", false)
        .doesNotContainKey("matches");
    TesterRun explained =
        TesterRun.of(
            "", "check", "--json", "--explain", f.toString(), "MyBot", "https://a.com/x/ok");
    assertThat(explained.status()).isZero();
    Map<String, Object> e = object(explained.out());
    assertThat(e)
        .containsEntry("reason", "an allow rule matches: allowed")
        .containsEntry("runnerUp", "Disallow: /x (line 4)")
        .containsEntry("matchCount", 2.0)
        .containsEntry("chain", List.of("mybot"))
        .containsEntry("productToken", true);
    assertThat((List<?>) e.get("rules")).hasSize(2);
  }

  @Test
  void checkGivesTheUsageAnswerPerUseWithItsSourceAndTheLicences() throws Exception {
    Path f =
        robots(
            "r.txt",
            "User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: / train-ai=y, search=y\n"
                + "License: https://l.example/rsl.xml\n");
    TesterRun run = TesterRun.of("", "check", "--json", f.toString(), "MyBot", "https://a.com/x");
    assertThat(run.status()).isZero();
    Map<String, Object> o = object(run.out());
    assertThat(o.get("usageAnswer"))
        .isEqualTo(
            List.of(
                Map.of("use", "tdm", "answer", "unknown", "source", "none", "line", 0.0),
                Map.of(
                    "use",
                    "train-ai",
                    "answer",
                    "reserved",
                    "source",
                    "content-signal",
                    "line",
                    2.0),
                Map.of("use", "ai-use", "answer", "unknown", "source", "none", "line", 0.0),
                Map.of(
                    "use", "search", "answer", "allowed", "source", "content-usage", "line", 3.0)));
    assertThat(o.get("licenses"))
        .isEqualTo(List.of(Map.of("url", "https://l.example/rsl.xml", "source", "license")));
  }

  @Test
  void checkNotesWhatTheCacheWouldRefuseInTheObject() throws Exception {
    Path f = robots("r.txt", "User-agent: *\nDisallow: /\n");
    TesterRun run = TesterRun.of("", "check", "--json", f.toString(), "*", "");
    assertThat(run.status()).isOne();
    assertThat((List<?>) object(run.out()).get("notes"))
        .hasSize(2)
        .anySatisfy(n -> assertThat(n.toString()).startsWith("the cache would refuse this agent"))
        .anySatisfy(n -> assertThat(n.toString()).startsWith("the cache would refuse this URL"));
  }

  @Test
  void batchPrintsOneObjectPerRowEchoingItsInput() throws Exception {
    Path a = robots("a.txt", "User-agent: *\nDisallow: /a\nCrawl-delay: 2\n");
    String in =
        a + "\tbot\thttp://x/a\n\n" + a + "\tbot\thttp://x/b\nbroken\n" + dir + "/no\tbot\t/\n";
    TesterRun run = TesterRun.of(in, "batch", "--json");
    assertThat(run.status()).isEqualTo(2);
    List<Map<String, Object>> rows = run.out().lines().map(JsonOutputTest::object).toList();
    assertThat(rows).hasSize(4);
    assertThat(rows.get(0))
        .containsEntry("line", 1.0)
        .containsEntry("file", a.toString())
        .containsEntry("agent", "bot")
        .containsEntry("url", "http://x/a")
        .containsEntry("verdict", "DISALLOWED")
        .containsEntry("reasonCode", "matched_disallow")
        .containsEntry("rule", "Disallow: /a (line 2)")
        .containsEntry("ruleLine", 2.0)
        .containsEntry("pacing", List.of("crawl-delay=2s"));
    assertThat(rows.get(1))
        .containsEntry("line", 3.0)
        .containsEntry("url", "http://x/b")
        .containsEntry("allowed", true)
        .containsEntry("reason", "no rule matches: allowed");
    assertThat(rows.get(2))
        .containsEntry("line", 4.0)
        .containsEntry("input", "broken")
        .containsEntry("error", "expected FILE<TAB>AGENT<TAB>URL, got 1 fields");
    assertThat(rows.get(3))
        .containsEntry("line", 5.0)
        .containsEntry("file", dir + "/no")
        .containsEntry("error", "cannot read " + dir + "/no: no such file")
        .doesNotContainKey("verdict");
  }

  @Test
  void lintPrintsTheFindingsTheErrorCountAndTheStats() throws Exception {
    Path f = robots("r.txt", "User-agent: *\nCrawl-delay: soon\nFoo: bar\nSitemap: https://a/s\n");
    TesterRun run = TesterRun.of("", "lint", "--json", "--stats", f.toString());
    assertThat(run.status()).isOne();
    Map<String, Object> o = object(run.out());
    assertThat(o).containsEntry("file", f.toString()).containsEntry("errors", 1.0);
    List<?> findings = (List<?>) o.get("findings");
    assertThat(findings).hasSize(((Double) o.get("findingCount")).intValue()).hasSizeGreaterThan(1);
    assertThat(findings)
        .anySatisfy(
            x ->
                assertThat(asMap(x))
                    .containsEntry("line", 2.0)
                    .containsEntry("column", 14.0)
                    .containsEntry("severity", "error"));
    assertThat(asMap(o.get("stats")))
        .containsEntry("validDirectives", 2.0)
        .containsEntry("unknownDirectives", 2.0)
        .containsEntry("lastLine", 4.0)
        .containsEntry("sitemaps", "https://a/s");
    Path clean = robots("c.txt", "User-agent: *\nDisallow: /x\n");
    TesterRun none = TesterRun.of("", "lint", "--json", clean.toString());
    assertThat(none.status()).isZero();
    assertThat(object(none.out())).containsEntry("findings", List.of()).doesNotContainKey("stats");
  }

  @Test
  void diffPrintsTheFlipsSitemapsAndChanges() throws Exception {
    Path old = robots("old.txt", "User-agent: *\nDisallow: /p/\nSitemap: https://a/old.xml\n");
    Path neu =
        robots(
            "new.txt",
            "User-agent: *\nDisallow: /p/\nDisallow: /d/\nCrawl-delay: 2\n"
                + "Sitemap: https://a/new.xml\n");
    TesterRun run =
        TesterRun.of("", "diff", "--json", old.toString(), neu.toString(), "--agents", "MyBot");
    assertThat(run.status()).isOne();
    Map<String, Object> o = object(run.out());
    assertThat(o)
        .containsEntry("old", old.toString())
        .containsEntry("new", neu.toString())
        .containsEntry("agents", List.of("MyBot"))
        .containsEntry("urls", List.of("/", "/p/", "/d/"))
        .containsEntry("sitemapsAdded", List.of("https://a/new.xml"))
        .containsEntry("sitemapsRemoved", List.of("https://a/old.xml"))
        .containsEntry("checked", 3.0);
    assertThat((List<?>) o.get("flips"))
        .singleElement()
        .isEqualTo(
            Map.of(
                "agent", "MyBot",
                "url", "/d/",
                "was", "ALLOWED",
                "now", "DISALLOWED",
                "oldRule", "no rule matches: allowed",
                "newRule", "Disallow: /d/ (line 3)"));
    assertThat((List<?>) o.get("changes"))
        .singleElement()
        .isEqualTo(
            Map.of("kind", "pacing", "agent", "MyBot", "was", "none", "now", "crawl-delay=2s"));
  }

  @Test
  void controlCharactersAreJsonEscapesNeverRawBytes() throws Exception {
    String esc = "\u001b]0;pwned\u0007";
    Path f = robots("evil.txt", "User-agent: *\nDisallow: /" + esc + "\n");
    TesterRun run = TesterRun.of("", "check", "--json", f.toString(), "bot", "/" + esc);
    assertThat(run.out()).doesNotContain("\u001b").doesNotContain("\u0007");
    assertThat(object(run.out())).containsEntry("url", "/" + esc);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object o) {
    return (Map<String, Object>) o;
  }
}
