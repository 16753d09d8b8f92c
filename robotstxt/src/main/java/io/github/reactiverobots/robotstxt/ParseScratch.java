package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.match.PatternTableBuilder;

/**
 * A thread's scratch arrays for collecting the rules of a parse, reused from parse to parse so that
 * the collection writes to memory already in cache instead of new arrays (the parsed file copies
 * what it keeps). Arrays grown past {@link #KEPT} ints are not kept, so that one large body does
 * not pin them to a thread. A parse that finds the thread's scratch in use (a handler that parses
 * inside a parse) gets scratch of its own. Not thread-safe.
 */
final class ParseScratch {
  /** The largest array a thread keeps, in ints. */
  static final int KEPT = 1 << 14;

  private static final ThreadLocal<ParseScratch> SCRATCH =
      ThreadLocal.withInitial(ParseScratch::new);

  int[] slots = new int[PatternTableBuilder.SLOT * 64];
  int[] lines = new int[64];
  private boolean busy;

  private ParseScratch() {}

  /** This thread's scratch, marked in use until {@link #release}. */
  static ParseScratch acquire() {
    ParseScratch s = SCRATCH.get();
    if (s.busy) {
      return new ParseScratch();
    }
    s.busy = true;
    return s;
  }

  /** Takes back the arrays a builder started in, or grew into, unless they grew too large. */
  void keep(int[] slots, int[] lines) {
    if (slots.length <= KEPT) {
      this.slots = slots;
    }
    if (lines.length <= KEPT) {
      this.lines = lines;
    }
  }

  /** Ends the parse. */
  void release() {
    busy = false;
  }
}
