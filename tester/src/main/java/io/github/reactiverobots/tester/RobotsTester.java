package io.github.reactiverobots.tester;

import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The robots.txt tester: {@code java -jar robots-tester.jar COMMAND ...}, with the commands {@code
 * check}, {@code batch}, {@code lint}, {@code diff}, {@code live} and {@code serve} ({@code --help}
 * on each). {@code robots-tester.jar FILE AGENT URL} is {@code check}. Exit status: 0 allowed (or
 * nothing found), 1 disallowed (or something found), 2 a usage or I/O error, which names the bad
 * argument; no arguments at all print the usage on standard error and exit 2.
 */
@Command(
    name = "robots-tester",
    mixinStandardHelpOptions = true,
    version = "robots-tester 0.1",
    description = {
      "Tests robots.txt files: how a crawler reads each URL, lint, diff, live fetch and a web"
          + " page (serve).",
      "Every command takes --help; check, batch, lint, diff and live take --json."
    },
    subcommands = {
      CheckCommand.class,
      BatchCommand.class,
      LintCommand.class,
      DiffCommand.class,
      LiveCommand.class,
      ServeCommand.class
    })
public final class RobotsTester implements Callable<Integer> {
  static final int ALLOWED = 0;
  static final int DISALLOWED = 1;
  static final int USAGE = 2;
  private static final Set<String> COMMANDS =
      Set.of("check", "batch", "lint", "diff", "live", "serve", "help");

  final InputStream in;
  final PrintStream out;
  final PrintStream err;

  RobotsTester(InputStream in, PrintStream out, PrintStream err) {
    this.in = in;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the tester and exits with its status ({@code serve} runs until the process ends).
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
    System.exit(new RobotsTester(System.in, out, err).run(args));
  }

  /** No command: the usage, on standard error, and a usage error. */
  @Override
  public Integer call() {
    new CommandLine(this).usage(err);
    return USAGE;
  }

  /** Runs {@code args}: the exit status. */
  int run(String... args) {
    CommandLine cli = new CommandLine(this);
    cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    cli.setExecutionExceptionHandler(
        (e, line, parsed) -> {
          err.println("robots-tester: " + Text.printable(String.valueOf(e.getMessage())));
          return USAGE;
        });
    cli.setParameterExceptionHandler(
        (e, argv) -> {
          err.println("robots-tester: " + Text.printable(e.getMessage()));
          e.getCommandLine().usage(err);
          return USAGE;
        });
    return cli.execute(withCommand(args));
  }

  /** The bare form {@code FILE AGENT URL} (options anywhere) is {@code check}. */
  private static String[] withCommand(String[] args) {
    for (String a : args) {
      if (a.startsWith("-")) {
        continue;
      }
      if (COMMANDS.contains(a)) {
        return args;
      }
      List<String> withCheck = new ArrayList<>(List.of("check"));
      withCheck.addAll(Arrays.asList(args));
      return withCheck.toArray(String[]::new);
    }
    return args;
  }
}
