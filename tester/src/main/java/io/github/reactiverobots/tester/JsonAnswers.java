package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.Explanation;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import java.util.List;
import java.util.Locale;

/**
 * The tester's answers as JSON fields, shared by the commands' {@code --json} and the page, so that
 * both name each value alike. Each method writes fields into an object the caller has begun. Values
 * are written as they are (JSON escapes every control character), not made printable. Stateless.
 */
final class JsonAnswers {
  /** The most rules and groups listed in one explanation; a count says how many there are. */
  static final int MAX_LISTED = 20;

  private JsonAnswers() {}

  /** {@code allowed}, {@code verdict}, {@code reason} (words), {@code reasonCode}, the rule. */
  static Json verdict(Json json, Verdict v) {
    return json.field("allowed", v.allowed())
        .field("verdict", Diff.word(v.allowed()))
        .field("reason", Text.reason(v))
        .field("reasonCode", Text.reasonCode(v))
        .field("rule", v.rule().map(Rule::toString).orElse(null))
        .field("ruleLine", v.rule().map(Rule::line).orElse(0));
  }

  /**
   * The explanation beyond the verdict: how the groups were chosen and why, the path as matched,
   * the runner-up, the tie-break, the chosen groups' lines and the matching rules (at most {@link
   * #MAX_LISTED} of each, with their counts).
   */
  static Json explanation(Json json, Explanation e) {
    json.field("selection", e.selection().name().toLowerCase(Locale.ROOT))
        .field("selectedBy", e.selectedBy())
        .field("why", e.why())
        .field("path", e.path())
        .field("runnerUp", e.runnerUpRule().map(Rule::toString).orElse(null))
        .field("runnerUpLine", e.runnerUpRule().map(Rule::line).orElse(0))
        .field("tieBreak", e.tieBreak());
    json.key("groups").beginArray();
    e.groups().stream().limit(MAX_LISTED).forEach(g -> json.value(g.line()));
    json.endArray().field("groupCount", e.groups().size());
    json.strings("matches", e.matches().stream().limit(MAX_LISTED).map(Rule::toString).toList());
    return json.field("matchCount", e.matches().size());
  }

  /**
   * What {@code check --explain} adds: whether the agent is a product token, the chain of tokens
   * tried, and each rule of the chosen groups with its pattern as the profile matches it.
   */
  static Json explainRules(Json json, RobotsTxt robots, Explanation e) {
    json.field("productToken", CrawlerIdentity.isProductToken(e.agent()))
        .strings("chain", e.chain());
    json.key("rules").beginArray();
    for (Group g : e.groups()) {
      for (Rule r : g.rules()) {
        json.begin()
            .field("line", r.line())
            .field("allow", r.allow())
            .field("pattern", r.pattern())
            .field("matchedAs", robots.patternAsMatched(r))
            .end();
      }
    }
    return json.endArray();
  }

  /** {@code content-usage} and {@code content-signal} answers, without their line prefixes. */
  static Json usage(Json json, RobotsTxt robots, String url, String agent) {
    List<String> lines = Answers.usageLines(robots, url, agent);
    return json.strings("usage", Answers.withoutPrefix(lines, "content-usage "))
        .strings("signals", Answers.withoutPrefix(lines, "content-signal "));
  }

  /**
   * The one usage answer robots.txt gives: {@code usageAnswer}, one object per use ({@code use},
   * {@code answer}, {@code source}, {@code line}; empty when usage cannot be read), and {@code
   * licenses} ({@code url}, {@code source}).
   */
  static Json usageAnswer(Json json, RobotsTxt robots, String url, String agent) {
    UsageAnswer answer = Answers.usageAnswer(robots, url, agent);
    json.key("usageAnswer").beginArray();
    for (UsageAnswer.Decision d :
        answer == null ? List.<UsageAnswer.Decision>of() : answer.decisions()) {
      json.begin()
          .field("use", d.use().label())
          .field("answer", d.answer())
          .field("source", Text.source(d.source()))
          .field("line", d.line())
          .end();
    }
    json.endArray().key("licenses").beginArray();
    for (UsageAnswer.License l :
        answer == null ? List.<UsageAnswer.License>of() : answer.licenses()) {
      json.begin().field("url", l.url()).field("source", Text.source(l.source())).end();
    }
    return json.endArray();
  }

  /** The findings as an array value, at most {@code max} of them. */
  static Json findings(Json json, List<Lints.Finding> findings, int max) {
    json.beginArray();
    for (Lints.Finding f : findings.subList(0, Math.min(findings.size(), max))) {
      json.begin()
          .field("line", f.line())
          .field("column", f.column())
          .field("severity", f.severity())
          .field("code", f.code())
          .field("message", f.message())
          .end();
    }
    return json.endArray();
  }

  /** The diff: agents and URLs compared, flips, sitemaps added and removed, other changes. */
  static Json diff(Json json, Diff diff) {
    json.strings("agents", diff.agents()).strings("urls", diff.urls());
    json.key("flips").beginArray();
    for (Diff.Flip f : diff.flips()) {
      json.begin()
          .field("agent", f.agent())
          .field("url", f.url())
          .field("was", Diff.word(f.wasAllowed()))
          .field("now", Diff.word(f.allowed()))
          .field("oldRule", f.oldRule())
          .field("newRule", f.newRule())
          .end();
    }
    json.endArray();
    json.strings("sitemapsAdded", diff.sitemapsAdded())
        .strings("sitemapsRemoved", diff.sitemapsRemoved());
    json.key("changes").beginArray();
    for (Diff.Change c : diff.changes()) {
      json.begin()
          .field("kind", c.kind())
          .field("agent", c.agent())
          .field("was", c.was())
          .field("now", c.now())
          .end();
    }
    return json.endArray().field("checked", (long) diff.agents().size() * diff.urls().size());
  }
}
