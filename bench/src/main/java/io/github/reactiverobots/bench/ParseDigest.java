package io.github.reactiverobots.bench;

import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.Linter;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A differential check of the parser between two builds: per corpus file, profile and parse limit
 * (the default, and one above every body), one line with a digest of everything the parse yields
 * (lines, truncation, weight, groups with their rules and pacing, patterns as matched, sitemaps,
 * other records, the linter's diagnostics) and of the verdicts of several agents for the file's
 * {@code urls.tsv} paths and paths made from each rule. Run it with each build's jar and diff the
 * outputs: no line may differ. Uses only public API, so it runs against an older core too.
 */
public final class ParseDigest {
  private ParseDigest() {}

  /**
   * Prints the digests of {@code corpus} to {@code out}, then a count line.
   *
   * @param corpus the corpus
   * @param out where the lines go
   * @return the number of verdicts compared
   */
  public static long print(Corpus corpus, PrintStream out) {
    Map<String, List<UrlRow>> rows = new HashMap<>();
    for (UrlRow r : corpus.rows()) {
      rows.computeIfAbsent(r.file(), k -> new ArrayList<>()).add(r);
    }
    long checks = 0;
    long parses = 0;
    for (CorpusFile f : corpus.files()) {
      for (Profile p : Profile.values()) {
        for (ParseOptions o :
            new ParseOptions[] {
              ParseOptions.of(p), ParseOptions.of(p).withParseLimit(4 * 1024 * 1024)
            }) {
          byte[] body = f.body();
          Digest d = digest(body, o, rows.getOrDefault(f.name(), List.of()));
          parses++;
          checks += d.checks();
          out.println(f.name() + " " + p + " " + o.parseLimit() + " " + d.sha());
        }
      }
    }
    out.println("files " + corpus.files().size() + " parses " + parses + " verdicts " + checks);
    return checks;
  }

  /** A file's digest under one set of options, and the number of verdicts in it. */
  private record Digest(String sha, long checks) {}

  /**
   * The digest of {@code body} parsed with {@code options}: the parse, the verdicts of several
   * agents for {@code rows}' paths and paths made from each rule, and the linter's diagnostics.
   */
  private static Digest digest(byte[] body, ParseOptions options, List<UrlRow> rows) {
    RobotsTxt r = RobotsTxt.parse(body, options);
    StringBuilder sb = new StringBuilder();
    sb.append(r.lines()).append(r.truncated()).append(r.unknownRecordsCapped());
    sb.append(r.estimatedWeight()).append('\n');
    Set<String> paths = new LinkedHashSet<>(List.of("/", "/robots.txt", "/a", "/index.html"));
    for (Group g : r.groups()) {
      sb.append("G ").append(g.line()).append(g.userAgents()).append(g.names());
      sb.append(g.global()).append(g.pacing()).append(g.rules()).append('\n');
      for (Rule rule : g.rules()) {
        paths.addAll(pathsFrom(rule.pattern()));
        sb.append(r.patternAsMatched(rule)).append(' ');
      }
    }
    sb.append(r.sitemaps()).append(r.otherRecords()).append(r.groupNames()).append('\n');
    for (UrlRow row : rows) {
      paths.add(row.path());
    }
    List<String> agents =
        new ArrayList<>(List.of("googlebot", "Googlebot/2.1", "*", "bingbot", "nosuchbot"));
    agents.addAll(r.groupNames());
    long checks = 0;
    for (String agent : agents) {
      AgentRules ar = r.forAgent(agent);
      for (String path : paths) {
        sb.append(ar.check(path.startsWith("/") ? path : "/" + path)).append('\n');
        checks++;
      }
    }
    sb.append(Linter.lint(body, options)).append('\n');
    return new Digest(sha(sb.toString()), checks);
  }

  /** Paths a rule's pattern suggests: itself, one byte longer and shorter, without `*` or `$`. */
  private static List<String> pathsFrom(String pattern) {
    List<String> out =
        new ArrayList<>(
            List.of(pattern, pattern + "x", pattern.replace("*", "zz"), pattern.replace("$", "")));
    if (pattern.length() > 1) {
      out.add(pattern.substring(0, pattern.length() - 1));
    }
    return out;
  }

  private static String sha(String s) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Prints the digests of the selected corpus ({@link BenchCorpus}).
   *
   * @param args none
   */
  public static void main(String[] args) {
    print(BenchCorpus.selected(), System.out);
  }
}
