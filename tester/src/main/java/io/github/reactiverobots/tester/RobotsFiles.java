package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads robots.txt files from disk, naming the path in every error. Stateless. */
final class RobotsFiles {
  private RobotsFiles() {}

  /**
   * As much of the file as the parser can use (it never needs more).
   *
   * @throws IOException naming the path: missing, a directory, unreadable
   */
  static byte[] read(Path file, ParseOptions options) throws IOException {
    String name = Text.printable(file.toString());
    if (Files.isDirectory(file)) {
      throw new IOException("cannot read " + name + ": it is a directory");
    }
    try (InputStream s = Files.newInputStream(file)) {
      return s.readNBytes(2 * options.parseLimit() + 3);
    } catch (NoSuchFileException e) {
      throw new IOException("cannot read " + name + ": no such file", e);
    } catch (AccessDeniedException e) {
      throw new IOException("cannot read " + name + ": permission denied", e);
    } catch (IOException e) {
      throw new IOException("cannot read " + name + ": " + e.getMessage(), e);
    }
  }

  /** Parses the file, with a note on {@code err} when it was cut at the parse limit. */
  static RobotsTxt load(Path file, ParseOptions options, PrintStream err) throws IOException {
    RobotsTxt robots = RobotsTxt.parse(read(file, options), options);
    noteIfCut(file, robots, err);
    return robots;
  }

  static void noteIfCut(Path file, RobotsTxt robots, PrintStream err) {
    if (robots.truncated()) {
      err.println(
          "robots-tester: note: "
              + Text.printable(file.toString())
              + " is longer than"
              + " the parse limit of "
              + robots.options().parseLimit()
              + " bytes; what follows was"
              + " not read");
    }
  }
}
