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

  /** The kinds of finding. */
  public enum Code {
    UNKNOWN_DIRECTIVE,
    MISSPELLED_DIRECTIVE,
    RULE_OUTSIDE_GROUP,
    MISSING_COLON,
    UNPARSABLE_LINE,
    DISALLOW_STAR,
    PATTERN_NOT_ROOTED,
    RELATIVE_SITEMAP,
    BAD_CRAWL_DELAY,
    BAD_REQUEST_RATE,
    BAD_VISIT_TIME,
    SEVERAL_GLOBAL_GROUPS,
    INVALID_UTF8,
    CURLY_QUOTES,
    PAST_PARSE_LIMIT,
    LINE_CUT
  }

  @Override
  public String toString() {
    return line + ":" + column + ": " + severity.name().toLowerCase(java.util.Locale.ROOT) + ": "
        + message + " [" + code.name().toLowerCase(java.util.Locale.ROOT) + "]";
  }
}
