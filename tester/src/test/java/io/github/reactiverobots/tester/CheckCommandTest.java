package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check, batch and lint commands, run in-process with the jar's main class. */
class CheckCommandTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String stdin, String... args) {
    return new RobotsTester(
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private Path robots(String name, String body) throws Exception {
    return Files.writeString(dir.resolve(name), body);
  }

  @Test
  void singleCheckPrintsTheVerdictAndExitsZeroOrOne() throws Exception {
    Path f = robots("r.txt", "User-agent: FooBot\nDisallow: /x\nAllow: /x/ok\n");
    assertThat(run("", f.toString(), "FooBot", "http://a.com/x/y")).isEqualTo(1);
    assertThat(out()).startsWith("DISALLOWED").contains("Disallow: /x (line 2)");
    out.reset();
    assertThat(run("", f.toString(), "FooBot", "http://a.com/x/ok")).isEqualTo(0);
    assertThat(out()).startsWith("ALLOWED").contains("line 3");
  }

  @Test
  void profileChangesTheAnswer() throws Exception {
    Path f = robots("r.txt", "User-agent: FooBot\nDisallow: /\n");
    assertThat(run("", "--profile=google", f.toString(), "FooBot/1.0", "http://a.com/")).isZero();
    assertThat(run("", f.toString(), "FooBot/1.0", "http://a.com/"))
        .as("google by default")
        .isZero();
    assertThat(run("", "--profile=rfc9309", f.toString(), "FooBot/1.0", "http://a.com/")).isOne();
  }

  @Test
  void usageAndIoErrorsExitTwo() throws Exception {
    assertThat(run("", "only-one-arg")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Missing required parameters")
        .contains("Usage:");
    err.reset();
    assertThat(run("", "--profile=bing", "a", "b", "c")).isEqualTo(2);
    assertThat(err()).contains("unknown profile 'bing'");
    err.reset();
    assertThat(run("", "check", "--bogus", "a", "b", "c")).isEqualTo(2);
    assertThat(err()).contains("Unknown option: '--bogus'");
    assertThat(run("", dir.resolve("missing.txt").toString(), "a", "http://a.com/")).isEqualTo(2);
  }

  @Test
  void batchAnswersEachLineInOrderLoadingEachFileOnce() throws Exception {
    Path a = robots("a.txt", "User-agent: *\nDisallow: /a\n");
    Path b = robots("b.txt", "User-agent: *\nDisallow: /b\n");
    String first = a + "\tbot\thttp://x/a\n";
    String rest =
        b
            + "\tbot\thttp://x/a\n"
            + a
            + "\tbot\thttp://x/b\n"
            + a
            + "\tbot\thttp://x/a/1\n"
            + "broken line\n"
            + dir.resolve("none.txt")
            + "\tbot\thttp://x/\n";
    // a.txt is deleted once the first line has been answered: later lines must reuse it.
    InputStream in =
        new SequenceInputStream(
            new ByteArrayInputStream(first.getBytes(StandardCharsets.UTF_8)),
            new InputStream() {
              private final InputStream data =
                  new ByteArrayInputStream(rest.getBytes(StandardCharsets.UTF_8));
              private boolean deleted;

              @Override
              public int read() throws java.io.IOException {
                deleteOnce();
                return data.read();
              }

              @Override
              public int read(byte[] b, int off, int len) throws java.io.IOException {
                deleteOnce();
                return data.read(b, off, len);
              }

              private void deleteOnce() throws java.io.IOException {
                if (!deleted) {
                  Files.delete(a);
                  deleted = true;
                }
              }
            });
    int status =
        new RobotsTester(
                in,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .run("batch");
    assertThat(status).isEqualTo(2);
    assertThat(Files.exists(a)).isFalse();
    assertThat(out().split("\n"))
        .containsExactly(
            a
                + "\tbot\thttp://x/a\tDISALLOWED\ta disallow rule matches: disallowed"
                + "\tDisallow: /a (line 2)",
            b + "\tbot\thttp://x/a\tALLOWED\tno rule matches: allowed",
            a + "\tbot\thttp://x/b\tALLOWED\tno rule matches: allowed",
            a
                + "\tbot\thttp://x/a/1\tDISALLOWED\ta disallow rule matches: disallowed"
                + "\tDisallow: /a (line 2)",
            "broken line\tERROR\tline 5: expected FILE<TAB>AGENT<TAB>URL, got 1 fields",
            dir.resolve("none.txt")
                + "\tbot\thttp://x/\tERROR\tline 6: cannot read "
                + dir.resolve("none.txt")
                + ": no such file");
  }

  @Test
  void helpGoesToStandardOutputAndExitsZero() {
    assertThat(run("", "--help")).isZero();
    assertThat(out()).contains("Usage:", "check", "batch", "lint", "diff", "live", "serve");
    assertThat(err()).isEmpty();
    for (String command : new String[] {"check", "batch", "lint", "diff", "live", "serve"}) {
      out.reset();
      assertThat(run("", command, "--help")).as(command).isZero();
      assertThat(out()).as(command).startsWith("Usage: robots-tester " + command);
    }
  }

  @Test
  void theTopLevelHelpGivesEachCommandsWholeFirstSentence() {
    assertThat(run("", "--help")).isZero();
    String help = out();
    String commands = help.substring(help.indexOf("Commands:\n") + "Commands:\n".length());
    // An entry is "  NAME  TEXT", continued on lines indented further.
    java.util.Map<String, String> entries = new java.util.LinkedHashMap<>();
    String name = null;
    for (String line : commands.split("\n")) {
      if (line.matches("  [a-z]+ .*")) {
        name = line.strip().split(" ")[0];
        entries.put(name, line.strip().substring(name.length()).strip());
      } else if (name != null && !line.isBlank()) {
        entries.put(name, entries.get(name) + " " + line.strip());
      }
    }
    assertThat(entries).containsOnlyKeys("check", "batch", "lint", "diff", "live", "serve");
    picocli.CommandLine cli = new picocli.CommandLine(new RobotsTester(null, null, null));
    entries.forEach(
        (command, text) -> {
          String[] description =
              cli.getSubcommands().get(command).getCommandSpec().usageMessage().description();
          assertThat(text).as(command).isEqualTo(description[0]);
          assertThat(description).as(command).allSatisfy(d -> assertThat(d).endsWith("."));
        });
  }

  @Test
  void noArgumentsPrintTheUsageOnStandardErrorAndExitTwo() {
    assertThat(run("")).isEqualTo(2);
    assertThat(err()).startsWith("Usage: robots-tester").contains("Commands:");
    assertThat(out()).isEmpty();
  }

  @Test
  void aMissingFileOrADirectoryIsNamedInTheError() throws Exception {
    Path missing = dir.resolve("missing.txt");
    assertThat(run("", missing.toString(), "a", "http://a.com/")).isEqualTo(2);
    assertThat(err()).isEqualTo("robots-tester: cannot read " + missing + ": no such file\n");
    err.reset();
    assertThat(run("", "lint", dir.toString())).isEqualTo(2);
    assertThat(err()).isEqualTo("robots-tester: cannot read " + dir + ": it is a directory\n");
    assertThat(out()).isEmpty();
  }

  @Test
  void whatTheCacheWouldRefuseIsNotedWithoutChangingTheReferenceAnswer() throws Exception {
    Path f = robots("r.txt", "User-agent: FooBot\nDisallow: /\n");
    assertThat(run("", f.toString(), "FooBot", "")).isOne();
    assertThat(out())
        .startsWith("DISALLOWED\ta disallow rule matches: disallowed\tDisallow: / (line 2)");
    assertThat(err())
        .isEqualTo("robots-tester: note: the cache would refuse this URL: no scheme:" + " \"\"\n");
    for (String agent : new String[] {"*", "", "008bot", "Mozilla/5.0 (compatible; MyBot/1.0)"}) {
      out.reset();
      err.reset();
      assertThat(run("", f.toString(), agent, "http://a.com/x")).as(agent).isZero();
      assertThat(err().lines())
          .as(agent)
          .singleElement()
          .asString()
          .startsWith("robots-tester: note: the cache would refuse this agent: agent \"");
    }
    err.reset();
    assertThat(run("", f.toString(), "FooBot", "http://a.com/x")).isOne();
    assertThat(err()).isEmpty();
  }

  @Test
  void pacingIsPrintedWithTheVerdict() throws Exception {
    Path f =
        robots(
            "r.txt",
            "User-agent: *\nCrawl-delay: 5\nRequest-rate: 1/10s\n"
                + "Visit-time: 0600-0845\nDisallow: /x\n");
    assertThat(run("", f.toString(), "bot", "http://a.com/x")).isOne();
    assertThat(out())
        .isEqualTo(
            "DISALLOWED\ta disallow rule matches: disallowed\tDisallow: /x (line 5)"
                + "\tcrawl-delay=5s\trequest-rate=1/10s\tvisit-time=06:00-08:45 UTC\n");
  }

  @Test
  void usagePreferencesAndContentSignalsFollowTheVerdict() throws Exception {
    Path f =
        robots(
            "r.txt",
            String.join(
                "\n",
                "User-agent: *",
                "Content-Signal: search=yes, ai-train=no",
                "Disallow: /never/",
                "Content-Usage: / train-ai=n",
                "Content-Usage: /ai-ok/ train-ai=y, ai-use=y",
                ""));
    assertThat(run("", f.toString(), "AiBot", "https://a.com/ai-ok/page")).isZero();
    assertThat(out())
        .isEqualTo(
            "ALLOWED\tno rule matches: allowed\n"
                + "content-usage train-ai=y (line 5)\n"
                + "content-usage ai-use=y (line 5)\n"
                + "content-usage search=unknown (line 5)\n"
                + "content-signal search=yes (line 2)\n"
                + "content-signal ai-train=no (line 2)\n"
                + "usage tdm=unknown\n"
                + "usage train-ai=reserved (content-signal, line 2)\n"
                + "usage ai-use=allowed (content-usage, line 5)\n"
                + "usage search=allowed (content-signal, line 2)\n");
    out.reset();
    assertThat(run("", f.toString(), "AiBot", "https://a.com/never/page")).isOne();
    assertThat(out())
        .startsWith(
            "DISALLOWED\ta disallow rule matches: disallowed\tDisallow: /never/ (line 3)\n"
                + "content-usage train-ai=n/a (not fetchable)\n");
    // A file that says nothing about usage adds nothing.
    out.reset();
    Path plain = robots("plain.txt", "User-agent: *\nDisallow: /x\n");
    assertThat(run("", plain.toString(), "AiBot", "https://a.com/y")).isZero();
    assertThat(out())
        .doesNotContain("content-")
        .doesNotContain("\nusage ")
        .doesNotContain("license");
  }

  @Test
  void theUsageAnswerNamesEachUsesSourceAndTheLicences() throws Exception {
    Path f =
        robots(
            "r.txt",
            "License: https://l.example/rsl.xml\nUser-agent: *\nDisallow: /never/\n"
                + "License: /relative.xml\nContent-Usage: / search=y\n");
    assertThat(run("", f.toString(), "AiBot", "https://a.com/page")).isZero();
    assertThat(out())
        .endsWith(
            "usage tdm=unknown\n"
                + "usage train-ai=unknown\n"
                + "usage ai-use=unknown\n"
                + "usage search=allowed (content-usage, line 5)\n"
                + "license https://l.example/rsl.xml\n"
                + "license /relative.xml\n");
    out.reset();
    // Not fetchable: no usage answer, the licences still listed.
    assertThat(run("", f.toString(), "AiBot", "https://a.com/never/x")).isOne();
    assertThat(out()).doesNotContain("\nusage ").contains("license https://l.example/rsl.xml\n");
  }

  @Test
  void aFileCutAtTheParseLimitGetsANote() throws Exception {
    Path f = robots("big.txt", "User-agent: *\nDisallow: /x\n" + "# filler\n".repeat(60_000));
    assertThat(run("", f.toString(), "bot", "http://a.com/x")).isOne();
    assertThat(err())
        .contains("robots-tester: note: " + f + " is longer than the parse limit of 512000");
    err.reset();
    Path small = robots("small.txt", "User-agent: *\nDisallow: /x\n");
    assertThat(run("", small.toString(), "bot", "http://a.com/x")).isOne();
    assertThat(err()).isEmpty();
  }

  @Test
  void controlCharactersFromTheFileAreEscapedInEverythingPrinted() throws Exception {
    String esc = "\u001b]0;pwned\u0007\u001b[2J";
    Path f = robots("evil.txt", "User-agent: *\nDisallow: /" + esc + "\nFoo" + esc + ": bar\n");
    run("", "lint", f.toString());
    run("", f.toString(), "bot", "http://a.com/" + esc);
    run(f + "\tbot\thttp://a.com/" + esc + "\n", "batch");
    String printed = out() + err();
    assertThat(printed).isNotEmpty().doesNotContain("\u001b").doesNotContain("\u0007");
    assertThat(printed).contains("\\x1B]0;pwned\\x07");
  }

  @Test
  void blankBatchLinesAreSkipped() throws Exception {
    Path f = robots("r.txt", "User-agent: *\nDisallow: /x\n");
    assertThat(
            run(
                "\n" + f + "\tbot\thttp://a.com/x\n   \n\n" + f + "\tbot\thttp://a.com/y\n",
                "batch"))
        .isZero();
    assertThat(out().split("\n"))
        .satisfiesExactly(
            l -> assertThat(l).startsWith(f + "\tbot\thttp://a.com/x\tDISALLOWED\t"),
            l -> assertThat(l).startsWith(f + "\tbot\thttp://a.com/y\tALLOWED\t"));
  }

  @Test
  void lintFindsEscapeSequencesRecordsUnusedByGoogleAndYandexLimits() throws Exception {
    Path f =
        robots(
            "e.txt",
            "User-agent: *\nDisallow: /\u001b]0;pwned\u0007\u001b[2J\n"
                + "Crawl-delay: 5\nHost: example.com\nNoindex: /x\nDisallow: /"
                + "a".repeat(1100)
                + "\n"
                + "Disallow: /r\n".repeat(2048));
    assertThat(run("", "lint", f.toString())).isZero();
    assertThat(out())
        .contains(":2:11: warning: control character 0x1B")
        .contains(":3:1: note: 'crawl-delay' is not used by Google")
        .contains(":4:1: note: 'host' is not used by Google")
        .contains(":5:1: note: 'noindex' is not used by Google")
        .contains(":6:11: warning: rule of 1101 characters: Yandex ignores rules longer than 1024")
        .contains(":2053:1: warning: more than 2048 allow/disallow rules: Yandex ignores the rest")
        .doesNotContain("\u001b");
  }

  @Test
  void lintPrintsDiagnosticsAndExitsOneOnErrors() throws Exception {
    Path f = robots("r.txt", "User-agent: *\nCrawl-delay: soon\nFoo: bar\n");
    assertThat(run("", "lint", f.toString())).isOne();
    assertThat(out())
        .contains(":2:14: error: crawl-delay")
        .contains(":3:1: warning: unknown directive");
    out.reset();
    Path clean = robots("c.txt", "User-agent: *\nDisallow: /x\n");
    assertThat(run("", "lint", clean.toString())).isZero();
    assertThat(out()).contains("no problems found");
  }
}
