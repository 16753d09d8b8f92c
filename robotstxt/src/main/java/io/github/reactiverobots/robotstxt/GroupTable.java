package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The groups of one robots.txt and what each crawler name selects, flat (SEMANTICS.md §2), in one
 * int array of consecutive sections:
 *
 * <ul>
 *   <li>per group {@code g} (G groups), the start of its rules in the {@link RuleTable} (G + 1
 *       entries: group g holds the rules up to the next group's start);
 *   <li>per group, the start of its user-agent values among the shared strings (G + 1 entries);
 *   <li>per group, its line, negative for a group with a {@code *} user-agent (G entries);
 *   <li>per lower-case group name (N names), the selection it selects (N entries);
 *   <li>per selection (S, the last being the {@code *} groups'), the start of its groups in the
 *       next section (S + 1 entries), then the groups themselves;
 *   <li>the name table: open addressing over {@code String.hashCode()} of the names, each slot a
 *       name index + 1, 0 when empty, so a lookup allocates nothing.
 * </ul>
 *
 * <p>Names selecting the same groups share a selection. The user-agent values and names are strings
 * of the file's shared {@link PackedStrings}. Immutable; thread-safe.
 */
final class GroupTable {
  private final int[] data;
  private final int groups;
  private final int names;
  private final int selections;
  private final int agentStartAt;
  private final int lineAt;
  private final int nameSelectionAt;
  private final int selectionStartAt;
  private final int selectionGroupsAt;
  private final int slotsAt;
  private final int slotMask;

  /** Per group, its pacing; null when no group has any. */
  private final Pacing[] pacing;

  private final PackedStrings strings;
  private final int agentBase;
  private final int nameBase;

  /**
   * @param ruleStart per group its first rule, and the rule count last
   * @param agentStart per group its first user-agent value (index among the values), then the value
   *     count
   * @param lines per group its line, negative for a {@code *} group
   * @param nameSelection per name the selection it selects
   * @param selectionStart per selection its first group in {@code selectionGroups}, then the count
   */
  GroupTable(
      int[] ruleStart,
      int[] agentStart,
      int[] lines,
      int[] nameSelection,
      int[] selectionStart,
      int[] selectionGroups,
      Pacing[] pacing,
      PackedStrings strings,
      int agentBase,
      int nameBase) {
    this.groups = lines.length;
    this.names = nameSelection.length;
    this.selections = selectionStart.length - 1;
    int slotCount = Integer.highestOneBit(Math.max(1, names) * 2) * 2;
    this.agentStartAt = ruleStart.length;
    this.lineAt = agentStartAt + agentStart.length;
    this.nameSelectionAt = lineAt + lines.length;
    this.selectionStartAt = nameSelectionAt + nameSelection.length;
    this.selectionGroupsAt = selectionStartAt + selectionStart.length;
    this.slotsAt = selectionGroupsAt + selectionGroups.length;
    this.slotMask = slotCount - 1;
    this.data = new int[slotsAt + slotCount];
    int at = 0;
    for (int[] section :
        new int[][] {
          ruleStart, agentStart, lines, nameSelection, selectionStart, selectionGroups
        }) {
      System.arraycopy(section, 0, data, at, section.length);
      at += section.length;
    }
    this.pacing = pacing;
    this.strings = strings;
    this.agentBase = agentBase;
    this.nameBase = nameBase;
    for (int n = 0; n < names; n++) {
      int i = mix(strings.latin1Hash(nameBase + n)) & slotMask;
      while (data[slotsAt + i] != 0) {
        i = (i + 1) & slotMask;
      }
      data[slotsAt + i] = n + 1;
    }
  }

  int selectionCount() {
    return selections;
  }

  /** The selection of the {@code *} groups (possibly none of them). */
  int globalSelection() {
    return selections - 1;
  }

  /**
   * The selection of the group name that the first {@code length} chars of {@code agent} make,
   * lower-cased, or -1 when no group has it. Allocates nothing.
   */
  int selectionOf(String agent, int length) {
    int h = 0;
    for (int k = 0; k < length; k++) {
      h = 31 * h + PackedStrings.toLowerAscii(agent.charAt(k));
    }
    for (int i = mix(h) & slotMask; data[slotsAt + i] != 0; i = (i + 1) & slotMask) {
      int n = data[slotsAt + i] - 1;
      if (strings.equalsLowerCased(nameBase + n, agent, length)) {
        return data[nameSelectionAt + n];
      }
    }
    return -1;
  }

  /** Whether selection {@code s} has any group. */
  boolean hasGroups(int s) {
    return selectionEnd(s) > selectionStart(s);
  }

  /**
   * The rules of selection {@code s}'s groups, in file order: the patterns its matcher compiles.
   */
  int[] members(int s) {
    int count = 0;
    for (int k = selectionStart(s); k < selectionEnd(s); k++) {
      int g = data[selectionGroupsAt + k];
      count += ruleEnd(g) - ruleStart(g);
    }
    int[] members = new int[count];
    int at = 0;
    for (int k = selectionStart(s); k < selectionEnd(s); k++) {
      int g = data[selectionGroupsAt + k];
      for (int r = ruleStart(g); r < ruleEnd(g); r++) {
        members[at++] = r;
      }
    }
    return members;
  }

  /** The groups of selection {@code s}, ascending. */
  int[] groups(int s) {
    return Arrays.copyOfRange(
        data, selectionGroupsAt + selectionStart(s), selectionGroupsAt + selectionEnd(s));
  }

  /** The most restrictive pacing of selection {@code s}'s groups. */
  Pacing pacing(int s) {
    Pacing merged = Pacing.NONE;
    if (pacing != null) {
      for (int k = selectionStart(s); k < selectionEnd(s); k++) {
        merged = merged.stricter(pacing[data[selectionGroupsAt + k]]);
      }
    }
    return merged;
  }

  /** The written rules of selection {@code s}'s groups, in file order. */
  List<Rule> rules(int s, RuleTable rules) {
    List<Rule> out = new ArrayList<>();
    for (int k = selectionStart(s); k < selectionEnd(s); k++) {
      addRules(data[selectionGroupsAt + k], rules, out);
    }
    return out;
  }

  /** The groups as views, in file order. */
  List<Group> groups(RuleTable rules) {
    List<Group> out = new ArrayList<>(groups);
    for (int g = 0; g < groups; g++) {
      List<String> values = new ArrayList<>();
      Set<String> groupNames = new LinkedHashSet<>();
      for (int a = data[agentStartAt + g]; a < data[agentStartAt + g + 1]; a++) {
        String value = strings.text(agentBase + a);
        values.add(value);
        if (!UserAgents.isGlobal(value)) {
          groupNames.add(UserAgents.groupName(value));
        }
      }
      List<Rule> groupRules = new ArrayList<>();
      addRules(g, rules, groupRules);
      int line = data[lineAt + g];
      out.add(
          new Group(
              Math.abs(line),
              values,
              groupNames,
              line < 0,
              groupRules,
              pacing == null ? Pacing.NONE : pacing[g]));
    }
    return out;
  }

  /** The lower-case group names, in the order first written. */
  Set<String> names() {
    Set<String> out = new LinkedHashSet<>();
    for (int n = 0; n < names; n++) {
      out.add(strings.text(nameBase + n));
    }
    return out;
  }

  /** This table's own size; the shared strings are counted by their owner. */
  long estimatedBytes() {
    long bytes =
        HeapSizes.object(13L * Integer.BYTES + 3L * HeapSizes.REFERENCE)
            + HeapSizes.array(data.length, Integer.BYTES);
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

  private int ruleStart(int g) {
    return data[g];
  }

  private int ruleEnd(int g) {
    return data[g + 1];
  }

  private int selectionStart(int s) {
    return data[selectionStartAt + s];
  }

  private int selectionEnd(int s) {
    return data[selectionStartAt + s + 1];
  }

  /** Adds group {@code g}'s written rules (not those the profile implied) to {@code out}. */
  private void addRules(int g, RuleTable rules, List<Rule> out) {
    for (int r = ruleStart(g); r < ruleEnd(g); r++) {
      if (!rules.isImplied(r)) {
        out.add(rules.rule(r));
      }
    }
  }

  /** Spreads a String hash's bits, since names often share a prefix. */
  private static int mix(int h) {
    return h ^ (h >>> 16);
  }

  /** What {@link #select} answers for an explicit agent that no group names. */
  static final int EXPLICIT_NO_GROUP = -1;

  /**
   * The selection for {@code agent} under {@code options}: its own token's groups, else its first
   * fallback token's, else {@link #EXPLICIT_NO_GROUP} for an explicit agent, else the global
   * selection.
   */
  int select(String agent, ParseOptions options) {
    Profile profile = options.profile();
    int selection = selectionOf(agent, profile.tokenLength(agent));
    if (selection < 0 && !options.fallbacks().isEmpty()) {
      selection = fallbackSelection(agent, options);
    }
    if (selection < 0) {
      Set<String> explicit = options.explicitAgents();
      if (!explicit.isEmpty() && explicit.contains(profile.crawlerToken(agent))) {
        return EXPLICIT_NO_GROUP;
      }
      selection = globalSelection();
    }
    return selection;
  }

  /** The selection of {@code agent}'s first fallback token that names a group, or -1. */
  int fallbackSelection(String agent, ParseOptions options) {
    for (String token : options.fallbacksOf(agent)) {
      int s = selectionOf(token, token.length());
      if (s >= 0) {
        return s;
      }
    }
    return -1;
  }
}
