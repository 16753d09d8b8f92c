package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.Rule;
import java.util.List;
import java.util.Set;

/**
 * One group of a robots.txt: its {@code user-agent} lines and the records that follow them
 * (SEMANTICS.md §2). Immutable.
 */
public final class Group {
  private final int line;
  private final List<String> userAgents;
  private final Set<String> names;
  private final boolean global;
  private final List<Rule> rules;
  final List<String> patternBytes;
  private final Pacing pacing;

  /** {@code names} must hold no repeats. */
  Group(int line, List<String> userAgents, List<String> names, boolean global, List<Rule> rules,
      List<String> patternBytes, Pacing pacing) {
    this.line = line;
    this.userAgents = immutable(userAgents);
    this.names = distinct(names);
    this.global = global;
    this.rules = immutable(rules);
    this.patternBytes = immutable(patternBytes);
    this.pacing = pacing;
  }

  /** An immutable copy; most groups have one or two of each, which need no array copies. */
  private static <T> List<T> immutable(List<T> list) {
    return switch (list.size()) {
      case 0 -> List.of();
      case 1 -> List.of(list.get(0));
      case 2 -> List.of(list.get(0), list.get(1));
      default -> List.copyOf(list);
    };
  }

  private static Set<String> distinct(List<String> names) {
    return switch (names.size()) {
      case 0 -> Set.of();
      case 1 -> Set.of(names.get(0));
      case 2 -> Set.of(names.get(0), names.get(1));
      default -> Set.copyOf(names);
    };
  }

  /**
   * The line of the group's first {@code user-agent}.
   *
   * @return the 1-based line number
   */
  public int line() {
    return line;
  }

  /**
   * The {@code user-agent} values as written.
   *
   * @return an immutable list, in file order
   */
  public List<String> userAgents() {
    return userAgents;
  }

  /**
   * The lower-case product names the group is selected by (empty-string names included).
   *
   * @return an immutable set, without {@code *}
   */
  public Set<String> names() {
    return names;
  }

  /**
   * Whether one of its {@code user-agent} lines is {@code *}.
   *
   * @return true for a global group
   */
  public boolean isGlobal() {
    return global;
  }

  /**
   * Its allow and disallow rules in order (rules with an empty value add none).
   *
   * @return an immutable list
   */
  public List<Rule> rules() {
    return rules;
  }

  /**
   * The most restrictive {@code crawl-delay}, {@code request-rate} and {@code visit-time}.
   *
   * @return the pacing; {@link Pacing#NONE} when the group has none
   */
  public Pacing pacing() {
    return pacing;
  }
}
