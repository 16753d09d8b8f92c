package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.internal.match.PatternTable;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.util.Arrays;

/**
 * The allow and disallow rules of one robots.txt, flat: their patterns in a {@link PatternTable}
 * (pattern {@code i} is rule {@code i}), their lines, which of them the profile implied, and the
 * text as written of the few whose text the table cannot rebuild (kept among the file's shared
 * strings). A {@link Rule} object is made only when asked for, for a verdict or a view. Immutable;
 * thread-safe.
 */
final class RuleTable {
  private static final int[] NONE = new int[0];

  final PatternTable patterns;
  private final int[] lines;

  /** The rules the profile implied (GOOGLE's {@code index.htm} directory rules), ascending. */
  private final int[] implied;

  /**
   * The rules whose text as written is kept, ascending; the k-th one's text is string {@code
   * formBase + k} of the file's shared strings.
   */
  private final int[] ownForms;

  private final PackedStrings strings;
  private final int formBase;

  RuleTable(
      PatternTable patterns,
      int[] lines,
      int[] implied,
      int[] ownForms,
      PackedStrings strings,
      int formBase) {
    this.patterns = patterns;
    this.lines = lines;
    this.implied = implied.length == 0 ? NONE : implied;
    this.ownForms = ownForms.length == 0 ? NONE : ownForms;
    this.strings = strings;
    this.formBase = formBase;
  }

  int size() {
    return lines.length;
  }

  boolean isImplied(int i) {
    return Arrays.binarySearch(implied, i) >= 0;
  }

  /** Rule {@code i}: allow or disallow, its pattern as written (as text) and its line. */
  Rule rule(int i) {
    return new Rule(patterns.allows(i), text(i), lines[i]);
  }

  /** The pattern of rule {@code i} as written, as text. */
  String text(int i) {
    int own = Arrays.binarySearch(ownForms, i);
    if (own >= 0) {
      return strings.text(formBase + own);
    }
    return patterns.reproducedText(i);
  }

  int line(int i) {
    return lines[i];
  }

  /** This table's own size; the shared strings are counted by their owner. */
  long estimatedBytes() {
    return HeapSizes.object(5L * HeapSizes.REFERENCE + Integer.BYTES)
        + patterns.estimatedBytes()
        + HeapSizes.array(lines.length, Integer.BYTES)
        + (implied == NONE ? 0 : HeapSizes.array(implied.length, Integer.BYTES))
        + (ownForms == NONE ? 0 : HeapSizes.array(ownForms.length, Integer.BYTES));
  }
}
