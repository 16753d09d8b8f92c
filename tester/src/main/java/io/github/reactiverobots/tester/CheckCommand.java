package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.Explanation;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Verdict;
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
 * {@code check FILE AGENT URL}: Google's {@code robots_main} contract. Any agent and URL string is
 * answered as the reference answers it (the path taken leniently, an empty URL is {@code /}); when
 * the cache would refuse the agent or the URL, one line on standard error says so, naming the rule,
 * without changing the answer.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Checks URL for AGENT against a robots.txt file, as Google's robots_main does.",
      "Prints ALLOWED or DISALLOWED, the reason in words, the deciding rule and its line and the"
          + " pacing, then the content-usage and content-signal lines, then the usage answer"
          + " per use with its source and the licences.",
      "Exit 0 allowed, 1 disallowed, 2 error."
    })
final class CheckCommand implements Callable<Integer> {
  @ParentCommand RobotsTester root;
  @Mixin ProfileOption profile;

  @Parameters(index = "0", paramLabel = "FILE", description = "The robots.txt file.")
  Path file;

  @Parameters(index = "1", paramLabel = "AGENT", description = "The crawler's user-agent.")
  String agent;

  @Parameters(index = "2", paramLabel = "URL", description = "The URL (or path) to check.")
  String url;

  @Option(
      names = "--explain",
      description =
          "Also print the chosen groups and why, the deciding rule, the runner-up,"
              + " the tie-break and each rule of the chosen groups as matched.")
  boolean explain;

  @Option(
      names = "--json",
      description =
          "Print one JSON object instead: the input, the verdict, the reason in words and as a"
              + " code, the rule, the pacing, usage and signals, the usage answer and licences,"
              + " the notes (with --explain, the explanation too).")
  boolean json;

  @Override
  public Integer call() throws Exception {
    RobotsTxt robots = RobotsFiles.load(file, profile.options(), root.err);
    List<String> notes = new ArrayList<>();
    Answers.agentRefusal(agent)
        .ifPresent(why -> notes.add("the cache would refuse this agent: " + why));
    Answers.urlRefusal(url).ifPresent(why -> notes.add("the cache would refuse this URL: " + why));
    notes.forEach(n -> root.err.println("robots-tester: note: " + n));
    Verdict v = robots.check(url, agent);
    if (json) {
      root.out.println(json(robots, v, notes));
    } else {
      root.out.println(Text.verdictLine(v, robots.forAgent(agent).pacing()));
      Answers.usageLines(robots, url, agent).forEach(root.out::println);
      Answers.answerLines(robots, url, agent).forEach(root.out::println);
      if (explain) {
        Answers.explainLines(robots, robots.explain(url, agent)).forEach(root.out::println);
      }
    }
    return v.allowed() ? RobotsTester.ALLOWED : RobotsTester.DISALLOWED;
  }

  private String json(RobotsTxt robots, Verdict v, List<String> notes) {
    Json j =
        new Json()
            .begin()
            .field("file", file.toString())
            .field("agent", agent)
            .field("url", url)
            .field("profile", Text.profileName(profile.profile));
    JsonAnswers.verdict(j, v).strings("pacing", Text.pacing(robots.forAgent(agent).pacing()));
    JsonAnswers.usage(j, robots, url, agent);
    JsonAnswers.usageAnswer(j, robots, url, agent).strings("notes", notes);
    j.field("truncated", robots.truncated());
    if (explain) {
      Explanation e = robots.explain(url, agent);
      JsonAnswers.explainRules(JsonAnswers.explanation(j, e), robots, e);
    }
    return j.end().toString();
  }
}
