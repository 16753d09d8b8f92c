package io.github.reactiverobots.robotstxt;

import java.nio.charset.StandardCharsets;

/**
 * Receives what the byte-level scanner reads from a robots.txt body, line by line, in order. This
 * separates parsing (the scanner) from semantics (groups, the linter, statistics).
 *
 * <p>Values are <em>byte strings</em>: decoded as ISO-8859-1, so each {@code char} is exactly one
 * input byte and nothing is lost from invalid UTF-8. Use {@link ByteStrings#toText(String)} to show
 * one to a person. Line numbers start at 1; LF, CRLF and lone CR each end a line.
 *
 * <p>A handler is used by one scan at a time and need not be thread-safe.
 */
public interface RobotsParseHandler {

  /** Called once before the first line. */
  default void onStart() {}

  /**
   * A recognised directive with its trimmed value (possibly empty).
   *
   * @param line the 1-based line
   * @param directive the directive, misspellings mapped to it
   * @param value the value, a byte string
   * @param valueColumn the 1-based byte column where the value starts
   */
  void onDirective(int line, Directive directive, String value, int valueColumn);

  /**
   * A recognised directive with its trimmed value given as the bytes {@code data[from, to)}, for
   * handlers that keep bytes rather than strings; the scanner calls this one. The default makes the
   * byte string and calls {@link #onDirective(int, Directive, String, int)}. The array is the
   * scanner's: read it during the call, never keep or change it.
   *
   * @param line the 1-based line
   * @param directive the directive, misspellings mapped to it
   * @param data the array holding the value
   * @param from the value's first byte
   * @param to the index after its last byte
   * @param valueColumn the 1-based byte column where the value starts
   */
  default void onDirective(
      int line, Directive directive, byte[] data, int from, int to, int valueColumn) {
    onDirective(
        line,
        directive,
        new String(data, from, to - from, StandardCharsets.ISO_8859_1),
        valueColumn);
  }

  /**
   * A {@code key: value} line whose key is not a directive the parser knows.
   *
   * @param line the 1-based line
   * @param key the key as written, a byte string
   * @param value the trimmed value, a byte string
   * @param keyColumn the 1-based byte column where the key starts
   */
  void onUnknown(int line, String key, String value, int keyColumn);

  /**
   * A {@code key: value} line whose key is not a directive the parser knows, as a view of the
   * scanner's bytes; the scanner calls this one. The default makes the key and value strings and
   * calls {@link #onUnknown(int, String, String, int)}. The view is valid only during the call.
   *
   * @param unknown the line
   */
  default void onUnknown(UnknownLine unknown) {
    onUnknown(unknown.line(), unknown.key(), unknown.value(), unknown.keyColumn());
  }

  /**
   * Whether {@link #onUnknown} should still be called; asked before each unknown record, whose
   * strings are not built when not. The default is always.
   *
   * @return true to receive the next unknown record
   */
  default boolean wantsUnknown() {
    return true;
  }

  /**
   * Whether {@link #onIssue} should be called; scanning is cheaper when not. Asked once, before
   * {@link #onStart()}. The default is never.
   *
   * @return true to receive syntax issues
   */
  default boolean wantsIssues() {
    return false;
  }

  /**
   * A syntax issue the scanner noticed, at a 1-based line and byte column.
   *
   * @param line the line
   * @param column the byte column
   * @param issue one of the codes marked "scanner" in {@link Diagnostic.Code}
   */
  default void onIssue(int line, int column, Diagnostic.Code issue) {}

  /**
   * Called once after the last line.
   *
   * @param lines the number of lines read
   * @param truncated whether the body went past the parse limit
   */
  default void onEnd(int lines, boolean truncated) {}
}
