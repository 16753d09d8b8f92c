package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One group of a robots.txt: its {@code user-agent} lines and the records that follow them
 * (SEMANTICS.md §2). A view made on demand by {@link RobotsTxt#groups()}; immutable.
 */
public final class Group {
  private final int line;
  private final List<String> userAgents;
  private final Set<String> names;
  private final boolean global;
  private final List<Rule> rules;
  private final Pacing pacing;

  Group(
      int line,
      List<String> userAgents,
      Set<String> names,
      boolean global,
      List<Rule> rules,
      Pacing pacing) {
    this.line = line;
    this.userAgents = List.copyOf(userAgents);
    this.names = Collections.unmodifiableSet(new LinkedHashSet<>(names));
    this.global = global;
    this.rules = List.copyOf(rules);
    this.pacing = pacing;
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

  /**
   * The group as a person reads it, as in {@link Explanation}'s text: its {@code user-agent}
   * values, its line and how many rules it has; control characters escaped as by {@link
   * Rule#toString()}.
   *
   * @return for example {@code User-agent: MyBot, * (line 3), 2 rules}
   */
  @Override
  public String toString() {
    return "User-agent: "
        + Printable.escape(String.join(", ", userAgents))
        + " (line "
        + line
        + "), "
        + rules.size()
        + (rules.size() == 1 ? " rule" : " rules");
  }
}
