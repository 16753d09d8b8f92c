package io.github.reactiverobots.core.parse;

import java.util.Objects;

/**
 * One finding of the {@link Linter}. Immutable.
 *
 * @param line 1-based line
 * @param column 1-based byte column
 * @param severity how much it matters
 * @param code what kind of finding it is
 * @param message a sentence for a person
 */
public record Diagnostic(int line, int column, Severity severity, Code code, String message) {
  /**
   * Checks the required parts are present.
   *
   * @param line 1-based line
   * @param column 1-based byte column
   * @param severity how much it matters
   * @param code what kind of finding it is
   * @param message a sentence for a person
   * @throws NullPointerException if {@code severity}, {@code code} or {@code message} is null
   */
  public Diagnostic {
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(message, "message");
  }

  /** How much a finding matters. */
  public enum Severity {
    /** Content is ignored or misread. */
    ERROR,
    /** Probably not what the author meant, or not understood by every crawler. */
    WARNING
  }

  /**
   * The kinds of finding: both what the scanner reports to a {@link RobotsParseHandler} about a
   * line's syntax and what the {@link Linter} finds in the records. Each has its severity.
   */
  public enum Code {
    /** A key the parser does not know: the line is ignored. */
    UNKNOWN_DIRECTIVE(Severity.WARNING),
    /** A known directive in one of the accepted misspellings (scanner). */
    MISSPELLED_DIRECTIVE(Severity.WARNING),
    /** A rule or group record before any {@code user-agent} line: ignored. */
    RULE_OUTSIDE_GROUP(Severity.WARNING),
    /** Key and value separated by white space instead of a colon, tolerated (scanner). */
    MISSING_COLON(Severity.WARNING),
    /** Neither blank, a comment nor {@code key: value}: skipped (scanner). */
    UNPARSABLE_LINE(Severity.ERROR),
    /** {@code Disallow: *}, non-standard. */
    DISALLOW_STAR(Severity.WARNING),
    /** A pattern not starting with {@code /} or {@code *}: it matches no path. */
    PATTERN_NOT_ROOTED(Severity.WARNING),
    /** A sitemap URL that is not absolute. */
    RELATIVE_SITEMAP(Severity.WARNING),
    /** A crawl-delay that is not a number of seconds: ignored. */
    BAD_CRAWL_DELAY(Severity.ERROR),
    /** A request-rate that is not {@code n/m}: ignored. */
    BAD_REQUEST_RATE(Severity.ERROR),
    /** A visit-time that is not {@code HHMM-HHMM}: ignored. */
    BAD_VISIT_TIME(Severity.ERROR),
    /**
     * A {@code user-agent} name cut short by a character outside {@code A-Z a-z _ -} other than the
     * {@code /} of a version or white space ({@code bücherbot} names {@code b}, {@code 008bot}
     * names no crawler).
     */
    USER_AGENT_NAME_CUT(Severity.WARNING),
    /** More than one {@code User-agent: *} group: they are merged. */
    SEVERAL_GLOBAL_GROUPS(Severity.WARNING),
    /** Bytes that are not valid UTF-8 (scanner). */
    INVALID_UTF8(Severity.WARNING),
    /** Typographic quotes, usually pasted from a word processor (scanner). */
    CURLY_QUOTES(Severity.WARNING),
    /** The body is longer than the parse limit: the rest is ignored (scanner). */
    PAST_PARSE_LIMIT(Severity.ERROR),
    /** A line longer than the profile's maximum was cut (scanner, {@code GOOGLE} only). */
    LINE_CUT(Severity.WARNING),
    /** A {@code content-usage} line without a path: ignored. */
    CONTENT_USAGE_NO_PATH(Severity.ERROR),
    /** A {@code content-usage} path not starting with {@code /}: ignored. */
    CONTENT_USAGE_PATH_NOT_ROOTED(Severity.ERROR),
    /**
     * A {@code content-usage} preference that is not a Structured Fields dictionary (or is
     * missing): every category is unknown for its paths.
     */
    CONTENT_USAGE_BAD_PREFERENCE(Severity.ERROR),
    /** A {@code content-usage} key that names no category of the vocabulary: ignored. */
    CONTENT_USAGE_UNKNOWN_CATEGORY(Severity.WARNING),
    /** A {@code content-usage} category whose value is not the token {@code y} or {@code n}. */
    CONTENT_USAGE_BAD_VALUE(Severity.WARNING),
    /** A {@code content-signal} whose value is not {@code yes} or {@code no}: unknown. */
    CONTENT_SIGNAL_BAD_VALUE(Severity.WARNING);

    private final Severity severity;

    Code(Severity severity) {
      this.severity = severity;
    }

    /**
     * How much a finding of this kind matters.
     *
     * @return its severity
     */
    public Severity severity() {
      return severity;
    }
  }

  @Override
  public String toString() {
    return line
        + ":"
        + column
        + ": "
        + severity.name().toLowerCase(java.util.Locale.ROOT)
        + ": "
        + message
        + " ["
        + code.name().toLowerCase(java.util.Locale.ROOT)
        + "]";
  }
}
