package io.github.reactiverobots.bench.compare;

import crawlercommons.robots.BaseRobotRules;
import io.github.reactiverobots.bench.jmh.CrawlerCommons;
import io.github.reactiverobots.bench.jmh.Ours;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The verdict-agreement report: every {@code urls.tsv} row checked by reactive-robots (in both
 * profiles) and by crawler-commons 1.6, and every difference classified by probable cause with what
 * SEMANTICS.md says about it. Not thread-safe; run once.
 */
public final class AgreementReport {
  /** An agent no corpus group names, to learn each library's {@code *} answer. */
  static final String UNNAMED_AGENT = "zzqxunnamedbot";

  private static final Pattern MISSPELT =
      Pattern.compile(
          "(?im)^\\s*(useragent|user agent|dissallow|dissalow|disalow|diasllow|disallaw|site-map)\\s*:"
              + "|^\\s*(user-agent|allow|disallow)\\s+[^:\\s]+\\s*$");

  private final Corpus corpus;
  private final Map<String, RobotsTxt> rfc = new HashMap<>();
  private final Map<String, RobotsTxt> google = new HashMap<>();
  private final Map<String, RobotsTxt> whole = new HashMap<>();
  private final Map<String, BaseRobotRules> theirs = new HashMap<>();
  private final Map<String, Boolean> misspelt = new HashMap<>();

  /** A row where the verdicts differ, with its probable cause. */
  public record Difference(UrlRow row, Verdict ours, boolean theirs, Cause cause) {}

  /** The outcome for one profile. */
  public record ProfileResult(Profile profile, int rows, List<Difference> differences) {
    /** Rows where both libraries agree. */
    public int agreed() {
      return rows - differences.size();
    }
  }

  /** Prepares a report over {@code corpus}. */
  public AgreementReport(Corpus corpus) {
    this.corpus = corpus;
  }

  /** Checks every row and classifies the differences, for {@code profile}. */
  public ProfileResult run(Profile profile) {
    List<Difference> differences = new ArrayList<>();
    for (UrlRow row : corpus.rows()) {
      CorpusFile file = corpus.file(row.file());
      String url = file.url(row.path());
      Verdict ours = parsed(profile, file).check(url, row.agent());
      boolean their = theirRules(file, row.agent()).isAllowed(url);
      if (ours.allowed() != their) {
        differences.add(new Difference(row, ours, their, observe(profile, row, file, ours, their)));
      }
    }
    return new ProfileResult(profile, corpus.rows().size(), differences);
  }

  private Cause observe(Profile profile, UrlRow row, CorpusFile file, Verdict ours, boolean their) {
    String url = file.url(row.path());
    String path = pathOf(url);
    String token = CrawlerCommons.robotName(row.agent());
    Profile other = profile == Profile.RFC_9309 ? Profile.GOOGLE : Profile.RFC_9309;
    if (profile == Profile.GOOGLE
        && parsed(Profile.GOOGLE, file).check(url, token).allowed() == their
        && !row.agent().equalsIgnoreCase(token)) {
      return Cause.AGENT_AS_PASSED;
    }
    if (profile == Profile.GOOGLE && path.equals("/robots.txt")) {
      return Cause.ROBOTS_TXT_ITSELF;
    }
    Boolean wholeBody =
        file.body().length > ParseOptions.MIN_PARSE_LIMIT
            ? whole
                .computeIfAbsent(
                    file.name(),
                    n -> RobotsTxt.parse(file.body(), Ours.WHOLE_BODY.withProfile(profile)))
                .check(url, row.agent())
                .allowed()
            : null;
    Corpus.ManifestEntry m = corpus.manifest(file.name());
    String oursRule = ours.rule().map(r -> r.pattern()).orElse(null);
    Observation o =
        new Observation(
            ours.allowed(),
            their,
            ours.reason(),
            oursRule,
            Observation.referenceMatch(oursRule, path),
            row.path(),
            wholeBody,
            urlRejected(url),
            parsed(profile, file).check(url, UNNAMED_AGENT).allowed(),
            theirRules(file, UNNAMED_AGENT).isAllowed(url),
            parsed(other, file).check(url, token).allowed(),
            m == null ? "robots" : m.kind(),
            m == null ? List.of() : m.flags(),
            misspelt.computeIfAbsent(
                file.name(),
                n -> MISSPELT.matcher(new String(file.body(), StandardCharsets.UTF_8)).find()),
            !token.equals(CrawlerCommons.NO_TOKEN),
            runPastRecord(file.body(), token));
    return o.classify();
  }

  /**
   * Whether a user-agent line whose name (leading {@code A-Z a-z _ -} run) is {@code token} is
   * followed, before any allow/disallow line, by some other record and then a user-agent line.
   */
  static boolean runPastRecord(byte[] body, String token) {
    boolean inRun = false;
    boolean recordSeen = false;
    for (String raw : new String(body, StandardCharsets.UTF_8).split("\r\n|\r|\n")) {
      int hash = raw.indexOf('#');
      String line = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
      int colon = line.indexOf(':');
      if (line.isEmpty() || colon < 0) {
        continue;
      }
      String key = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).strip();
      if (key.equals("user-agent")) {
        if (inRun && recordSeen) {
          return true;
        }
        if (CrawlerCommons.robotName(value).equals(token)) {
          inRun = true;
          recordSeen = false;
        }
      } else if (key.equals("allow") || key.equals("disallow")) {
        inRun = false;
      } else if (inRun && !key.equals("sitemap")) {
        recordSeen = true;
      }
    }
    return false;
  }

  private static String pathOf(String url) {
    try {
      return SplitUrl.of(url).pathAndQuery();
    } catch (InvalidUrlException e) {
      return "/";
    }
  }

  @SuppressWarnings("deprecation") // crawler-commons 1.6 itself splits URLs with java.net.URL
  private static boolean urlRejected(String url) {
    try {
      new URL(url).toURI();
      return false;
    } catch (MalformedURLException | URISyntaxException e) {
      return true;
    }
  }

  private RobotsTxt parsed(Profile profile, CorpusFile file) {
    Map<String, RobotsTxt> cache = profile == Profile.RFC_9309 ? rfc : google;
    return cache.computeIfAbsent(
        file.name(), n -> RobotsTxt.parse(file.body(), Ours.DEFAULTS.withProfile(profile)));
  }

  private BaseRobotRules theirRules(CorpusFile file, String agent) {
    return theirs.computeIfAbsent(
        file.name() + '\t' + CrawlerCommons.robotName(agent),
        k -> CrawlerCommons.parse(file.url("/robots.txt"), file.body(), agent));
  }

  /**
   * The report in markdown: a summary per profile, then per cause its count, which side
   * SEMANTICS.md supports, and up to {@code examples} rows (all rows when negative).
   */
  public String markdown(List<ProfileResult> results, int examples) {
    StringBuilder sb = new StringBuilder();
    sb.append("## Verdict agreement with crawler-commons 1.6\n\n");
    sb.append(
        "Every `urls.tsv` row (file, agent, path) checked by both libraries. crawler-commons"
            + " is given the agent's lower-case product token and the absolute URL; reactive-robots"
            + " the agent as written and the URL.\n\n");
    sb.append(
        "| profile | rows | agree | differ | agreement |\n| --- | ---: | ---: | ---: | ---: |\n");
    for (ProfileResult r : results) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %d | %.2f %% |%n",
              r.profile(),
              r.rows(),
              r.agreed(),
              r.differences().size(),
              100.0 * r.agreed() / r.rows()));
    }
    for (ProfileResult r : results) {
      Map<Cause, List<Difference>> byCause = new EnumMap<>(Cause.class);
      r.differences()
          .forEach(d -> byCause.computeIfAbsent(d.cause(), c -> new ArrayList<>()).add(d));
      sb.append("\n### ").append(r.profile()).append(": differences by probable cause\n\n");
      sb.append("| cause | rows | SEMANTICS.md supports |\n| --- | ---: | --- |\n");
      byCause.forEach(
          (cause, list) ->
              sb.append("| ")
                  .append(cause.title())
                  .append(" | ")
                  .append(list.size())
                  .append(" | ")
                  .append(cause.supportedBy(r.profile()))
                  .append(" |\n"));
      for (Map.Entry<Cause, List<Difference>> e : byCause.entrySet()) {
        List<Difference> list = e.getValue();
        int shown = examples < 0 ? list.size() : Math.min(examples, list.size());
        sb.append("\n#### ")
            .append(e.getKey().title())
            .append(" (")
            .append(list.size())
            .append(" rows")
            .append(shown < list.size() ? ", first " + shown + " shown" : "")
            .append(")\n\n");
        sb.append(
            "| urls.tsv line | file | agent | path | reactive-robots | crawler-commons |"
                + " deciding rule (ours) |\n| ---: | --- | --- | --- | --- | --- | --- |\n");
        for (Difference d : list.subList(0, shown)) {
          sb.append("| ")
              .append(d.row().line())
              .append(" | ")
              .append(cell(d.row().file()))
              .append(" | ")
              .append(cell(d.row().agent()))
              .append(" | `")
              .append(cell(d.row().path()))
              .append("` | ")
              .append(d.ours().allowed() ? "allow" : "disallow")
              .append(" (")
              .append(d.ours().reason().name().toLowerCase(Locale.ROOT))
              .append(") | ")
              .append(d.theirs() ? "allow" : "disallow")
              .append(" | ")
              .append(d.ours().rule().map(rule -> "`" + cell(rule.toString()) + "`").orElse(""))
              .append(groupLines(d))
              .append(" |\n");
        }
      }
    }
    return sb.toString();
  }

  private String groupLines(Difference d) {
    if (d.cause() != Cause.GROUP_SELECTION && d.cause() != Cause.GROUP_CONTINUES_PAST_RECORD) {
      return "";
    }
    String token = CrawlerCommons.robotName(d.row().agent());
    List<String> lines = new ArrayList<>();
    byte[] body = corpus.file(d.row().file()).body();
    for (String line : new String(body, StandardCharsets.UTF_8).lines().toList()) {
      String l = line.strip().toLowerCase(Locale.ROOT);
      if (l.startsWith("user-agent") && !token.isEmpty() && l.contains(token) && lines.size() < 3) {
        lines.add(line.strip());
      }
    }
    return lines.isEmpty()
        ? " (no user-agent line names the token)"
        : " (lines: "
            + String.join("; ", lines.stream().map(l -> "`" + cell(l) + "`").toList())
            + ")";
  }

  private static String cell(String s) {
    String t = s.replace("|", "\\|").replace("`", "'");
    return t.length() > 80 ? t.substring(0, 77) + "..." : t;
  }
}
