package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.aipref.UsageBits;
import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.internal.match.PatternTable;
import io.github.reactiverobots.robotstxt.internal.match.RuleMatcher;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import io.github.reactiverobots.robotstxt.usage.UsageDecision;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code content-usage} rules of one crawler's groups compiled into a {@link RuleMatcher}
 * (longest match, as allow and disallow; SEMANTICS.md §8), with the groups' content signals. Rules
 * with the same normalised path combine most restrictively: each such rule maps to the combined
 * statement and, per category, the first rule that stated the winning preference, so whichever of
 * them the matcher answers gives the same result. A check costs what an allow / disallow check
 * costs, whatever the number of rules. Immutable and thread-safe.
 */
final class UsageMatcher {
  private static final UsageCategory[] CATEGORIES = UsageCategory.values();
  static final UsageMatcher NONE =
      new UsageMatcher(
          null, RuleMatcher.empty(), new int[0], new int[0], new int[0], ContentSignals.NONE);

  private final UsageTable table;
  private final RuleMatcher matcher;

  /** The rules sharing their path with another, ascending. */
  private final int[] combinedRules;

  /** Per such rule, the combined statement. */
  private final int[] combinedBits;

  /** Per such rule, per category, the deciding rule. */
  private final int[] combinedDeciders;

  private final ContentSignals signals;

  private UsageMatcher(
      UsageTable table,
      RuleMatcher matcher,
      int[] combinedRules,
      int[] combinedBits,
      int[] combinedDeciders,
      ContentSignals signals) {
    this.table = table;
    this.matcher = matcher;
    this.combinedRules = combinedRules;
    this.combinedBits = combinedBits;
    this.combinedDeciders = combinedDeciders;
    this.signals = signals;
  }

  /** Compiles the rules of {@code groups}. */
  static UsageMatcher compile(UsageTable table, int[] groups) {
    int[] members = table.members(groups);
    ContentSignals signals = table.signals(groups);
    if (members.length == 0) {
      return signals.isEmpty()
          ? NONE
          : new UsageMatcher(
              null, RuleMatcher.empty(), new int[0], new int[0], new int[0], signals);
    }
    int[] statements = table.statements();
    PatternTable patterns = table.paths.patterns;
    Map<ByteBuffer, List<Integer>> byPath = new HashMap<>();
    for (int m : members) {
      byPath
          .computeIfAbsent(ByteBuffer.wrap(patterns.reproduced(m)), k -> new ArrayList<>(1))
          .add(m);
    }
    List<int[]> shared = new ArrayList<>();
    for (List<Integer> same : byPath.values()) {
      if (same.size() > 1) {
        combine(same, statements, shared);
      }
    }
    shared.sort((a, b) -> Integer.compare(a[0], b[0]));
    int n = shared.size();
    int[] rules = new int[n];
    int[] bits = new int[n];
    int[] deciders = new int[n * CATEGORIES.length];
    for (int k = 0; k < n; k++) {
      int[] entry = shared.get(k);
      rules[k] = entry[0];
      bits[k] = entry[1];
      System.arraycopy(entry, 2, deciders, k * CATEGORIES.length, CATEGORIES.length);
    }
    return new UsageMatcher(
        table, RuleMatcher.compile(patterns, members), rules, bits, deciders, signals);
  }

  /** Adds an entry {rule, combined bits, deciders...} for each rule of {@code same}. */
  private static void combine(List<Integer> same, int[] statements, List<int[]> out) {
    int bits = UsageBits.UNKNOWN;
    for (int r : same) {
      bits = UsageBits.mostRestrictive(bits, statements[r]);
    }
    int[] deciders = new int[CATEGORIES.length];
    for (UsageCategory c : CATEGORIES) {
      Preference winner = UsageBits.get(bits, c);
      int decider = same.get(0);
      for (int r : same) {
        if (UsageBits.get(statements[r], c) == winner) {
          decider = r;
          break;
        }
      }
      deciders[c.ordinal()] = decider;
    }
    for (int r : same) {
      int[] entry = new int[2 + CATEGORIES.length];
      entry[0] = r;
      entry[1] = bits;
      System.arraycopy(deciders, 0, entry, 2, deciders.length);
      out.add(entry);
    }
  }

  /** The groups' content signals. */
  ContentSignals signals() {
    return signals;
  }

  /** Whether no rule applies: every path gets every category unknown. */
  boolean hasRules() {
    return table != null;
  }

  /** The answer for a URL {@code verdict} disallows or no rule covers. */
  Usage unstated(Verdict verdict) {
    return Usage.of(verdict, List.of(), signals);
  }

  /** The answer for the allowed, normalised path {@code path[from, to)}. */
  Usage usage(Verdict verdict, byte[] path, int from, int to) {
    int rule = matcher.match(path, from, to);
    if (rule < 0) {
      return unstated(verdict);
    }
    int shared = Arrays.binarySearch(combinedRules, rule);
    int[] statements = table.statements();
    int bits = shared >= 0 ? combinedBits[shared] : statements[rule];
    List<UsageDecision> decisions = new ArrayList<>(CATEGORIES.length);
    UsageRule matched = null;
    for (UsageCategory c : CATEGORIES) {
      int decider = shared >= 0 ? combinedDeciders[shared * CATEGORIES.length + c.ordinal()] : rule;
      UsageRule written;
      if (decider == rule) {
        matched = matched == null ? table.rule(rule) : matched;
        written = matched;
      } else {
        written = table.rule(decider);
      }
      decisions.add(new UsageDecision(c, UsageBits.get(bits, c), written));
    }
    return Usage.of(verdict, decisions, signals);
  }

  /** The retained size of what compiling added. */
  long estimatedBytes() {
    if (this == NONE) {
      return 0;
    }
    return HeapSizes.object(6L * HeapSizes.REFERENCE)
        + matcher.estimatedBytes()
        + HeapSizes.array(combinedRules.length, Integer.BYTES)
        + HeapSizes.array(combinedBits.length, Integer.BYTES)
        + HeapSizes.array(combinedDeciders.length, Integer.BYTES)
        + 256L * signals.written().size();
  }
}
