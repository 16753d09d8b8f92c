package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.Diagnostic;
import io.github.reactiverobots.robotstxt.Linter;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsParseHandler;
import io.github.reactiverobots.robotstxt.RobotsParseHandler.Directive;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The tester's lint: the core {@link Linter}'s findings, plus control characters (terminal escape
 * sequences) in a line, the records Google's open-source parser reports as unused by Google, and
 * Yandex's limits (2,048 rules, 1,024 characters per rule). Stateless.
 */
final class Lints {
  /** Yandex reads at most this many allow and disallow rules. */
  static final int YANDEX_MAX_RULES = 2048;

  /** Yandex ignores a rule longer than this, in characters. */
  static final int YANDEX_MAX_RULE_CHARS = 1024;

  /** Records Google's parser reads and reports as unused by Google. */
  private static final Set<String> UNUSED_BY_GOOGLE =
      Set.of(
          "crawl-delay",
          "request-rate",
          "visit-time",
          "host",
          "clean-param",
          "noindex",
          "nofollow",
          "noarchive",
          "content-signal",
          "content-usage");

  private Lints() {}

  /** One finding: severity {@code error}, {@code warning} or {@code note}. */
  record Finding(int line, int column, String severity, String code, String message) {
    @Override
    public String toString() {
      return line
          + ":"
          + column
          + ": "
          + severity
          + ": "
          + Text.printable(message)
          + " ["
          + code
          + "]";
    }

    boolean isError() {
      return severity.equals("error");
    }
  }

  /** Every finding, by line then column. */
  static List<Finding> of(byte[] body, ParseOptions options) {
    List<Finding> out = new ArrayList<>();
    for (Diagnostic d : Linter.lint(body, options)) {
      out.add(
          new Finding(
              d.line(),
              d.column(),
              d.severity().name().toLowerCase(Locale.ROOT),
              d.code().name().toLowerCase(Locale.ROOT),
              d.message()));
    }
    Extra extra = new Extra();
    RobotsTxt.scan(body, options, extra);
    out.addAll(extra.found);
    out.sort(Comparator.comparingInt(Finding::line).thenComparingInt(Finding::column));
    return List.copyOf(out);
  }

  /**
   * The statistics Google's parser reports ({@code robots_test.cc}).
   *
   * @param validDirectives directives it knows ({@code user-agent}, {@code allow}, {@code
   *     disallow}, {@code sitemap})
   * @param unknownDirectives the rest
   * @param lastLine the last line holding a directive
   * @param sitemaps the sitemaps concatenated
   */
  record Stats(int validDirectives, int unknownDirectives, int lastLine, String sitemaps) {
    @Override
    public String toString() {
      return "stats\tvalid-directives="
          + validDirectives
          + "\tunknown-directives="
          + unknownDirectives
          + "\tlast-line="
          + lastLine
          + "\tsitemaps="
          + Text.printable(sitemaps);
    }
  }

  /** Google's parse statistics of {@code body}. */
  static Stats stats(byte[] body, ParseOptions options) {
    int[] counts = new int[3];
    StringBuilder sitemaps = new StringBuilder();
    RobotsTxt.scan(
        body,
        options,
        new RobotsParseHandler() {
          @Override
          public void onDirective(int line, Directive directive, String value, int column) {
            counts[2] = line;
            switch (directive) {
              case USER_AGENT, ALLOW, DISALLOW -> counts[0]++;
              case SITEMAP -> {
                counts[0]++;
                sitemaps.append(value);
              }
              default -> counts[1]++;
            }
          }

          @Override
          public void onUnknown(int line, String key, String value, int keyColumn) {
            counts[2] = line;
            counts[1]++;
          }
        });
    return new Stats(counts[0], counts[1], counts[2], sitemaps.toString());
  }

  private static final class Extra implements RobotsParseHandler {
    final List<Finding> found = new ArrayList<>();
    private int rules;

    @Override
    public void onDirective(int line, Directive directive, String value, int column) {
      controls(line, column, value);
      String key = directive.name().toLowerCase(Locale.ROOT).replace('_', '-');
      if (UNUSED_BY_GOOGLE.contains(key)) {
        found.add(
            new Finding(
                line,
                1,
                "note",
                "unused_by_google",
                "'" + key + "' is not used by Google (Googlebot ignores it)"));
      }
      if (directive == Directive.ALLOW || directive == Directive.DISALLOW) {
        if (++rules == YANDEX_MAX_RULES + 1) {
          found.add(
              new Finding(
                  line,
                  1,
                  "warning",
                  "yandex_rule_limit",
                  "more than "
                      + YANDEX_MAX_RULES
                      + " allow/disallow rules: Yandex ignores the rest"));
        }
        int chars = utf8(value).length();
        if (chars > YANDEX_MAX_RULE_CHARS) {
          found.add(
              new Finding(
                  line,
                  column,
                  "warning",
                  "yandex_rule_length",
                  "rule of "
                      + chars
                      + " characters: Yandex ignores rules longer than "
                      + YANDEX_MAX_RULE_CHARS));
        }
      }
    }

    @Override
    public void onUnknown(int line, String key, String value, int keyColumn) {
      controls(line, keyColumn, key + value);
      String k = utf8(key).trim().toLowerCase(Locale.ROOT);
      if (UNUSED_BY_GOOGLE.contains(k)) {
        found.add(
            new Finding(
                line,
                keyColumn,
                "note",
                "unused_by_google",
                "'" + k + "' is not used by Google (Googlebot ignores it)"));
      }
    }

    /** Control characters (ESC, BEL...) in a line: a terminal showing the file obeys them. */
    private void controls(int line, int column, String bytes) {
      for (int i = 0; i < bytes.length(); i++) {
        char c = bytes.charAt(i);
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
          found.add(
              new Finding(
                  line,
                  column,
                  "warning",
                  "control_character",
                  "control"
                      + " character "
                      + String.format("0x%02X", (int) c)
                      + (c == 0x1B
                          ? " (an escape sequence: it can act on a terminal that shows the file)"
                          : "")
                      + " in the line"));
          return;
        }
      }
    }

    private static String utf8(String latin1Bytes) {
      return new String(latin1Bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
  }
}
