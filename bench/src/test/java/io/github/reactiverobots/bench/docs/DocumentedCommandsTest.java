package io.github.reactiverobots.bench.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.reactiverobots.bench.Main;
import io.github.reactiverobots.bench.sim.PoliteRun;
import io.github.reactiverobots.bench.sim.ScanRun;
import io.github.reactiverobots.bench.sim.SimulateCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of the documentation leads to a file (and heading) that exists, and every
 * shell command of the documentation (the {@code sh} blocks of README.md, CONTRIBUTING.md, {@code
 * docs/*.md} and the modules' README.md) is in the checked list {@code documented-commands.tsv},
 * and every listed command is still documented, so a command changes only with its list entry. Each
 * entry says how the command is checked:
 *
 * <ul>
 *   <li>{@code run N}: run as written with bash, in a scratch directory that links to the modules'
 *       directories, in the page's order; it must exit with status N. Commands that read a jar run
 *       against the jar the reactor built; without it (a run of the tests without {@code package})
 *       they are skipped, unless {@code CI} is set.
 *   <li>{@code checked REASON}: not run here (it is the build itself, runs for minutes, or contacts
 *       the network: REASON says which). What can be checked without running it is: each {@code
 *       -pl} module and {@code -Dtest} class exists, a {@code java -cp} main class exists, and a
 *       bench-jar command names a command of the jar and options its help lists.
 * </ul>
 */
class DocumentedCommandsTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Path LIST = Path.of("src", "test", "resources", "documented-commands.tsv");
  private static final Pattern SH_BLOCK = Pattern.compile("(?m)^```sh\n(.*?)^```$", Pattern.DOTALL);
  private static final Pattern JAR = Pattern.compile("([\\w.-]+/target/[\\w.-]+\\.jar)");
  private static final Pattern BENCH =
      Pattern.compile("java -jar bench/target/reactive-robots-bench\\.jar (\\w+)(.*)");
  private static final long TIMEOUT_SECONDS = 60;

  /** How one listed command is checked. */
  record Entry(String mode, String detail, String command) {}

  @Test
  void everyDocumentedCommandIsListedAndEveryListedOneDocumented() throws IOException {
    Map<String, List<String>> documented = documented();
    Map<String, Entry> listed = listed();
    List<String> unlisted =
        documented.values().stream()
            .flatMap(List::stream)
            .filter(c -> !listed.containsKey(c))
            .distinct()
            .toList();
    assertThat(unlisted)
        .as(
            "documented commands missing from bench/%s (add each with 'run"
                + " EXIT' or 'checked REASON', tab-separated)",
            LIST)
        .isEmpty();
    List<String> all = documented.values().stream().flatMap(List::stream).toList();
    List<String> stale = listed.keySet().stream().filter(c -> !all.contains(c)).toList();
    assertThat(stale)
        .as("listed commands no longer documented (remove them from %s)", LIST)
        .isEmpty();
  }

  @Test
  void everyRelativeLinkOfTheDocumentationResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (String page : documented().keySet()) {
      Path from = ROOT.resolve(page);
      Matcher link =
          Pattern.compile("\\]\\(([^)\\s]+)\\)")
              .matcher(withoutCodeBlocks(Files.readString(from, StandardCharsets.UTF_8)));
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("[a-z]+:.*")) {
          continue;
        }
        int hash = target.indexOf('#');
        Path file =
            hash == 0
                ? from
                : from.resolveSibling(hash < 0 ? target : target.substring(0, hash)).normalize();
        if (!Files.exists(file)) {
          broken.add(page + ": " + target);
        } else if (hash >= 0 && !anchors(file).contains(target.substring(hash + 1))) {
          broken.add(page + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("links to missing files or headings").isEmpty();
  }

  /** The GitHub anchors of a Markdown file's headings. */
  private static Set<String> anchors(Path file) throws IOException {
    if (!file.toString().endsWith(".md")) {
      return Set.of();
    }
    Set<String> anchors = new HashSet<>();
    Matcher heading =
        Pattern.compile("(?m)^#+ (.*)$")
            .matcher(withoutCodeBlocks(Files.readString(file, StandardCharsets.UTF_8)));
    while (heading.find()) {
      anchors.add(
          heading
              .group(1)
              .strip()
              .toLowerCase(Locale.ROOT)
              .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
              .replace(' ', '-'));
    }
    return anchors;
  }

  private static String withoutCodeBlocks(String markdown) {
    return markdown.replaceAll("(?ms)^```.*?^```$", "");
  }

  @TestFactory
  Stream<DynamicTest> runnableCommandsRunAsWritten(@TempDir Path scratch) throws IOException {
    Map<String, Entry> listed = listed();
    List<DynamicTest> tests = new ArrayList<>();
    for (Map.Entry<String, List<String>> page : documented().entrySet()) {
      Path dir = Files.createDirectories(scratch.resolve(page.getKey().replace('/', '_')));
      for (String command : page.getValue()) {
        Entry entry = listed.get(command);
        if (entry != null && entry.mode().equals("run")) {
          tests.add(
              DynamicTest.dynamicTest(
                  page.getKey() + ": " + command,
                  () -> run(dir, command, Integer.parseInt(entry.detail()))));
        }
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> checkedCommandsNameWhatExists() throws IOException {
    return listed().values().stream()
        .filter(e -> e.mode().equals("checked"))
        .map(e -> DynamicTest.dynamicTest(e.command(), () -> check(e.command())));
  }

  private static void run(Path dir, String command, int expectedExit) throws Exception {
    linkModules(dir);
    Matcher jars = JAR.matcher(expandLoop(command));
    while (jars.find()) {
      boolean built = Files.isRegularFile(ROOT.resolve(jars.group(1)));
      if (!built && System.getenv("CI") != null) {
        throw new AssertionError(jars.group(1) + " was not built, and CI is set");
      }
      assumeTrue(built, jars.group(1) + " is not built (run the tests through package)");
    }
    Path output = Files.createTempFile(dir, "command", ".out");
    Process process =
        new ProcessBuilder("bash", "-c", command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(command + " did not finish within " + TIMEOUT_SECONDS + " s");
    }
    String said = Files.readString(output, StandardCharsets.UTF_8);
    assertThat(process.exitValue())
        .as("exit status of %s, which printed:%n%s", command, said)
        .isEqualTo(expectedExit);
  }

  private static void check(String command) throws Exception {
    Matcher modules = Pattern.compile("-pl (\\S+)").matcher(command);
    while (modules.find()) {
      for (String module : modules.group(1).split(",")) {
        assertThat(ROOT.resolve(module).resolve("pom.xml")).as("module %s", module).isRegularFile();
      }
    }
    Matcher tests = Pattern.compile("-Dtest=(\\S+)").matcher(command);
    while (tests.find()) {
      for (String test : tests.group(1).replace("'", "").split(",")) {
        assertThat(sourceOf(test.replaceAll("#.*", ""), "test"))
            .as("test class %s", test)
            .isNotEmpty();
      }
    }
    Matcher mainClass =
        Pattern.compile("java -cp (?:\"[^\"]*\"|\\S+) ((?:[a-z]\\w*\\.)+[A-Z]\\w*)")
            .matcher(command);
    if (mainClass.find()) {
      String cls = mainClass.group(1);
      assertThat(sourceOf(cls.substring(cls.lastIndexOf('.') + 1), "main"))
          .as("main class %s", cls)
          .isNotEmpty();
    }
    Matcher bench = BENCH.matcher(command);
    if (bench.find()) {
      String sub = bench.group(1);
      String options = bench.group(2).replaceAll("#.*", "");
      String usage = help(Main::main, "--help");
      assertThat(usage).as("the bench jar's commands").containsPattern("\\n\\s+" + sub + " ");
      String help = usage;
      if (sub.equals("simulate")) {
        help +=
            options.contains("--polite")
                ? help(a -> PoliteRun.main(a, System.out), "--polite", "--help")
                : help(a -> SimulateCommand.main(a, System.out), "--help");
      }
      if (sub.equals("scan")) {
        help += help(a -> ScanRun.main(a, System.out), "--help");
      }
      if (!sub.equals("jmh")) {
        Matcher option = Pattern.compile("(--[a-z][\\w-]*)").matcher(options);
        while (option.find()) {
          assertThat(help).as("%s's help lists %s", sub, option.group(1)).contains(option.group(1));
        }
      }
    }
  }

  /**
   * {@code command} with a leading {@code for V in A B; do BODY; done} written out as one BODY per
   * value, so that the jars it names can be found.
   */
  static String expandLoop(String command) {
    Matcher loop = Pattern.compile("^for (\\w+) in ([^;]+); do (.*); done$").matcher(command);
    if (!loop.matches()) {
      return command;
    }
    StringBuilder expanded = new StringBuilder();
    for (String value : loop.group(2).trim().split("\\s+")) {
      expanded.append(loop.group(3).replace("$" + loop.group(1), value)).append('\n');
    }
    return expanded.toString();
  }

  /** What a command's help prints on standard output. */
  private static String help(ThrowingMain main, String... args) throws Exception {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      main.run(args);
    } finally {
      System.setOut(out);
    }
    return captured.toString(StandardCharsets.UTF_8);
  }

  /** A command's main method. */
  interface ThrowingMain {
    void run(String[] args) throws Exception;
  }

  private static List<Path> sourceOf(String simpleName, String sourceSet) throws IOException {
    try (Stream<Path> files = Files.walk(ROOT, 12)) {
      return files
          .filter(p -> p.toString().contains("/src/" + sourceSet + "/java/"))
          .filter(p -> p.getFileName().toString().equals(simpleName + ".java"))
          .toList();
    }
  }

  private static void linkModules(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(ROOT)) {
      for (Path module : children.filter(p -> Files.isRegularFile(p.resolve("pom.xml"))).toList()) {
        Path link = dir.resolve(module.getFileName());
        if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.createSymbolicLink(link, module);
        }
      }
    }
  }

  /** The documented commands, page by page (paths relative to the root), in page order. */
  static Map<String, List<String>> documented() throws IOException {
    List<Path> pages =
        new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"));
        Stream<Path> modules = Files.list(ROOT)) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      modules
          .map(m -> m.resolve("README.md"))
          .filter(Files::isRegularFile)
          .filter(p -> Files.isRegularFile(p.resolveSibling("pom.xml")))
          .sorted(Comparator.naturalOrder())
          .forEach(pages::add);
    }
    Map<String, List<String>> commands = new LinkedHashMap<>();
    for (Path page : pages) {
      if (Files.isRegularFile(page)) {
        commands.put(
            ROOT.relativize(page).toString(),
            commands(Files.readString(page, StandardCharsets.UTF_8)));
      }
    }
    return commands;
  }

  /** The commands of a page's {@code sh} blocks: continuations joined, comments left out. */
  static List<String> commands(String markdown) {
    List<String> commands = new ArrayList<>();
    Matcher block = SH_BLOCK.matcher(markdown);
    while (block.find()) {
      StringBuilder pending = new StringBuilder();
      for (String line : block.group(1).split("\n")) {
        if (pending.length() == 0 && (line.isBlank() || line.stripLeading().startsWith("#"))) {
          continue;
        }
        if (line.endsWith("\\")) {
          pending.append(line, 0, line.length() - 1);
          continue;
        }
        pending.append(line);
        commands.add(pending.toString().strip());
        pending.setLength(0);
      }
    }
    return commands;
  }

  static Map<String, Entry> listed() throws IOException {
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (String line : Files.readAllLines(LIST, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split("\t", 3);
      assertThat(parts).as("'%s': MODE<TAB>DETAIL<TAB>COMMAND", line).hasSize(3);
      assertThat(parts[0]).as("mode of '%s'", line).isIn("run", "checked");
      if (parts[0].equals("run")) {
        assertThat(parts[1]).as("exit status of '%s'", line).matches("\\d+");
      }
      entries.put(parts[2], new Entry(parts[0], parts[1], parts[2]));
    }
    return entries;
  }
}
