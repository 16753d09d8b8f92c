package io.github.reactiverobots.core.internal.cli;

import io.github.reactiverobots.core.model.ContentSignal;
import io.github.reactiverobots.core.model.ContentSignals;
import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.Preference;
import io.github.reactiverobots.core.model.Printable;
import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.model.Usage;
import io.github.reactiverobots.core.model.UsageDecision;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.parse.AgentRules;
import io.github.reactiverobots.core.parse.Diagnostic;
import io.github.reactiverobots.core.parse.Linter;
import io.github.reactiverobots.core.parse.ParseOptions;
import io.github.reactiverobots.core.parse.RobotsTxt;
import io.github.reactiverobots.core.url.Origin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The robots.txt tester, with the contract of Google's reference CLI:
 *
 * <pre>
 * java -jar reactive-robots-core.jar [--profile=rfc9309|google] ROBOTS_FILE USER_AGENT URL
 * java -jar reactive-robots-core.jar [--profile=...] --batch   &lt; lines of ROBOTS_FILE\tUSER_AGENT\tURL
 * java -jar reactive-robots-core.jar [--profile=...] lint ROBOTS_FILE
 * java -jar reactive-robots-core.jar --help
 * </pre>
 *
 * A single check prints {@code ALLOWED} or {@code DISALLOWED}, the reason, the deciding rule with
 * its line and the agent's pacing ({@code crawl-delay=}, {@code request-rate=}, {@code
 * visit-time=}), tab-separated; then one {@code content-usage} line per usage category and one
 * {@code content-signal} line per signal the agent's groups give (SEMANTICS.md §8); it exits 0
 * or 1; usage and I/O errors exit 2, naming the path.
 * URLs are validated as the cache validates them (absolute http or https). {@code --batch}
 * prints one line per non-blank input line, in order, loading each file once; a line that
 * can't be checked prints {@code ERROR} and the run exits 2. {@code lint} prints the
 * diagnostics and exits 1 when there is an error-level one. A file cut at the parse limit gets
 * a note on standard error. Everything printed that comes from a file or an argument has its
 * control characters escaped, so a robots.txt cannot act on the terminal. {@code --help}
 * prints the usage on standard output and exits 0.
 */
public final class RobotsCli {
  static final int ALLOWED = 0;
  static final int DISALLOWED = 1;
  static final int USAGE = 2;
  private static final String USAGE_TEXT = String.join("\n",
      "usage: robots [--profile=rfc9309|google] ROBOTS_FILE USER_AGENT URL",
      "       robots [--profile=rfc9309|google] --batch   (stdin: ROBOTS_FILE<TAB>USER_AGENT<TAB>URL)",
      "       robots [--profile=rfc9309|google] lint ROBOTS_FILE",
      "       robots --help",
      "A check prints ALLOWED or DISALLOWED, the reason, the deciding rule and line, and the",
      "pacing; exit 0 allowed, 1 disallowed, 2 usage or I/O error. lint exits 1 on an error.",
      "A live check of a site (fetching its robots.txt) is in the netty-fetcher jar:",
      "  java -cp ... io.github.reactiverobots.netty.internal.LiveCheck USER_AGENT URL");

  private final InputStream in;
  private final PrintStream out;
  private final PrintStream err;

  RobotsCli(InputStream in, PrintStream out, PrintStream err) {
    this.in = in;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the tester and exits with its status.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(new RobotsCli(System.in, System.out, System.err).run(args));
  }

  int run(String[] args) {
    Profile profile = Profile.RFC_9309;
    List<String> rest = new ArrayList<>();
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h")) {
        out.println(USAGE_TEXT);
        return ALLOWED;
      } else if (a.startsWith("--profile=")) {
        String p = a.substring("--profile=".length());
        if (p.equalsIgnoreCase("rfc9309")) {
          profile = Profile.RFC_9309;
        } else if (p.equalsIgnoreCase("google")) {
          profile = Profile.GOOGLE;
        } else {
          return usage("unknown profile '" + p + "'");
        }
      } else {
        rest.add(a);
      }
    }
    ParseOptions options = ParseOptions.of(profile);
    try {
      if (rest.size() == 1 && rest.get(0).equals("--batch")) {
        return batch(options);
      }
      if (rest.size() == 2 && rest.get(0).equals("lint")) {
        return lint(Path.of(rest.get(1)), options);
      }
      if (rest.size() != 3) {
        return usage(null);
      }
      String url = validUrl(rest.get(2));
      RobotsTxt robots = load(Path.of(rest.get(0)), options);
      Verdict v = robots.check(url, rest.get(1));
      out.println(describe(v, robots.forAgent(rest.get(1)).pacing()));
      describeUsage(robots, url, rest.get(1));
      return v.allowed() ? ALLOWED : DISALLOWED;
    } catch (IOException e) {
      err.println("robots: " + Printable.escape(e.getMessage()));
      return USAGE;
    } catch (IllegalArgumentException e) {
      err.println("robots: " + Printable.escape(e.getMessage()));
      return USAGE;
    }
  }

  private int batch(ParseOptions options) throws IOException {
    Map<String, RobotsTxt> loaded = new HashMap<>();
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    int status = ALLOWED;
    int lineNo = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (f.length != 3) {
        out.println("ERROR\tline " + lineNo + ": expected ROBOTS_FILE<TAB>USER_AGENT<TAB>URL");
        status = USAGE;
        continue;
      }
      try {
        String url = validUrl(f[2]);
        RobotsTxt robots = loaded.get(f[0]);
        if (robots == null) {
          robots = load(Path.of(f[0]), options);
          loaded.put(f[0], robots);
        }
        out.println(describe(robots.check(url, f[1]), robots.forAgent(f[1]).pacing()));
      } catch (IOException | RuntimeException e) {
        out.println("ERROR\tline " + lineNo + ": " + Printable.escape(e.getMessage()));
        status = USAGE;
      }
    }
    out.flush();
    return status;
  }

  private int lint(Path file, ParseOptions options) throws IOException {
    byte[] body = read(file, options);
    List<Diagnostic> diagnostics = Linter.lint(body, options);
    String name = Printable.escape(file.toString());
    boolean error = false;
    for (Diagnostic d : diagnostics) {
      out.println(name + ":" + Printable.escape(d.toString()));
      error |= d.severity() == Diagnostic.Severity.ERROR;
    }
    if (diagnostics.isEmpty()) {
      out.println(name + ": no problems found");
    }
    noteIfCut(file, RobotsTxt.parse(body, options));
    return error ? DISALLOWED : ALLOWED;
  }

  /** The verdict line: decision, reason, rule and line, pacing; tab-separated, printable. */
  private static String describe(Verdict v, Pacing pacing) {
    StringBuilder sb = new StringBuilder(v.allowed() ? "ALLOWED" : "DISALLOWED");
    sb.append('\t').append(v.reason().name().toLowerCase(Locale.ROOT));
    v.rule().ifPresent(r -> sb.append('\t').append(r));
    pacing.crawlDelay().ifPresent(d -> sb.append("\tcrawl-delay=").append(seconds(d)));
    pacing.requestRate().ifPresent(r -> sb.append("\trequest-rate=").append(r.requests())
        .append('/').append(seconds(r.period())));
    pacing.visitTime().ifPresent(t -> sb.append("\tvisit-time=").append(t.from()).append('-')
        .append(t.to()).append(" UTC"));
    return sb.toString();
  }

  /**
   * When the agent's groups have {@code content-usage} rules, one line per usage category
   * ({@code content-usage train-ai=n (line 4)}); then one line per content signal they give
   * ({@code content-signal ai-train=no (line 2)}). A file that says nothing about usage adds
   * nothing to the verdict line.
   */
  private void describeUsage(RobotsTxt robots, String url, String agent) {
    AgentRules rules = robots.forAgent(agent);
    ContentSignals signals = rules.contentSignals();
    if (!rules.usageRules().isEmpty()) {
      Usage usage = robots.usage(url, agent);
      for (UsageDecision d : usage.decisions()) {
        out.println("content-usage " + (usage.applies() ? d.toString()
            : d.category().label() + "=n/a (not fetchable)"));
      }
    }
    for (ContentSignal s : ContentSignal.values()) {
      Preference p = signals.preference(s);
      if (p != Preference.UNKNOWN) {
        out.println("content-signal " + s.label() + "=" + (p == Preference.ALLOW ? "yes" : "no")
            + " (line " + signals.line(s).orElse(0) + ")");
      }
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() / 1000.0 + "s";
  }

  /** {@code url} if the cache would accept it (an absolute http or https URL). */
  private static String validUrl(String url) {
    Origin.of(url);
    return url;
  }

  private RobotsTxt load(Path file, ParseOptions options) throws IOException {
    RobotsTxt robots = RobotsTxt.parse(read(file, options), options);
    noteIfCut(file, robots);
    return robots;
  }

  private void noteIfCut(Path file, RobotsTxt robots) {
    if (robots.truncated()) {
      err.println("robots: note: " + Printable.escape(file.toString()) + " is longer than the"
          + " parse limit of " + robots.options().parseLimit() + " bytes; what follows was not"
          + " read");
    }
  }

  /**
   * Reads as much of the file as the parser can use (it never needs more).
   *
   * @throws IOException naming the path: missing, a directory, unreadable
   */
  private static byte[] read(Path file, ParseOptions options) throws IOException {
    String name = Printable.escape(file.toString());
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

  private int usage(String problem) {
    if (problem != null) {
      err.println("robots: " + Printable.escape(problem));
    }
    err.println(USAGE_TEXT);
    return USAGE;
  }
}
