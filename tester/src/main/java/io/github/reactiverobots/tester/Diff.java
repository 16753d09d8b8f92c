package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Two versions of a robots.txt compared by effect: which agent × URL verdicts flip, which sitemaps
 * come and go, whose pacing and usage answers change. Immutable.
 *
 * @param agents the agents compared
 * @param urls the URLs compared
 * @param flips the verdicts that changed
 * @param sitemapsAdded sitemaps only the new version lists
 * @param sitemapsRemoved sitemaps only the old version lists
 * @param changes pacing and usage answers that changed
 */
record Diff(
    List<String> agents,
    List<String> urls,
    List<Flip> flips,
    List<String> sitemapsAdded,
    List<String> sitemapsRemoved,
    List<Diff.Change> changes) {
  /** The agent standing for every crawler no group names (the {@code *} groups). */
  static final String ANY_OTHER = "AnyOtherBot";

  /** One verdict that changed, with the rule that decided each. */
  record Flip(
      String agent,
      String url,
      boolean wasAllowed,
      boolean allowed,
      String oldRule,
      String newRule) {
    @Override
    public String toString() {
      return "flip\t"
          + Text.printable(agent)
          + "\t"
          + Text.printable(url)
          + "\t"
          + word(wasAllowed)
          + " -> "
          + word(allowed)
          + "\t"
          + oldRule
          + " -> "
          + newRule;
    }
  }

  /**
   * One agent's pacing or usage answer that changed.
   *
   * @param kind {@code pacing} or {@code usage}
   * @param agent the agent
   * @param was the old answer, {@code none} when there was none
   * @param now the new answer, {@code none} when there is none
   */
  record Change(String kind, String agent, String was, String now) {
    @Override
    public String toString() {
      return kind
          + "\t"
          + Text.printable(agent)
          + "\t"
          + Text.printable(was)
          + " -> "
          + Text.printable(now);
    }
  }

  boolean isEmpty() {
    return flips.isEmpty()
        && sitemapsAdded.isEmpty()
        && sitemapsRemoved.isEmpty()
        && changes.isEmpty();
  }

  /** Compares with the given agents and URLs; empty lists take them from the two files. */
  static Diff of(RobotsTxt before, RobotsTxt after, List<String> agents, List<String> urls) {
    List<String> as = agents.isEmpty() ? defaultAgents(before, after) : agents;
    List<String> us = urls.isEmpty() ? defaultUrls(before, after) : urls;
    List<Flip> flips = new ArrayList<>();
    List<Change> changes = new ArrayList<>();
    for (String agent : as) {
      List<String> p0 = Text.pacing(before.forAgent(agent).pacing());
      List<String> p1 = Text.pacing(after.forAgent(agent).pacing());
      if (!p0.equals(p1)) {
        changes.add(new Change("pacing", agent, shown(p0), shown(p1)));
      }
      List<String> u0 = usage(before, agent);
      List<String> u1 = usage(after, agent);
      if (!u0.equals(u1)) {
        changes.add(new Change("usage", agent, shown(u0), shown(u1)));
      }
      for (String url : us) {
        Verdict v0 = before.check(url, agent);
        Verdict v1 = after.check(url, agent);
        if (v0.allowed() != v1.allowed()) {
          flips.add(new Flip(agent, url, v0.allowed(), v1.allowed(), rule(v0), rule(v1)));
        }
      }
    }
    List<String> added = new ArrayList<>(after.sitemaps());
    added.removeAll(before.sitemaps());
    List<String> removed = new ArrayList<>(before.sitemaps());
    removed.removeAll(after.sitemaps());
    return new Diff(as, us, flips, added, removed, changes);
  }

  /** Every group name of either file, then {@link #ANY_OTHER} for the {@code *} groups. */
  static List<String> defaultAgents(RobotsTxt a, RobotsTxt b) {
    Set<String> names = new LinkedHashSet<>();
    for (RobotsTxt r : List.of(a, b)) {
      for (Group g : r.groups()) {
        names.addAll(g.names());
      }
    }
    names.removeIf(n -> n.isEmpty());
    List<String> out = new ArrayList<>(names);
    out.add(ANY_OTHER);
    return out;
  }

  /** {@code /} and the literal start of every rule's pattern in either file. */
  static List<String> defaultUrls(RobotsTxt a, RobotsTxt b) {
    Set<String> paths = new LinkedHashSet<>();
    paths.add("/");
    for (RobotsTxt r : List.of(a, b)) {
      for (Group g : r.groups()) {
        for (Rule rule : g.rules()) {
          String p = rule.pattern();
          int cut = p.length();
          for (int i = 0; i < p.length(); i++) {
            if (p.charAt(i) == '*' || p.charAt(i) == '$') {
              cut = i;
              break;
            }
          }
          if (cut > 0 && p.charAt(0) == '/') {
            paths.add(p.substring(0, cut));
          }
        }
      }
    }
    return new ArrayList<>(paths);
  }

  private static String rule(Verdict v) {
    return v.rule().map(Rule::toString).orElse(Text.reason(v));
  }

  /** The agent's content-usage rules and content signals, without their lines. */
  private static List<String> usage(RobotsTxt robots, String agent) {
    List<String> out = new ArrayList<>();
    robots.forAgent(agent).usageRules().forEach(r -> out.add(r.toString()));
    Answers.usageLines(robots, "/", agent).stream()
        .filter(l -> l.startsWith("content-signal"))
        .forEach(out::add);
    return out.stream().map(l -> l.replaceAll(" \\(line \\d+\\)$", "")).toList();
  }

  private static String shown(List<String> parts) {
    return parts.isEmpty() ? "none" : String.join(" ", parts);
  }

  static String word(boolean allowed) {
    return allowed ? "ALLOWED" : "DISALLOWED";
  }
}
