package io.github.reactiverobots.bench.jmh;

import crawlercommons.robots.BaseRobotRules;
import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The prepared inputs of a check benchmark: for every check, both libraries' rules already parsed
 * with the agent already selected, the path (for reactive-robots) and the absolute URL (for
 * crawler-commons, whose {@code isAllowed} takes a URL). Rules are shared between checks of the
 * same file and agent. Immutable after construction.
 */
public final class CheckInputs {
  final AgentRules[] ours;
  final String[] paths;
  final BaseRobotRules[] theirs;
  final BaseRobotRules[] adapter;
  final String[] urls;

  /**
   * A check of one path by one agent against one corpus file.
   *
   * @param file the corpus file
   * @param agent the agent as a caller passes it
   * @param path the path and query
   */
  public record Check(CorpusFile file, String agent, String path) {}

  /** Prepares {@code checks}, parsing each (file, agent) pair once per library. */
  public CheckInputs(List<Check> checks, ParseOptions options) {
    int n = checks.size();
    ours = new AgentRules[n];
    paths = new String[n];
    theirs = new BaseRobotRules[n];
    adapter = new BaseRobotRules[n];
    urls = new String[n];
    Map<String, RobotsTxt> parsed = new HashMap<>();
    Map<String, AgentRules> oursByPair = new HashMap<>();
    Map<String, BaseRobotRules> theirsByPair = new HashMap<>();
    Map<String, BaseRobotRules> adapterByPair = new HashMap<>();
    for (int i = 0; i < n; i++) {
      Check c = checks.get(i);
      String pair = c.file().name() + '\t' + c.agent();
      RobotsTxt txt =
          parsed.computeIfAbsent(c.file().name(), k -> RobotsTxt.parse(c.file().body(), options));
      ours[i] = oursByPair.computeIfAbsent(pair, k -> txt.forAgent(c.agent()));
      theirs[i] =
          theirsByPair.computeIfAbsent(
              pair,
              k -> CrawlerCommons.parse(c.file().url("/robots.txt"), c.file().body(), c.agent()));
      adapter[i] =
          adapterByPair.computeIfAbsent(
              pair,
              k ->
                  CrawlerCommons.parseWithAdapter(
                      c.file().url("/robots.txt"), c.file().body(), c.agent()));
      paths[i] = c.path();
      urls[i] = c.file().url(c.path());
    }
  }

  /**
   * Every {@code urls.tsv} row of the bench's corpus whose path has at most {@code maxPathLength}
   * chars.
   */
  public static CheckInputs corpusRows(ParseOptions options, int maxPathLength) {
    Corpus corpus = BenchCorpus.selected();
    return new CheckInputs(
        corpus.rows().stream()
            .filter(r -> r.path().length() <= maxPathLength)
            .map(r -> new Check(corpus.file(r.file()), r.agent(), r.path()))
            .toList(),
        options);
  }

  /**
   * The {@code urls.tsv} rows whose absolute URL {@link SplitUrl#of} accepts and whose agent has a
   * crawler's product token, in file order: the rows a cache can be asked about.
   */
  static List<UrlRow> rowsWithValidUrls(Corpus corpus) {
    List<UrlRow> valid = new ArrayList<>();
    for (UrlRow r : corpus.rows()) {
      try {
        SplitUrl.of(corpus.file(r.file()).url(r.path()));
        CrawlerIdentity.requireCrawlerToken(r.agent());
        valid.add(r);
      } catch (IllegalArgumentException e) {
        // left out (InvalidUrlException included): a check of it fails before any lookup
      }
    }
    return valid;
  }

  /** The number of checks. */
  public int size() {
    return paths.length;
  }

  /** Checks every row with reactive-robots; returns the number allowed. */
  public int checkAllOurs() {
    int allowed = 0;
    for (int i = 0; i < paths.length; i++) {
      if (ours[i].check(paths[i]).allowed()) {
        allowed++;
      }
    }
    return allowed;
  }

  /** Checks every row with the adapter's {@code isAllowed(url)}; returns the number allowed. */
  public int checkAllAdapter() {
    return checkAll(adapter);
  }

  /** Checks every row with crawler-commons; returns the number allowed. */
  public int checkAllTheirs() {
    return checkAll(theirs);
  }

  private int checkAll(BaseRobotRules[] rules) {
    int allowed = 0;
    for (int i = 0; i < urls.length; i++) {
      if (rules[i].isAllowed(urls[i])) {
        allowed++;
      }
    }
    return allowed;
  }
}
