package io.github.reactiverobots.metrics;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs Prometheus's {@code promtool} for tests, when it is on the PATH ({@code .ci/run} installs
 * Debian's {@code prometheus} package, which provides it). Call only from a test thread, never from
 * a Reactor thread: it waits for the process.
 */
final class Promtool {
  private static final long TIMEOUT_SECONDS = 30;

  /** What promtool said and how it exited. */
  record Result(int exitCode, String output) {}

  private Promtool() {}

  /**
   * promtool's path. When it is not installed, the calling test fails if the environment variable
   * {@code CI} is set (a missing component is a failure there) and otherwise reports itself
   * skipped.
   */
  static Path require() {
    Optional<Path> found = find();
    if (found.isEmpty() && System.getenv("CI") != null) {
      throw new AssertionError(
          "promtool is not on the PATH, and CI is set: install Debian's"
              + " prometheus package (.ci/run does)");
    }
    assumeTrue(found.isPresent(), "promtool is not on the PATH");
    return found.get();
  }

  static Optional<Path> find() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, "promtool");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Runs {@code promtool args...} with {@code stdin} as its input and its output collected in
   * {@code workDir}; fails if it has not finished within 30 seconds.
   */
  static Result run(Path promtool, Path workDir, String stdin, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(promtool.toString());
    command.addAll(List.of(args));
    Path output = Files.createTempFile(workDir, "promtool", ".out");
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    try (OutputStream in = process.getOutputStream()) {
      in.write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("promtool did not finish within " + TIMEOUT_SECONDS + " s");
    }
    return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
  }
}
