package io.github.reactiverobots.core.internal.cli;

import io.github.reactiverobots.core.model.ContentSignal;
import io.github.reactiverobots.core.model.ContentSignals;
import io.github.reactiverobots.core.model.Preference;
import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.model.Usage;
import io.github.reactiverobots.core.model.UsageDecision;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.parse.Diagnostic;
import io.github.reactiverobots.core.parse.Linter;
import io.github.reactiverobots.core.parse.ParseOptions;
import io.github.reactiverobots.core.parse.RobotsTxt;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The robots.txt tester, with the contract of Google's reference CLI:
 *
 * <pre>
 * java -jar reactive-robots-core.jar [--profile=rfc9309|google] ROBOTS_FILE USER_AGENT URL
 * java -jar reactive-robots-core.jar [--profile=...] --batch   &lt; lines of ROBOTS_FILE\tUSER_AGENT\tURL
 * java -jar reactive-robots-core.jar [--profile=...] lint ROBOTS_FILE
 * </pre>
 *
 * A single check prints {@code ALLOWED} or {@code DISALLOWED} with the deciding rule, then one
 * {@code content-usage} line per usage category and one {@code content-signal} line per signal
 * the agent's groups give, and exits 0 or 1; usage and I/O errors exit 2. {@code --batch} prints one line per input line, in order,
 * loading each file once; a line that can't be checked prints {@code ERROR} and the run exits 2.
 * {@code lint} prints the diagnostics and exits 1 when there is an error-level one.
 */
public final class RobotsCli {
  static final int ALLOWED = 0;
  static final int DISALLOWED = 1;
  static final int USAGE = 2;
  private static final String USAGE_TEXT = String.join("\n",
      "usage: robots [--profile=rfc9309|google] ROBOTS_FILE USER_AGENT URL",
      "       robots [--profile=rfc9309|google] --batch   (stdin: ROBOTS_FILE<TAB>USER_AGENT<TAB>URL)",
      "       robots [--profile=rfc9309|google] lint ROBOTS_FILE");

  private final InputStream in;
  private final PrintStream out;
  private final PrintStream err;

  RobotsCli(InputStream in, PrintStream out, PrintStream err) {
    this.in = in;
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(new RobotsCli(System.in, System.out, System.err).run(args));
  }

  int run(String[] args) {
    Profile profile = Profile.RFC_9309;
    List<String> rest = new ArrayList<>();
    for (String a : args) {
      if (a.startsWith("--profile=")) {
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
      RobotsTxt robots = RobotsTxt.parse(read(Path.of(rest.get(0)), options), options);
      Verdict v = robots.check(rest.get(2), rest.get(1));
      out.println(describe(v));
      describeUsage(robots, rest.get(2), rest.get(1));
      return v.allowed() ? ALLOWED : DISALLOWED;
    } catch (IOException e) {
      err.println("robots: " + e);
      return USAGE;
    } catch (IllegalArgumentException e) {
      err.println("robots: " + e.getMessage());
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
      String[] f = line.split("\t", -1);
      if (f.length != 3) {
        out.println("ERROR\tline " + lineNo + ": expected ROBOTS_FILE<TAB>USER_AGENT<TAB>URL");
        status = USAGE;
        continue;
      }
      RobotsTxt robots = loaded.get(f[0]);
      if (robots == null) {
        try {
          robots = RobotsTxt.parse(read(Path.of(f[0]), options), options);
        } catch (IOException | RuntimeException e) {
          out.println("ERROR\tline " + lineNo + ": cannot read " + f[0] + ": " + e.getMessage());
          status = USAGE;
          continue;
        }
        loaded.put(f[0], robots);
      }
      try {
        out.println(describe(robots.check(f[2], f[1])));
      } catch (IllegalArgumentException e) {
        out.println("ERROR\tline " + lineNo + ": " + e.getMessage());
        status = USAGE;
      }
    }
    out.flush();
    return status;
  }

  private int lint(Path file, ParseOptions options) throws IOException {
    List<Diagnostic> diagnostics = Linter.lint(read(file, options), options);
    boolean error = false;
    for (Diagnostic d : diagnostics) {
      out.println(file + ":" + d);
      error |= d.severity() == Diagnostic.Severity.ERROR;
    }
    if (diagnostics.isEmpty()) {
      out.println(file + ": no problems found");
    }
    return error ? DISALLOWED : ALLOWED;
  }

  private static String describe(Verdict v) {
    StringBuilder sb = new StringBuilder(v.allowed() ? "ALLOWED" : "DISALLOWED");
    sb.append('\t').append(v.reason().name().toLowerCase(java.util.Locale.ROOT));
    v.rule().ifPresent(r -> sb.append('\t').append(r));
    return sb.toString();
  }

  /**
   * One line per usage category ({@code content-usage train-ai=n (line 4)}), then one per content
   * signal the agent's groups give ({@code content-signal ai-train=no (line 2)}).
   */
  private void describeUsage(RobotsTxt robots, String url, String agent) {
    ContentSignals signals;
    try {
      Usage usage = robots.usage(url, agent);
      for (UsageDecision d : usage.decisions()) {
        out.println("content-usage " + (usage.applies() ? d.toString()
            : d.category().label() + "=n/a (not fetchable)"));
      }
      signals = usage.signals();
    } catch (IllegalStateException e) {
      out.println("content-usage not read: " + e.getMessage());
      signals = robots.forAgent(agent).contentSignals();
    }
    for (ContentSignal s : ContentSignal.values()) {
      Preference p = signals.preference(s);
      if (p != Preference.UNKNOWN) {
        out.println("content-signal " + s.label() + "=" + (p == Preference.ALLOW ? "yes" : "no")
            + " (line " + signals.line(s).orElse(0) + ")");
      }
    }
  }

  /** Reads as much of the file as the parser can use (it never needs more). */
  private static byte[] read(Path file, ParseOptions options) throws IOException {
    try (InputStream s = Files.newInputStream(file)) {
      return s.readNBytes(2 * options.parseLimit() + 3);
    }
  }

  private int usage(String problem) {
    if (problem != null) {
      err.println("robots: " + problem);
    }
    err.println(USAGE_TEXT);
    return USAGE;
  }
}
