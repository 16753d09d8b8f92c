package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.aipref.PreferenceDictionary;
import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code content-usage} rules and {@code content-signal} records of one robots.txt, flat
 * (SEMANTICS.md §8): the rules' paths in a {@link RuleTable} of their own (rule {@code i} is
 * pattern {@code i}), per group the start of its rules, each rule's preference as written among the
 * file's shared strings, and per record its line, group and value as written. The preferences are
 * read (RFC 9651 dictionaries) the first time usage is asked for, all at once, into one int per
 * rule ({@code UsageBits}). Immutable but for that one-time reading, which is idempotent;
 * thread-safe.
 */
final class UsageTable {
  static final UsageTable NONE =
      new UsageTable(null, new int[1], PackedStrings.EMPTY, 0, new int[0], new int[0], 0);

  final RuleTable paths;

  /** Per group its first rule, then the rule count; groups past the end have none. */
  private final int[] groupStart;

  private final PackedStrings strings;
  private final int preferenceBase;
  private final int[] signalLines;
  private final int[] signalGroups;
  private final int signalBase;

  /** Per rule its packed statement, once read (set racily; every reader computes the same). */
  private volatile int[] statements;

  UsageTable(
      RuleTable paths,
      int[] groupStart,
      PackedStrings strings,
      int preferenceBase,
      int[] signalLines,
      int[] signalGroups,
      int signalBase) {
    this.paths = paths;
    this.groupStart = groupStart;
    this.strings = strings;
    this.preferenceBase = preferenceBase;
    this.signalLines = signalLines;
    this.signalGroups = signalGroups;
    this.signalBase = signalBase;
  }

  /** The rules of {@code groups} (ascending), in file order. */
  int[] members(int[] groups) {
    int count = 0;
    for (int g : groups) {
      count += end(g) - start(g);
    }
    int[] out = new int[count];
    int at = 0;
    for (int g : groups) {
      for (int r = start(g); r < end(g); r++) {
        out[at++] = r;
      }
    }
    return out;
  }

  /** The packed statement of each rule, reading every preference the first time. */
  int[] statements() {
    int[] read = statements;
    if (read == null) {
      read = new int[paths == null ? 0 : paths.size()];
      for (int i = 0; i < read.length; i++) {
        read[i] = PreferenceDictionary.read(strings.byteString(preferenceBase + i)).bits();
      }
      statements = read;
    }
    return read;
  }

  /** Rule {@code i} as written. */
  UsageRule rule(int i) {
    return new UsageRule(paths.text(i), strings.text(preferenceBase + i), paths.line(i));
  }

  /** The rules of {@code groups}, in file order. */
  List<UsageRule> rules(int[] groups) {
    List<UsageRule> out = new ArrayList<>();
    for (int r : members(groups)) {
      out.add(rule(r));
    }
    return List.copyOf(out);
  }

  /** The records of {@code groups} (ascending), combined most restrictively, in file order. */
  ContentSignals signals(int[] groups) {
    ContentSignals merged = ContentSignals.NONE;
    for (int k = 0; k < signalLines.length; k++) {
      if (contains(groups, signalGroups[k])) {
        merged =
            merged.mostRestrictive(
                ContentSignals.parse(signalLines[k], strings.text(signalBase + k)));
      }
    }
    return merged;
  }

  /** This table's own size; the shared strings are counted by their owner. */
  long estimatedBytes() {
    if (this == NONE) {
      return 0;
    }
    int[] read = statements;
    return HeapSizes.object(6L * HeapSizes.REFERENCE + 2L * Integer.BYTES)
        + (paths == null ? 0 : paths.estimatedBytes())
        + HeapSizes.array(groupStart.length, Integer.BYTES)
        + 2 * HeapSizes.array(signalLines.length, Integer.BYTES)
        + (read == null ? 0 : HeapSizes.array(read.length, Integer.BYTES));
  }

  private int start(int g) {
    return g < groupStart.length - 1 ? groupStart[g] : 0;
  }

  private int end(int g) {
    return g < groupStart.length - 1 ? groupStart[g + 1] : 0;
  }

  private static boolean contains(int[] ascending, int v) {
    return Arrays.binarySearch(ascending, v) >= 0;
  }
}
