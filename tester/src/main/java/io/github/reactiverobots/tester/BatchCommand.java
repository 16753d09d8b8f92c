package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code batch}: one check per line of standard input, {@code FILE<TAB>AGENT<TAB>URL}, answered in
 * order, each answer starting with its input row; each file is loaded once. A line that can't be
 * checked is answered {@code ERROR} and the run exits 2; otherwise it exits 0. With {@code --json},
 * one JSON object per answer, echoing the input row.
 */
@Command(
    name = "batch",
    mixinStandardHelpOptions = true,
    description = {
      "Checks one FILE<TAB>AGENT<TAB>URL per line of standard input, in order.",
      "Prints each input row, a tab, then its verdict line; ERROR for a row that can't be checked"
          + " (then exit 2). Each file is loaded once."
    })
final class BatchCommand implements Callable<Integer> {
  @ParentCommand RobotsTester root;
  @Mixin ProfileOption profile;

  @Option(
      names = "--json",
      description =
          "Print one JSON object per row instead: its line number, file, agent and URL, then the"
              + " verdict, the reason, the rule and the pacing, or the error.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    Map<String, RobotsTxt> loaded = new HashMap<>();
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(root.in, StandardCharsets.UTF_8));
    int status = RobotsTester.ALLOWED;
    int lineNo = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (f.length != 3) {
        String why = "expected FILE<TAB>AGENT<TAB>URL, got " + f.length + " fields";
        root.out.println(
            json
                ? new Json()
                    .begin()
                    .field("line", lineNo)
                    .field("input", line)
                    .field("error", why)
                    .end()
                : Text.printable(line) + "\tERROR\tline " + lineNo + ": " + why);
        status = RobotsTester.USAGE;
        continue;
      }
      Json row =
          new Json()
              .begin()
              .field("line", lineNo)
              .field("file", f[0])
              .field("agent", f[1])
              .field("url", f[2]);
      String echo =
          Text.printable(f[0]) + "\t" + Text.printable(f[1]) + "\t" + Text.printable(f[2]) + "\t";
      try {
        RobotsTxt robots = loaded.get(f[0]);
        if (robots == null) {
          robots = RobotsFiles.load(Path.of(f[0]), profile.options(), root.err);
          loaded.put(f[0], robots);
        }
        Verdict v = robots.check(f[2], f[1]);
        Pacing pacing = robots.forAgent(f[1]).pacing();
        root.out.println(
            json
                ? JsonAnswers.verdict(row, v).strings("pacing", Text.pacing(pacing)).end()
                : echo + Text.verdictLine(v, pacing));
      } catch (IOException | RuntimeException e) {
        String why = String.valueOf(e.getMessage());
        root.out.println(
            json
                ? row.field("error", why).end()
                : echo + "ERROR\tline " + lineNo + ": " + Text.printable(why));
        status = RobotsTester.USAGE;
      }
    }
    root.out.flush();
    return status;
  }
}
