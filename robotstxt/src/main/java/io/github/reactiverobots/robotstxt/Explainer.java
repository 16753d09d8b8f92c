package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.Explanation.Selection;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.internal.match.PatternTable;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.internal.match.RuleMatcher;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** Builds an {@link Explanation}: the selection as {@link RobotsTxt#forAgent} makes it. */
final class Explainer {
  private Explainer() {}

  static Explanation explain(RobotsTxt robots, String url, String agent) {
    ParseOptions options = robots.options();
    Profile profile = options.profile();
    GroupTable table = robots.groupTable();
    String token = profile.crawlerToken(agent);
    List<String> chain = new ArrayList<>();
    chain.add(token);
    chain.addAll(options.fallbacksOf(agent));
    Selection how;
    String by;
    int selection = table.selectionOf(agent, profile.tokenLength(agent));
    if (selection >= 0) {
      how = Selection.OWN_TOKEN;
      by = token;
    } else {
      selection = robots.fallbackSelection(agent);
      by = selection < 0 ? null : firstNamed(table, chain);
      how = Selection.FALLBACK;
      if (selection < 0) {
        if (options.explicitAgents().contains(token)) {
          how = Selection.EXPLICIT_NO_GROUP;
        } else {
          selection = table.globalSelection();
          how = table.hasGroups(selection) ? Selection.GLOBAL : Selection.NO_GROUP;
          by = how == Selection.GLOBAL ? "*" : null;
        }
      }
    }
    List<Group> all = robots.groups();
    List<Group> chosen = new ArrayList<>();
    int[] members = new int[0];
    if (selection >= 0 && how != Selection.EXPLICIT_NO_GROUP && how != Selection.NO_GROUP) {
      for (int g : table.groups(selection)) {
        chosen.add(all.get(g));
      }
      members = table.members(selection);
    }
    byte[] path = matchedPath(url, profile);
    Verdict verdict = robots.check(url, agent);
    RuleTable rules = robots.ruleTable();
    PatternTable patterns = rules.patterns;
    List<Integer> matching = new ArrayList<>();
    for (int m : members) {
      if (RuleMatcher.compile(patterns, new int[] {m}).match(path, 0, path.length) == m) {
        matching.add(m);
      }
    }
    matching.sort(
        Comparator.<Integer>comparingInt(patterns::priority)
            .reversed()
            .thenComparing(m -> patterns.allows(m) ? 0 : 1)
            .thenComparingInt(rules::line));
    List<Rule> ranked = matching.stream().map(rules::rule).toList();
    Rule decider = verdict.rule().orElse(null);
    Integer deciding = null;
    for (int m : matching) {
      if (decider != null && rules.rule(m).equals(decider)) {
        deciding = m;
        break;
      }
    }
    Integer runner = null;
    for (int m : matching) {
      if (deciding != null && m != deciding && patterns.allows(m) != patterns.allows(deciding)) {
        runner = m;
        break;
      }
    }
    if (runner == null) {
      for (int m : matching) {
        if (deciding == null || m != deciding) {
          runner = m;
          break;
        }
      }
    }
    String pathText = PercentEncoding.pathText(path);
    return new Explanation(
        agent,
        chain,
        how,
        by,
        chosen,
        why(how, chain, by, chosen),
        pathText,
        verdict,
        ranked,
        runner == null ? null : rules.rule(runner),
        tieBreak(verdict, patterns, deciding, runner));
  }

  /** The path as {@link AgentRules} matches it: lenient, then normalised; empty is {@code /}. */
  private static byte[] matchedPath(String url, Profile profile) {
    byte[] path = LenientPaths.pathParamsQuery(url).getBytes(StandardCharsets.UTF_8);
    if (path.length == 0) {
      return new byte[] {'/'};
    }
    boolean normalises = profile.normalisesPercentEncoding();
    boolean dots = profile.removesDotSegments();
    return PercentEncoding.isMatchedAsIs(path, 0, path.length, normalises, dots)
        ? path
        : PercentEncoding.normalisedPath(path, 0, path.length, normalises, dots);
  }

  private static String firstNamed(GroupTable table, List<String> chain) {
    for (int i = 1; i < chain.size(); i++) {
      if (table.selectionOf(chain.get(i), chain.get(i).length()) >= 0) {
        return chain.get(i);
      }
    }
    return null;
  }

  private static String why(Selection how, List<String> chain, String by, List<Group> groups) {
    String lines =
        groups.stream().map(g -> String.valueOf(g.line())).collect(Collectors.joining(", "));
    String plural =
        groups.size() == 1
            ? "the group at line " + lines
            : groups.size() + " groups (lines " + lines + "), merged,";
    String tried =
        chain
            .subList(0, Math.max(1, chain.indexOf(by) < 0 ? chain.size() : chain.indexOf(by)))
            .stream()
            .map(t -> "'" + t + "'")
            .collect(Collectors.joining(", "));
    return switch (how) {
      case OWN_TOKEN ->
          plural
              + " named '"
              + by
              + "' "
              + (groups.size() == 1 ? "applies" : "apply")
              + ": the agent's own token";
      case FALLBACK -> "no group names " + tried + "; the fallback '" + by + "' selects " + plural;
      case GLOBAL ->
          "no group names "
              + tried
              + "; "
              + plural
              + " for '*' "
              + (groups.size() == 1 ? "applies" : "apply");
      case EXPLICIT_NO_GROUP ->
          "no group names "
              + tried
              + ", an explicit agent that never"
              + " falls back to '*': every path is allowed";
      case NO_GROUP ->
          "no group names " + tried + " and there is no '*' group: every path is" + " allowed";
    };
  }

  private static String tieBreak(
      Verdict verdict, PatternTable patterns, Integer deciding, Integer runner) {
    if (deciding == null) {
      return switch (verdict.reason()) {
        case ROBOTS_TXT_ITSELF -> "/robots.txt itself is always allowed";
        case NO_MATCHING_RULE -> "no rule matches the path: allowed";
        default -> "no rule decides: " + verdict.reason().name().toLowerCase(java.util.Locale.ROOT);
      };
    }
    if (runner == null) {
      return "the only matching rule";
    }
    int a = patterns.priority(deciding);
    int b = patterns.priority(runner);
    if (a > b) {
      return "the longest match wins: " + a + " octets against " + b;
    }
    if (patterns.allows(deciding) != patterns.allows(runner)) {
      return "same length (" + a + " octets): allow wins a tie";
    }
    return "same length and answer (" + a + " octets): either decides the same";
  }
}
