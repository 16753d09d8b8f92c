package io.github.reactiverobots.core.parse;

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

  Group(int line, List<String> userAgents, Set<String> names, boolean global, List<Rule> rules,
      List<String> patternBytes, Pacing pacing) {
    this.line = line;
    this.userAgents = List.copyOf(userAgents);
    this.names = Set.copyOf(names);
    this.global = global;
    this.rules = List.copyOf(rules);
    this.patternBytes = List.copyOf(patternBytes);
    this.pacing = pacing;
  }

  /** The line of the group's first {@code user-agent}. */
  public int line() {
    return line;
  }

  /** The {@code user-agent} values as written. */
  public List<String> userAgents() {
    return userAgents;
  }

  /** The lower-case product names the group is selected by (empty-string names included). */
  public Set<String> names() {
    return names;
  }

  /** Whether one of its {@code user-agent} lines is {@code *}. */
  public boolean isGlobal() {
    return global;
  }

  /** Its allow and disallow rules in order (rules with an empty value add none). */
  public List<Rule> rules() {
    return rules;
  }

  /** The most restrictive {@code crawl-delay}, {@code request-rate} and {@code visit-time}. */
  public Pacing pacing() {
    return pacing;
  }
}
