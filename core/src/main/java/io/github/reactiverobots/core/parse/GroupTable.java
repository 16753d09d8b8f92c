package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.internal.bytes.HeapSizes;
import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.Rule;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The groups of one robots.txt and what each crawler name selects, flat (SEMANTICS.md §2). Group
 * {@code g} holds the rules {@code [ruleStart[g], ruleStart[g + 1])} of the {@link RuleTable} and
 * the user-agent values {@code [agentStart[g], agentStart[g + 1])}. A selection is the list of
 * groups one name selects (merged); names selecting the same groups share a selection, and the
 * last selection is the {@code *} groups'. Names are found through an open-addressing table keyed
 * by {@code String.hashCode()} of the lower-case name, so a lookup allocates nothing. Immutable;
 * thread-safe.
 */
final class GroupTable {
  private final int[] ruleStart;
  private final int[] agentStart;
  private final int[] line;
  /** Per group, whether one of its user-agents is {@code *}. */
  private final boolean[] global;
  /** Per group, its pacing; null when no group has any. */
  private final Pacing[] pacing;
  private final ByteStore agents;
  private final ByteStore names;
  /** Name index + 1 per slot, 0 for an empty slot; the length is a power of two. */
  private final int[] slots;
  private final int[] nameSelection;
  private final int[] selectionStart;
  private final int[] selectionGroups;

  GroupTable(int[] ruleStart, int[] agentStart, int[] line, boolean[] global, Pacing[] pacing,
      ByteStore agents, ByteStore names, int[] nameSelection, int[] selectionStart,
      int[] selectionGroups) {
    this.ruleStart = ruleStart;
    this.agentStart = agentStart;
    this.line = line;
    this.global = global;
    this.pacing = pacing;
    this.agents = agents;
    this.names = names;
    this.nameSelection = nameSelection;
    this.selectionStart = selectionStart;
    this.selectionGroups = selectionGroups;
    this.slots = new int[Math.max(2, Integer.highestOneBit(Math.max(1, names.size()) * 2) * 2)];
    for (int n = 0; n < names.size(); n++) {
      int mask = slots.length - 1;
      int i = mix(names.latin1Hash(n)) & mask;
      while (slots[i] != 0) {
        i = (i + 1) & mask;
      }
      slots[i] = n + 1;
    }
  }

  int groupCount() {
    return line.length;
  }

  int selectionCount() {
    return selectionStart.length - 1;
  }

  /** The selection of the {@code *} groups (possibly none of them). */
  int globalSelection() {
    return selectionCount() - 1;
  }

  /** The selection of the lower-case group name {@code token}, or -1 when no group has it. */
  int selectionOf(String token) {
    int mask = slots.length - 1;
    for (int i = mix(token.hashCode()) & mask; slots[i] != 0; i = (i + 1) & mask) {
      int n = slots[i] - 1;
      if (names.equalsLatin1(n, token)) {
        return nameSelection[n];
      }
    }
    return -1;
  }

  /** Whether selection {@code s} has any group. */
  boolean hasGroups(int s) {
    return selectionStart[s + 1] > selectionStart[s];
  }

  /**
   * The rules of selection {@code s}'s groups, in file order: the patterns its matcher compiles.
   */
  int[] members(int s) {
    int count = 0;
    for (int k = selectionStart[s]; k < selectionStart[s + 1]; k++) {
      int g = selectionGroups[k];
      count += ruleStart[g + 1] - ruleStart[g];
    }
    int[] members = new int[count];
    int at = 0;
    for (int k = selectionStart[s]; k < selectionStart[s + 1]; k++) {
      int g = selectionGroups[k];
      for (int r = ruleStart[g]; r < ruleStart[g + 1]; r++) {
        members[at++] = r;
      }
    }
    return members;
  }

  /** The most restrictive pacing of selection {@code s}'s groups. */
  Pacing pacing(int s) {
    Pacing merged = Pacing.NONE;
    if (pacing != null) {
      for (int k = selectionStart[s]; k < selectionStart[s + 1]; k++) {
        merged = merged.stricter(pacing[selectionGroups[k]]);
      }
    }
    return merged;
  }

  /** The written rules of selection {@code s}'s groups, in file order. */
  List<Rule> rules(int s, RuleTable rules) {
    List<Rule> out = new ArrayList<>();
    for (int k = selectionStart[s]; k < selectionStart[s + 1]; k++) {
      addRules(selectionGroups[k], rules, out);
    }
    return out;
  }

  /** The groups as views, in file order. */
  List<Group> groups(RuleTable rules) {
    List<Group> out = new ArrayList<>(line.length);
    for (int g = 0; g < line.length; g++) {
      List<String> values = new ArrayList<>();
      Set<String> groupNames = new LinkedHashSet<>();
      for (int a = agentStart[g]; a < agentStart[g + 1]; a++) {
        String value = agents.text(a);
        values.add(value);
        if (!UserAgents.isGlobal(value)) {
          groupNames.add(UserAgents.groupName(value));
        }
      }
      List<Rule> groupRules = new ArrayList<>();
      addRules(g, rules, groupRules);
      out.add(new Group(line[g], values, groupNames, global[g], groupRules,
          pacing == null ? Pacing.NONE : pacing[g]));
    }
    return out;
  }

  /** The lower-case group names, in the order first written. */
  Set<String> names() {
    Set<String> out = new LinkedHashSet<>();
    for (int n = 0; n < names.size(); n++) {
      out.add(names.text(n));
    }
    return out;
  }

  long estimatedBytes() {
    long bytes = HeapSizes.object(10L * HeapSizes.REFERENCE)
        + HeapSizes.array(ruleStart.length, Integer.BYTES)
        + HeapSizes.array(agentStart.length, Integer.BYTES)
        + HeapSizes.array(line.length, Integer.BYTES) + HeapSizes.array(global.length, 1)
        + agents.estimatedBytes() + names.estimatedBytes()
        + HeapSizes.array(slots.length, Integer.BYTES)
        + HeapSizes.array(nameSelection.length, Integer.BYTES)
        + HeapSizes.array(selectionStart.length, Integer.BYTES)
        + HeapSizes.array(selectionGroups.length, Integer.BYTES);
    if (pacing != null) {
      bytes += HeapSizes.array(pacing.length, HeapSizes.REFERENCE);
      for (Pacing p : pacing) {
        bytes += p == Pacing.NONE ? 0 : PACING_BYTES;
      }
    }
    return bytes;
  }

  /** A Pacing with its records: the object, a Duration, a RequestRate and a VisitTime. */
  private static final long PACING_BYTES = 24 + 24 + 24 + 24 + 2 * 24;

  /** Adds group {@code g}'s written rules (not those the profile implied) to {@code out}. */
  private void addRules(int g, RuleTable rules, List<Rule> out) {
    for (int r = ruleStart[g]; r < ruleStart[g + 1]; r++) {
      if (!rules.isImplied(r)) {
        out.add(rules.rule(r));
      }
    }
  }

  /** Spreads a String hash's bits, since names often share a prefix. */
  private static int mix(int h) {
    return h ^ (h >>> 16);
  }
}
