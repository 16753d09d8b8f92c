package io.github.reactiverobots.core.parse;

/** Problems the scanner notices in a line's syntax, reported to handlers that ask for them. */
public enum LineIssue {
  /** A known directive spelled in one of the accepted misspellings. */
  MISSPELLED_KEY,
  /** Key and value separated by white space instead of a colon (tolerated). */
  MISSING_COLON,
  /** A line that is neither blank, a comment, nor {@code key: value}: skipped. */
  UNPARSABLE_LINE,
  /** Bytes that are not valid UTF-8. */
  INVALID_UTF8,
  /** Typographic quotes, usually pasted from a word processor. */
  CURLY_QUOTES,
  /** The body is longer than the parse limit: the rest was ignored. */
  CONTENT_PAST_LIMIT,
  /** The line was longer than the profile's maximum and was cut ({@code GOOGLE} only). */
  LINE_CUT
}
