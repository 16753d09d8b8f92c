package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.RobotsTxt;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code lint FILE}: every finding, one per line; exit 1 when one is an error. */
@Command(
    name = "lint",
    mixinStandardHelpOptions = true,
    description = {
      "Lints a robots.txt file.",
      "Finds syntax errors, misspellings, unknown and misplaced records, control characters"
          + " (terminal escapes), records unused by Google and Yandex's limits.",
      "Prints FILE:LINE:COLUMN: SEVERITY: MESSAGE [CODE]; exit 1 on an error."
    })
final class LintCommand implements Callable<Integer> {
  @ParentCommand RobotsTester root;
  @Mixin ProfileOption profile;

  @Parameters(index = "0", paramLabel = "FILE", description = "The robots.txt file.")
  Path file;

  @Option(
      names = "--stats",
      description =
          "Also print the counts Google's parser reports:"
              + " valid and unknown directives, the last line seen, the sitemaps.")
  boolean stats;

  @Option(
      names = "--json",
      description =
          "Print one JSON object instead: the file, its findings (line, column, severity, code,"
              + " message), the count of errors (with --stats, the statistics too).")
  boolean json;

  @Override
  public Integer call() throws Exception {
    byte[] body = RobotsFiles.read(file, profile.options());
    List<Lints.Finding> findings = Lints.of(body, profile.options());
    long errors = findings.stream().filter(Lints.Finding::isError).count();
    RobotsTxt robots = RobotsTxt.parse(body, profile.options());
    if (json) {
      Json j = new Json().begin().field("file", file.toString());
      j.field("profile", Text.profileName(profile.profile)).key("findings");
      JsonAnswers.findings(j, findings, findings.size())
          .field("findingCount", findings.size())
          .field("errors", errors)
          .field("truncated", robots.truncated());
      if (stats) {
        Lints.Stats s = Lints.stats(body, profile.options());
        j.key("stats")
            .begin()
            .field("validDirectives", s.validDirectives())
            .field("unknownDirectives", s.unknownDirectives())
            .field("lastLine", s.lastLine())
            .field("sitemaps", s.sitemaps())
            .end();
      }
      root.out.println(j.end());
    } else {
      String name = Text.printable(file.toString());
      findings.forEach(f -> root.out.println(name + ":" + f));
      if (findings.isEmpty()) {
        root.out.println(name + ": no problems found");
      }
      if (stats) {
        root.out.println(Lints.stats(body, profile.options()));
      }
    }
    RobotsFiles.noteIfCut(file, robots, root.err);
    return errors > 0 ? RobotsTester.DISALLOWED : RobotsTester.ALLOWED;
  }
}
