package io.github.reactiverobots.robotstxt;

import java.util.Arrays;

/**
 * Collects the {@code content-usage} rules and {@code content-signal} records of one robots.txt for
 * a {@link UsageTable} (SEMANTICS.md §8): each rule's path into a pattern table of its own, its
 * group and its preference as written (read only when usage is first asked for), each record's
 * group and value as written. One per parse; not thread-safe.
 */
final class UsageBuilder {
  private final PatternCollector paths;
  private final Ints ruleGroups = new Ints(8);
  private final PackedStrings.Builder preferences = new PackedStrings.Builder();
  private final Ints signalLines = new Ints(0);
  private final Ints signalGroups = new Ints(0);
  private final PackedStrings.Builder signals = new PackedStrings.Builder();
  private int formBase;
  private int preferenceBase;
  private int signalBase;

  UsageBuilder(boolean normalises) {
    this.paths = new PatternCollector(normalises, 8, 128);
  }

  /**
   * A {@code content-usage} value {@code d[from, to)} of group {@code group}: a path starting with
   * {@code /}, white space, then the preference. A value whose path does not start with {@code /}
   * adds no rule (the linter reports it).
   */
  void rule(int line, int group, byte[] d, int from, int to) {
    int pathEnd = from;
    while (pathEnd < to && d[pathEnd] != ' ' && d[pathEnd] != '\t') {
      pathEnd++;
    }
    if (pathEnd == from || d[from] != '/') {
      return;
    }
    int prefFrom = pathEnd;
    while (prefFrom < to && LineScanner.isSpace(d[prefFrom])) {
      prefFrom++;
    }
    paths.add(line, false, d, from, pathEnd);
    ruleGroups.add(group);
    preferences.add(d, prefFrom, to);
  }

  /** A {@code content-signal} value {@code d[from, to)} of group {@code group}. */
  void signal(int line, int group, byte[] d, int from, int to) {
    signalLines.add(line);
    signalGroups.add(group);
    signals.add(d, from, to);
  }

  /**
   * The file's strings: those of {@code before}, then what is kept here as written, whose first
   * string is {@code base}, the size of {@code before} together.
   */
  PackedStrings joinStrings(int base, PackedStrings.Builder... before) {
    PackedStrings.Builder forms = paths.forms();
    formBase = base;
    preferenceBase = formBase + forms.size();
    signalBase = preferenceBase + preferences.size();
    PackedStrings.Builder[] parts = Arrays.copyOf(before, before.length + 3);
    parts[before.length] = forms;
    parts[before.length + 1] = preferences;
    parts[before.length + 2] = signals;
    return PackedStrings.join(parts);
  }

  /** The table, once {@link #joinStrings} has made {@code strings}. */
  UsageTable build(PackedStrings strings, int groupCount) {
    int[] groupStart = new int[groupCount + 1];
    int rule = 0;
    for (int g = 0; g <= groupCount; g++) {
      while (rule < ruleGroups.size() && ruleGroups.get(rule) < g) {
        rule++;
      }
      groupStart[g] = rule;
    }
    return new UsageTable(
        paths.build(new int[0], strings, formBase),
        groupStart,
        strings,
        preferenceBase,
        signalLines.toArray(),
        signalGroups.toArray(),
        signalBase);
  }
}
