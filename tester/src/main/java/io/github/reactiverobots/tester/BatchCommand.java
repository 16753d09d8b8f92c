package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.RobotsTxt;
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
import picocli.CommandLine.ParentCommand;

/**
 * {@code batch}: one check per line of standard input, {@code FILE<TAB>AGENT<TAB>URL}, answered in
 * order with the verdict line; each file is loaded once. A line that can't be checked prints {@code
 * ERROR} and the run exits 2; otherwise it exits 0.
 */
@Command(
    name = "batch",
    mixinStandardHelpOptions = true,
    description = {
      "Checks one FILE<TAB>AGENT<TAB>URL per line of standard input, in order.",
      "Prints one verdict line per non-blank input line; ERROR for a line that can't be",
      "checked (then exit 2). Each file is loaded once."
    })
final class BatchCommand implements Callable<Integer> {
  @ParentCommand RobotsTester root;
  @Mixin ProfileOption profile;

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
        root.out.println("ERROR\tline " + lineNo + ": expected FILE<TAB>AGENT<TAB>URL");
        status = RobotsTester.USAGE;
        continue;
      }
      try {
        RobotsTxt robots = loaded.get(f[0]);
        if (robots == null) {
          robots = RobotsFiles.load(Path.of(f[0]), profile.options(), root.err);
          loaded.put(f[0], robots);
        }
        root.out.println(
            Text.verdictLine(robots.check(f[2], f[1]), robots.forAgent(f[1]).pacing()));
      } catch (IOException | RuntimeException e) {
        root.out.println("ERROR\tline " + lineNo + ": " + Text.printable(e.getMessage()));
        status = RobotsTester.USAGE;
      }
    }
    root.out.flush();
    return status;
  }
}
