package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.RobotsParseHandler.Directive;
import java.nio.charset.StandardCharsets;

/**
 * What the scanner calls: {@link RobotsParseHandler}'s callbacks with each value still in the
 * scanner's bytes, so that the parser's own builder copies only what it keeps. A caller's handler
 * is reached through {@link #of}, which makes the strings the public interface promises.
 */
interface ScanHandler {
  /** See {@link RobotsParseHandler#onStart()}. */
  default void onStart() {}

  /** A directive whose value is {@code data[from, to)}; see {@link RobotsParseHandler}. */
  void onDirective(int line, Directive directive, byte[] data, int from, int to, int valueColumn);

  /** A line whose key the parser does not know; the view is valid only during the call. */
  void onUnknown(UnknownLine unknown);

  /** See {@link RobotsParseHandler#wantsUnknown()}. */
  boolean wantsUnknown();

  /** See {@link RobotsParseHandler#wantsIssues()}. */
  default boolean wantsIssues() {
    return false;
  }

  /** See {@link RobotsParseHandler#onIssue}. */
  default void onIssue(int line, int column, Diagnostic.Code issue) {}

  /** See {@link RobotsParseHandler#onEnd}. */
  void onEnd(int lines, boolean truncated);

  /** {@code handler} behind the byte callbacks: each value made a string as the scan meets it. */
  static ScanHandler of(RobotsParseHandler handler) {
    return new ScanHandler() {
      @Override
      public void onStart() {
        handler.onStart();
      }

      @Override
      public void onDirective(
          int line, Directive directive, byte[] data, int from, int to, int valueColumn) {
        handler.onDirective(
            line,
            directive,
            new String(data, from, to - from, StandardCharsets.ISO_8859_1),
            valueColumn);
      }

      @Override
      public void onUnknown(UnknownLine u) {
        handler.onUnknown(u.line(), u.key(), u.value(), u.keyColumn());
      }

      @Override
      public boolean wantsUnknown() {
        return handler.wantsUnknown();
      }

      @Override
      public boolean wantsIssues() {
        return handler.wantsIssues();
      }

      @Override
      public void onIssue(int line, int column, Diagnostic.Code issue) {
        handler.onIssue(line, column, issue);
      }

      @Override
      public void onEnd(int lines, boolean truncated) {
        handler.onEnd(lines, truncated);
      }
    };
  }
}
