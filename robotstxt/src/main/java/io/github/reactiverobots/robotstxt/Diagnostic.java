package io.github.reactiverobots.robotstxt;

import java.util.Objects;

/**
 * One finding of the {@link Linter}, built with named settings ({@link #builder()}) so that its
 * line and column cannot be swapped by position. Immutable and thread-safe.
 */
public final class Diagnostic {
  private final int line;
  private final int column;
  private final Severity severity;
  private final Code code;
  private final String message;

  private Diagnostic(Builder b) {
    code = Objects.requireNonNull(b.code, "code");
    message = Objects.requireNonNull(b.message, "message");
    severity = b.severity != null ? b.severity : code.severity();
    line = b.line;
    column = b.column;
  }

  /**
   * A builder with no code or message set, line and column 0, and the code's severity.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The line.
   *
   * @return 1-based line
   */
  public int line() {
    return line;
  }

  /**
   * The column.
   *
   * @return 1-based byte column
   */
  public int column() {
    return column;
  }

  /**
   * How much it matters.
   *
   * @return the severity
   */
  public Severity severity() {
    return severity;
  }

  /**
   * What kind of finding it is.
   *
   * @return the code
   */
  public Code code() {
    return code;
  }

  /**
   * A sentence for a person.
   *
   * @return the message
   */
  public String message() {
    return message;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Diagnostic d
        && line == d.line
        && column == d.column
        && severity == d.severity
        && code == d.code
        && message.equals(d.message);
  }

  @Override
  public int hashCode() {
    return Objects.hash(line, column, severity, code, message);
  }

  /** Named settings for a {@link Diagnostic}. Not thread-safe. */
  public static final class Builder {
    private int line;
    private int column;
    private Severity severity;
    private Code code;
    private String message;

    private Builder() {}

    /**
     * The line.
     *
     * @param line 1-based line
     * @return this builder
     */
    public Builder line(int line) {
      this.line = line;
      return this;
    }

    /**
     * The column.
     *
     * @param column 1-based byte column
     * @return this builder
     */
    public Builder column(int column) {
      this.column = column;
      return this;
    }

    /**
     * What kind of finding it is (required).
     *
     * @param code the code
     * @return this builder
     */
    public Builder code(Code code) {
      this.code = code;
      return this;
    }

    /**
     * How much it matters; default the code's {@link Code#severity()}.
     *
     * @param severity the severity
     * @return this builder
     */
    public Builder severity(Severity severity) {
      this.severity = severity;
      return this;
    }

    /**
     * A sentence for a person (required).
     *
     * @param message the message
     * @return this builder
     */
    public Builder message(String message) {
      this.message = message;
      return this;
    }

    /**
     * The finding.
     *
     * @return a new finding
     * @throws NullPointerException if the code or the message is null
     */
    public Diagnostic build() {
      return new Diagnostic(this);
    }
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
    /** A {@code license} URL (RSL) that is not absolute: kept as written. */
    RELATIVE_LICENSE(Severity.WARNING),
    /**
     * A {@code license} URL that has a scheme but is not an http(s) URL with a host (or does not
     * parse): kept as written.
     */
    BAD_LICENSE_URL(Severity.WARNING),
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
    CONTENT_SIGNAL_BAD_VALUE(Severity.WARNING),
    /** A {@code content-signal} {@code use} that is not immediate, reference or full: kept. */
    CONTENT_SIGNAL_BAD_USE(Severity.WARNING),
    /**
     * A {@code content-usage} key that an earlier vocabulary draft defined ({@code train-genai},
     * {@code ai-output}, {@code bots}, {@code all}): read as SEMANTICS.md §8 says.
     */
    CONTENT_USAGE_LEGACY_CATEGORY(Severity.WARNING);

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
