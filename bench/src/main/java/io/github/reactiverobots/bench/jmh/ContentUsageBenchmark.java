package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.Usage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of one usage answer ({@code AgentRules.usage(path)}, SEMANTICS.md §8) as the number of
 * {@code Content-Usage} rules grows, up to a file of them as large as the parse limit (500 KiB):
 * the time per answer should not grow with the rule count. Each operation answers the next of
 * {@value UsageRulesFile#PATHS} paths (rule hits deep in the file, near misses, unlisted paths),
 * after the rules were compiled in setup. {@link #check} gives the crawl verdict alone on the same
 * paths, for reference; {@link #parseAndFirstUsage} the one-time cost of parsing the file and
 * compiling its usage rules (every preference read once), which does grow with the file.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ContentUsageBenchmark {
  /** The number of {@code Content-Usage} rules, or {@code full} for a 500 KiB file of them. */
  @Param({"16", "256", "4096", "full"})
  public String rules;

  private byte[] body;
  private AgentRules agentRules;
  private String[] paths;
  private int next;

  @Setup
  public void load() {
    UsageRulesFile file =
        rules.equals("full")
            ? UsageRulesFile.filling(ParseOptions.defaults().parseLimit())
            : UsageRulesFile.of(Integer.parseInt(rules));
    body = file.body();
    paths = file.paths();
    agentRules = RobotsTxt.parse(body, ParseOptions.defaults()).forAgent(UsageRulesFile.AGENT);
    agentRules.usage(paths[0]); // compiles the usage rules
  }

  @Benchmark
  public Usage usage() {
    return agentRules.usage(paths[next++ & (UsageRulesFile.PATHS - 1)]);
  }

  @Benchmark
  public Verdict check() {
    return agentRules.check(paths[next++ & (UsageRulesFile.PATHS - 1)]);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Usage parseAndFirstUsage() {
    return RobotsTxt.parse(body, ParseOptions.defaults())
        .forAgent(UsageRulesFile.AGENT)
        .usage(paths[next++ & (UsageRulesFile.PATHS - 1)]);
  }
}
