package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.match.PatternTable;
import io.github.reactiverobots.robotstxt.internal.match.PatternTableBuilder;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;

/**
 * Collects path patterns for a {@link RuleTable}: each normalised into the pattern table (plain
 * ones copied as they are), its line, and the text as written of the few the table cannot rebuild.
 * Serves both the allow/disallow rules and the {@code content-usage} paths. One per parse; not
 * thread-safe.
 */
final class PatternCollector {
  private final boolean normalises;
  private final PatternTableBuilder patterns;
  private final Ints lines;
  private final Ints ownForms = new Ints(0);
  private final PackedStrings.Builder forms = new PackedStrings.Builder();

  PatternCollector(boolean normalises, int patterns, int bytes) {
    this.normalises = normalises;
    this.patterns = PatternTable.builder(patterns, bytes);
    this.lines = new Ints(patterns);
  }

  /** A collector that starts in the scratch arrays of {@code scratch}; see {@link #lend}. */
  PatternCollector(boolean normalises, ParseScratch scratch) {
    this.normalises = normalises;
    this.patterns = PatternTable.builder(scratch.slots);
    this.lines = new Ints(scratch.lines);
  }

  /** Hands this collector's arrays, grown or not, to {@code scratch} once it is built. */
  void lend(ParseScratch scratch) {
    scratch.keep(patterns.slots(), lines.array());
  }

  /** Adds a pattern written as {@code d[from, to)} on {@code line}; returns its index. */
  int add(int line, boolean allow, byte[] d, int from, int to) {
    int plain = patterns.addIfPlain(d, from, to, allow, normalises);
    if (plain >= 0) {
      lines.add(line);
      return plain;
    }
    byte[] normalised =
        plain == PatternTableBuilder.NOT_PLAIN_UNCHANGED
            ? null
            : PercentEncoding.normalisedOrNull(d, from, to, normalises);
    int i =
        normalised == null
            ? patterns.add(d, from, to, allow, normalises)
            : patterns.add(normalised, 0, normalised.length, allow, normalises);
    lines.add(line);
    if (normalised != null || !patterns.reproduces(i, d, from, to)) {
      ownForms.add(i);
      forms.add(d, from, to);
    }
    return i;
  }

  int size() {
    return lines.size();
  }

  /** The texts as written, for the file's strings. */
  PackedStrings.Builder forms() {
    return forms;
  }

  /** The table, its texts as written at {@code formBase} of {@code strings}. */
  RuleTable build(int[] implied, PackedStrings strings, int formBase) {
    return new RuleTable(
        patterns.build(), lines.toArray(), implied, ownForms.toArray(), strings, formBase);
  }
}
