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
      "Lints a robots.txt file: syntax, misspellings, unknown and misplaced",
      "records, control characters (terminal escapes), records unused by Google, Yandex's",
      "limits. Prints FILE:LINE:COLUMN: SEVERITY: MESSAGE [CODE]; exit 1 on an error."
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

  @Override
  public Integer call() throws Exception {
    byte[] body = RobotsFiles.read(file, profile.options());
    List<Lints.Finding> findings = Lints.of(body, profile.options());
    String name = Text.printable(file.toString());
    boolean error = false;
    for (Lints.Finding f : findings) {
      root.out.println(name + ":" + f);
      error |= f.isError();
    }
    if (findings.isEmpty()) {
      root.out.println(name + ": no problems found");
    }
    if (stats) {
      root.out.println(Lints.stats(body, profile.options()));
    }
    RobotsFiles.noteIfCut(file, RobotsTxt.parse(body, profile.options()), root.err);
    return error ? RobotsTester.DISALLOWED : RobotsTester.ALLOWED;
  }
}
