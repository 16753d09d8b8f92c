package io.github.reactiverobots.tester;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code serve}: the web page, until the process ends. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Serves the tester's web page on http://127.0.0.1:PORT/ until stopped.",
      "The page has the editor, the matrix, explanations, lint, diff and live fetch.",
      "Live fetches refuse loopback, private and other non-public addresses unless"
          + " --allow-private."
    })
final class ServeCommand implements Callable<Integer> {
  @ParentCommand RobotsTester root;

  @Option(
      names = "--port",
      defaultValue = "8080",
      description = "The port (0: any free one;" + " default ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--bind",
      defaultValue = "127.0.0.1",
      description = "The address to listen on (default ${DEFAULT-VALUE}, this machine only).")
  String bind;

  @Option(
      names = "--resolve",
      paramLabel = "HOST:PORT:ADDRESS",
      description = "For live fetches, connect to ADDRESS for HOST:PORT instead of asking DNS.")
  List<String> resolve = new ArrayList<>();

  @Option(
      names = "--allow-private",
      description =
          "Let live fetches connect to loopback, private and other non-public" + " addresses.")
  boolean allowPrivate;

  @Option(
      names = "--ca",
      paramLabel = "FILE",
      description =
          "For live fetches, trust the CA certificates of this PEM file (a private CA) in place"
              + " of the JDK's trust store.")
  Path ca;

  @Override
  public Integer call() throws IOException {
    PrintStream console = root.err;
    WebServer server =
        WebServer.start(
            bind,
            port,
            WebServer.liveSettings(
                Resolves.parse(resolve),
                allowPrivate,
                LiveCommand.withCa(ca, UnaryOperator.identity())),
            WebServer.Limits.DEFAULT,
            console::println);
    root.out.println("serving " + server.url());
    root.out.flush();
    server.onDispose().block();
    return RobotsTester.ALLOWED;
  }
}
