package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;
import io.github.reactiverobots.robotstxt.internal.aipref.PreferenceDictionary;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds what in a robots.txt is ignored, misread or non-standard, with line and column. Reads the
 * same lines the parser reads, through the same scanner. Stateless and thread-safe.
 */
public final class Linter {
  private Linter() {}

  /**
   * Lints {@code body} as it would be parsed with {@code options}.
   *
   * @param body the robots.txt body; not kept
   * @param options the profile and parse limit
   * @return an immutable list of the findings, in the order found, line by line
   */
  public static List<Diagnostic> lint(byte[] body, ParseOptions options) {
    LintHandler handler = new LintHandler(options);
    RobotsScanner.scan(body, options, ScanHandler.of(handler));
    return List.copyOf(handler.diagnostics);
  }

  private static final class LintHandler implements RobotsParseHandler {
    private final ParseOptions options;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private boolean inGroup;
    private boolean sawRule;
    private boolean groupIsGlobal;
    private int globalGroups;

    LintHandler(ParseOptions options) {
      this.options = options;
    }

    @Override
    public boolean wantsIssues() {
      return true;
    }

    @Override
    public void onIssue(int line, int column, Code issue) {
      add(
          line,
          column,
          issue,
          switch (issue) {
            case MISSPELLED_DIRECTIVE -> "misspelled directive; accepted, but not by every crawler";
            case MISSING_COLON ->
                "missing ':' between key and value; accepted, but not by every crawler";
            case UNPARSABLE_LINE -> "line is not 'key: value' and is ignored";
            case INVALID_UTF8 -> "invalid UTF-8";
            case CURLY_QUOTES -> "typographic quote; robots.txt values are matched literally";
            case PAST_PARSE_LIMIT ->
                "content past the parse limit of " + options.parseLimit() + " bytes is ignored";
            case LINE_CUT ->
                "line longer than " + options.profile().maxLineContentBytes() + " bytes is cut";
            default -> "invalid line: " + issue;
          });
    }

    @Override
    public void onDirective(int line, Directive directive, String value, int column) {
      switch (directive) {
        case USER_AGENT:
          if (!inGroup || sawRule) {
            inGroup = true;
            sawRule = false;
            groupIsGlobal = false;
          }
          nameCut(line, column, value);
          if (UserAgents.isGlobal(value) && !groupIsGlobal) {
            groupIsGlobal = true;
            if (++globalGroups == 2) {
              add(
                  line,
                  column,
                  Code.SEVERAL_GLOBAL_GROUPS,
                  "a second 'User-agent: *' group; all '*' groups are merged");
            }
          }
          break;
        case ALLOW:
        case DISALLOW:
          sawRule = true;
          if (!inGroup) {
            add(line, 1, Code.RULE_OUTSIDE_GROUP, "rule before any 'User-agent' line is ignored");
          } else if (directive == Directive.DISALLOW && value.equals("*")) {
            add(
                line,
                column,
                Code.DISALLOW_STAR,
                "'Disallow: *' is non-standard; 'Disallow: /' was probably meant");
          } else if (!value.isEmpty() && value.charAt(0) != '/' && value.charAt(0) != '*') {
            add(
                line,
                column,
                Code.PATTERN_NOT_ROOTED,
                "pattern does not start with '/' or '*' and matches no path");
          }
          break;
        case SITEMAP:
          String v = value.toLowerCase(Locale.ROOT);
          if (!v.startsWith("http://") && !v.startsWith("https://")) {
            add(line, column, Code.RELATIVE_SITEMAP, "sitemap URL is not absolute");
          }
          break;
        case LICENSE:
          license(line, column, value);
          break;
        case CRAWL_DELAY:
          groupRecord(line);
          if (CrawlDelays.parse(value) == null) {
            add(
                line,
                column,
                Code.BAD_CRAWL_DELAY,
                "crawl-delay is not a number of seconds: ignored");
          }
          break;
        case REQUEST_RATE:
          groupRecord(line);
          if (RequestRate.parse(value).isEmpty()) {
            add(
                line,
                column,
                Code.BAD_REQUEST_RATE,
                "request-rate is not 'n/m' with an optional s, m or h unit: ignored");
          }
          break;
        case VISIT_TIME:
          groupRecord(line);
          if (VisitTime.parse(value).isEmpty()) {
            add(line, column, Code.BAD_VISIT_TIME, "visit-time is not 'HHMM-HHMM': ignored");
          }
          break;
        case CONTENT_USAGE:
          sawRule = true;
          if (!inGroup) {
            add(line, 1, Code.RULE_OUTSIDE_GROUP, "rule before any 'User-agent' line is ignored");
          } else {
            contentUsage(line, column, value);
          }
          break;
        case CONTENT_SIGNAL:
          groupRecord(line);
          ContentSignals signals = ContentSignals.parse(line, value);
          for (String bad : signals.unreadable()) {
            add(
                line,
                column,
                Code.CONTENT_SIGNAL_BAD_VALUE,
                "content signal '" + ByteStrings.toText(bad) + "' is not 'yes' or 'no': unknown");
          }
          for (String use : signals.uses()) {
            if (!ContentSignals.USE_VALUES.contains(use.toLowerCase(Locale.ROOT))) {
              add(
                  line,
                  column,
                  Code.CONTENT_SIGNAL_BAD_USE,
                  "content signal 'use="
                      + ByteStrings.toText(use)
                      + "' is not immediate, reference or full: kept as written");
            }
          }
          break;
        default:
          break;
      }
    }

    private static String legacyTargets(String key) {
      StringBuilder sb = new StringBuilder();
      for (UsageCategory c : PreferenceDictionary.LEGACY.get(key)) {
        sb.append(sb.length() > 0 ? ", " : "").append(c.label());
      }
      return sb.toString();
    }

    /** Checks a {@code license} value: an absolute http(s) URL with a host (RSL 1.0). */
    private void license(int line, int column, String value) {
      int colon = value.indexOf(':');
      boolean scheme = colon > 0;
      for (int i = 0; scheme && i < colon; i++) {
        char c = value.charAt(i);
        scheme =
            Character.isLetter(c) || (i > 0 && (Character.isDigit(c) || "+-.".indexOf(c) >= 0));
      }
      if (!scheme) {
        add(
            line,
            column,
            Code.RELATIVE_LICENSE,
            "licence URL is not absolute: a crawler cannot tell which document is meant");
        return;
      }
      String host = null;
      try {
        java.net.URI uri = new java.net.URI(value);
        String s = uri.getScheme().toLowerCase(Locale.ROOT);
        host = (s.equals("http") || s.equals("https")) ? uri.getHost() : null;
      } catch (java.net.URISyntaxException e) {
        // reported below
      }
      if (host == null || host.isEmpty()) {
        add(
            line,
            column,
            Code.BAD_LICENSE_URL,
            "licence URL '"
                + ByteStrings.toText(value)
                + "' is not an http(s) URL with a host: kept as written");
      }
    }

    /** Checks a {@code content-usage} value: a path, white space, a preference dictionary. */
    private void contentUsage(int line, int column, String value) {
      int pathEnd = 0;
      while (pathEnd < value.length()
          && value.charAt(pathEnd) != ' '
          && value.charAt(pathEnd) != '\t') {
        pathEnd++;
      }
      int pref = pathEnd;
      while (pref < value.length() && LineScanner.isSpace((byte) value.charAt(pref))) {
        pref++;
      }
      if (value.isEmpty() || (pref == value.length() && value.charAt(0) != '/')) {
        add(
            line,
            column,
            Code.CONTENT_USAGE_NO_PATH,
            "content-usage needs a path and a preference ('/path train-ai=n'): ignored");
        return;
      }
      if (value.charAt(0) != '/') {
        add(
            line,
            column,
            Code.CONTENT_USAGE_PATH_NOT_ROOTED,
            "content-usage path does not start with '/': ignored");
        return;
      }
      if (pref == value.length()) {
        add(
            line,
            column + pathEnd,
            Code.CONTENT_USAGE_BAD_PREFERENCE,
            "content-usage has no preference: every category is unknown");
        return;
      }
      PreferenceDictionary.Reading reading = PreferenceDictionary.read(value.substring(pref));
      int at = column + pref;
      if (!reading.parsed()) {
        add(
            line,
            at,
            Code.CONTENT_USAGE_BAD_PREFERENCE,
            "preference '"
                + ByteStrings.toText(value.substring(pref))
                + "' is not a Structured Fields"
                + " dictionary (keys are lower-case): every category is unknown");
        return;
      }
      for (String key : reading.unknownKeys()) {
        add(
            line,
            at,
            Code.CONTENT_USAGE_UNKNOWN_CATEGORY,
            "'" + key + "' is not a usage category (train-ai, ai-use, search): ignored");
      }
      for (String key : reading.legacyKeys()) {
        add(
            line,
            at,
            Code.CONTENT_USAGE_LEGACY_CATEGORY,
            "'"
                + key
                + "' is a label of an earlier aipref draft: its n is read as n for "
                + legacyTargets(key)
                + (PreferenceDictionary.LEGACY_WHOLE.contains(key)
                    ? " where the line says nothing of them"
                    : ", which it was a part of")
                + ", its y allows nothing");
      }
      for (String entry : reading.badValues()) {
        add(
            line,
            at,
            Code.CONTENT_USAGE_BAD_VALUE,
            "'" + entry + "': a category's value is the token y or n; anything else is unknown");
      }
    }

    @Override
    public void onUnknown(int line, String key, String value, int keyColumn) {
      add(
          line,
          keyColumn,
          Code.UNKNOWN_DIRECTIVE,
          "unknown directive '" + ByteStrings.toText(key) + "' is ignored");
    }

    /** Warns when a {@code user-agent} name stops at a character a crawler's name never has. */
    private void nameCut(int line, int column, String value) {
      if (UserAgents.isGlobal(value) || value.isEmpty()) {
        return;
      }
      int run = Profile.RFC_9309.tokenLength(value);
      char next = run < value.length() ? value.charAt(run) : '/';
      if (run == 0 || (next != '/' && next != ' ' && next != '\t')) {
        String shown = ByteStrings.toText(value);
        add(
            line,
            column,
            Code.USER_AGENT_NAME_CUT,
            run == 0
                ? "user-agent '"
                    + shown
                    + "' names no crawler: its name, the leading run of"
                    + " A-Z a-z _ -, is empty"
                : "user-agent '"
                    + shown
                    + "' names '"
                    + value.substring(0, run)
                    + "': a name"
                    + " stops at the first character outside A-Z a-z _ -");
      }
    }

    private void groupRecord(int line) {
      if (!inGroup) {
        add(
            line,
            1,
            Code.RULE_OUTSIDE_GROUP,
            "group record before any 'User-agent' line is ignored");
      }
    }

    private void add(int line, int column, Code code, String message) {
      diagnostics.add(
          Diagnostic.builder().line(line).column(column).code(code).message(message).build());
    }
  }
}
