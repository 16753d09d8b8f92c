package io.github.reactiverobots.core.parse;

/**
 * Implemented by a handler that wants to know, before a line's events, whether the line is all
 * ASCII: its byte strings are then already text and need no decoding.
 */
interface AsciiLines {
  /** Called before the events of each line that has a key. */
  void nextLineAscii(boolean ascii);
}
