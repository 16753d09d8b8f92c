package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.Explanation;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import io.github.reactiverobots.robotstxt.usage.UsageDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** What the tester says about one agent and URL, beyond the verdict. Stateless. */
final class Answers {
  private Answers() {}

  /**
   * The {@code content-usage} lines (one per category) when the agent's groups have usage rules,
   * then one {@code content-signal} line per signal they give; nothing when the file says nothing
   * about usage.
   */
  static List<String> usageLines(RobotsTxt robots, String url, String agent) {
    List<String> out = new ArrayList<>();
    AgentRules rules = robots.forAgent(agent);
    if (!rules.usageRules().isEmpty()) {
      try {
        Usage usage = robots.usage(url, agent);
        for (UsageDecision d : usage.decisions()) {
          out.add(
              "content-usage "
                  + (usage.applies()
                      ? d.toString()
                      : d.category().label() + "=n/a (not fetchable)"));
        }
      } catch (IllegalStateException e) {
        out.add("content-usage not read: " + Text.printable(e.getMessage()));
      }
    }
    ContentSignals signals = rules.contentSignals();
    for (ContentSignal s : ContentSignal.values()) {
      Preference p = signals.preference(s);
      if (p != Preference.UNKNOWN) {
        out.add(
            "content-signal "
                + s.label()
                + "="
                + (p == Preference.ALLOW ? "yes" : "no")
                + " (line "
                + signals.line(s).orElse(0)
                + ")");
      }
    }
    return out;
  }

  /**
   * The one usage answer robots.txt gives (SEMANTICS.md §8, no TDMRep: the tester reads no {@code
   * tdmrep.json}): one {@code usage} line per use when any use is decided, then one {@code license}
   * line per {@code License:} record; nothing when neither.
   */
  static List<String> answerLines(RobotsTxt robots, String url, String agent) {
    List<String> out = new ArrayList<>();
    UsageAnswer answer = usageAnswer(robots, url, agent);
    if (answer == null) {
      return out;
    }
    if (answer.decisions().stream().anyMatch(d -> d.preference() != Preference.UNKNOWN)) {
      answer.decisions().forEach(d -> out.add("usage " + Text.printable(d.toString())));
    }
    for (UsageAnswer.License l : answer.licenses()) {
      out.add("license " + Text.printable(l.url()));
    }
    return out;
  }

  /** The usage answer robots.txt gives, or null when usage cannot be read or the URL is refused. */
  static UsageAnswer usageAnswer(RobotsTxt robots, String url, String agent) {
    try {
      return UsageAnswer.of(robots.usage(url, agent), robots.licenses());
    } catch (IllegalStateException | IllegalArgumentException e) {
      return null;
    }
  }

  /** The lines that start with {@code prefix}, without it. */
  static List<String> withoutPrefix(List<String> lines, String prefix) {
    return lines.stream()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.substring(prefix.length()))
        .toList();
  }

  /** Why the cache would refuse {@code agent}, when it would. */
  static Optional<String> agentRefusal(String agent) {
    try {
      CrawlerIdentity.requireCrawlerToken(agent);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(Text.printable(e.getMessage()));
    }
  }

  /** Why the cache would refuse {@code url}, when it would. */
  static Optional<String> urlRefusal(String url) {
    try {
      Origin.of(url);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(Text.printable(e.getMessage()));
    }
  }

  /**
   * The explanation as tab-separated lines ({@code groups}, {@code path}, ...), then one {@code
   * rule} line per rule of the chosen groups: its line, the rule as written and its pattern as the
   * profile matches it.
   */
  static List<String> explainLines(RobotsTxt robots, Explanation e) {
    List<String> out = new ArrayList<>();
    out.add(
        "product-token\t"
            + (CrawlerIdentity.isProductToken(e.agent()) ? "yes" : "no")
            + "\t"
            + Text.printable(e.agent()));
    out.add("chain\t" + Text.printable(String.join(" > ", e.chain())));
    out.add("groups\t" + groupLines(e.groups()) + "\t" + e.why());
    out.add("path\t" + Text.printable(e.path()));
    out.add("deciding\t" + e.decidingRule().map(Object::toString).orElse("none"));
    out.add("runner-up\t" + e.runnerUpRule().map(Object::toString).orElse("none"));
    out.add("tie-break\t" + e.tieBreak());
    for (Group g : e.groups()) {
      for (Rule r : g.rules()) {
        out.add(
            "rule\tline "
                + r.line()
                + "\t"
                + (r.allow() ? "allow" : "disallow")
                + "\t"
                + Text.printable(r.pattern())
                + "\tmatched-as "
                + robots.patternAsMatched(r));
      }
    }
    return out;
  }

  static String groupLines(List<Group> groups) {
    return groups.isEmpty()
        ? "none"
        : groups.stream().map(g -> "line " + g.line()).collect(Collectors.joining(","));
  }
}
