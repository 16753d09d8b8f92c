package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.RobotsTxt;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code diff OLD NEW}: the two versions compared by effect. Exit 0 when nothing changes, 1 when
 * something does.
 */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description = {
      "Compares two versions of a robots.txt by effect.",
      "Lists which AGENT x URL verdicts flip, which sitemaps are added or removed, whose pacing"
          + " and usage change.",
      "Without --urls, '/' and the literal start of every rule's pattern are checked; without"
          + " --agents, every group name and "
          + Diff.ANY_OTHER
          + " (for '*').",
      "Exit 0 when nothing changes, 1 when something does."
    })
final class DiffCommand implements Callable<Integer> {
  @ParentCommand RobotsTester root;
  @Mixin ProfileOption profile;

  @Parameters(index = "0", paramLabel = "OLD", description = "The old robots.txt.")
  Path before;

  @Parameters(index = "1", paramLabel = "NEW", description = "The new robots.txt.")
  Path after;

  @Option(names = "--urls", paramLabel = "FILE", description = "URLs to check, one a line.")
  Path urls;

  @Option(
      names = "--agents",
      paramLabel = "AGENT",
      split = ",",
      description = "Agents to check (comma-separated or repeated).")
  List<String> agents = new ArrayList<>();

  @Option(
      names = "--json",
      description =
          "Print one JSON object instead: the files, the agents and URLs checked, the flips, the"
              + " sitemaps added and removed, the pacing and usage changes.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    RobotsTxt a = RobotsFiles.load(before, profile.options(), root.err);
    RobotsTxt b = RobotsFiles.load(after, profile.options(), root.err);
    Diff diff = Diff.of(a, b, agents, urlList());
    if (json) {
      Json j =
          new Json()
              .begin()
              .field("old", before.toString())
              .field("new", after.toString())
              .field("profile", Text.profileName(profile.profile));
      root.out.println(JsonAnswers.diff(j, diff).end());
      return diff.isEmpty() ? RobotsTester.ALLOWED : RobotsTester.DISALLOWED;
    }
    diff.flips().forEach(root.out::println);
    diff.sitemapsAdded().forEach(s -> root.out.println("sitemap\t+ " + Text.printable(s)));
    diff.sitemapsRemoved().forEach(s -> root.out.println("sitemap\t- " + Text.printable(s)));
    diff.changes().forEach(root.out::println);
    root.out.println(
        "checked\t"
            + diff.agents().size()
            + " agents x "
            + diff.urls().size()
            + " URLs\t"
            + diff.flips().size()
            + " flips");
    return diff.isEmpty() ? RobotsTester.ALLOWED : RobotsTester.DISALLOWED;
  }

  private List<String> urlList() throws Exception {
    if (urls == null) {
      return List.of();
    }
    try {
      return Files.readAllLines(urls, StandardCharsets.UTF_8).stream()
          .map(String::strip)
          .filter(l -> !l.isEmpty() && !l.startsWith("#"))
          .toList();
    } catch (NoSuchFileException e) {
      throw new java.io.IOException(
          "cannot read " + Text.printable(urls.toString()) + ": no such file", e);
    }
  }
}
