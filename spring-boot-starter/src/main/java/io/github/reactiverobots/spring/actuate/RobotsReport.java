package io.github.reactiverobots.spring.actuate;

import io.github.reactiverobots.core.RobotsRules;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the {@code robots} endpoint reports for one origin, as JSON: times as ISO-8601 instants,
 * durations as ISO-8601 durations, enum values by name. Immutable.
 *
 * @param origin the origin
 * @param agent the agent the verdict and the pacing are for
 * @param cached whether the cache held the origin (when false, the other parts are null)
 * @param state how the origin's robots.txt was obtained and until when it is kept
 * @param verdict the verdict for the URL asked about
 * @param rules the robots.txt in use, or null for a blanket answer (allow-all or disallow-all)
 * @param usage how the agent may use what it fetches at the URL, as the robots.txt says
 *     (SEMANTICS.md §8: its {@code Content-Usage} and {@code Content-Signal} records and licences;
 *     the origin's {@code tdmrep.json} is not fetched for a report)
 */
public record RobotsReport(
    String origin,
    String agent,
    boolean cached,
    @Nullable State state,
    @Nullable Decision verdict,
    @Nullable Rules rules,
    @Nullable UsageReport usage) {
  /** The most rules a report lists; the others are counted in {@link Rules#rulesOmitted()}. */
  public static final int MAX_RULES = 1000;

  static RobotsReport notCached(Origin origin, String agent) {
    return new RobotsReport(origin.toString(), agent, false, null, null, null, null);
  }

  static RobotsReport of(String url, String agent, RobotsRules rules) {
    Verdict v = rules.check(url, agent);
    Decision decision =
        new Decision(
            url,
            v.allowed(),
            v.reason().name(),
            v.rule().map(RuleLine::of).orElse(null),
            iso(v.crawlDelay().orElse(null)));
    return new RobotsReport(
        rules.origin().toString(),
        agent,
        true,
        State.of(rules.state()),
        decision,
        rules.robotsTxt().map(Rules::of).orElse(null),
        UsageReport.of(UsageAnswer.of(rules.usage(url, agent), rules.licenses())));
  }

  /**
   * The usage answer for the URL.
   *
   * @param uses per use ({@code tdm}, {@code train-ai}, {@code ai-use}, {@code search}) its answer
   *     and the source that decided it
   * @param licenses the licence URLs that apply
   */
  public record UsageReport(List<UseLine> uses, List<String> licenses) {
    static UsageReport of(UsageAnswer answer) {
      return new UsageReport(
          answer.decisions().stream()
              .map(d -> new UseLine(d.use().label(), d.answer(), d.source().name(), d.line()))
              .toList(),
          answer.licenses().stream().map(UsageAnswer.License::url).toList());
    }
  }

  /**
   * One use's answer.
   *
   * @param use the use's label
   * @param answer {@code allowed}, {@code reserved} or {@code unknown}
   * @param source what decided it ({@code CONTENT_USAGE}, {@code CONTENT_SIGNAL}, ..., {@code
   *     NONE})
   * @param line the robots.txt line that decided it, or 0
   */
  public record UseLine(String use, String answer, String source, int line) {}

  private static @Nullable String iso(@Nullable Duration d) {
    return d == null ? null : d.toString();
  }

  /**
   * The state of the origin's robots.txt.
   *
   * @param outcome how the rules in use were obtained ({@code OK}, {@code UNAVAILABLE}, {@code
   *     UNREACHABLE}, ...; for a stale copy, the outcome of the latest attempt)
   * @param status the HTTP status of the latest attempt, or 0 when it got no response
   * @param failure why the latest attempt got no response ({@code DNS}, {@code TIMEOUT}, ...), or
   *     null
   * @param fetchedAt when the latest attempt finished
   * @param expiresAt until when this state is kept before the next attempt
   * @param staleCopy whether a previously fetched good copy answers in place of the latest
   *     attempt's
   */
  public record State(
      String outcome,
      int status,
      @Nullable String failure,
      String fetchedAt,
      String expiresAt,
      boolean staleCopy) {
    static State of(OriginState s) {
      return new State(
          s.outcome().name(),
          s.status(),
          s.failure() == null ? null : s.failure().name(),
          s.fetchedAt().toString(),
          s.expiresAt().toString(),
          s.staleCopy());
    }
  }

  /**
   * The verdict for a URL.
   *
   * @param url the URL as asked
   * @param allowed whether the agent may fetch it
   * @param reason why ({@code MATCHED_DISALLOW}, {@code NO_MATCHING_RULE}, ...)
   * @param rule the deciding rule, or null
   * @param crawlDelay the agent's crawl-delay, or null
   */
  public record Decision(
      String url,
      boolean allowed,
      String reason,
      @Nullable RuleLine rule,
      @Nullable String crawlDelay) {}

  /**
   * One {@code allow} or {@code disallow} rule.
   *
   * @param directive {@code allow} or {@code disallow}
   * @param pattern the path pattern as written
   * @param line its 1-based line number in robots.txt
   */
  public record RuleLine(String directive, String pattern, int line) {
    static RuleLine of(Rule rule) {
      return new RuleLine(rule.allow() ? "allow" : "disallow", rule.pattern(), rule.line());
    }
  }

  /**
   * The robots.txt in use.
   *
   * @param groups its groups in file order
   * @param sitemaps its sitemap URLs
   * @param lines its number of lines
   * @param truncated whether the body was cut at the parse limit
   * @param rulesOmitted rules left out of {@code groups} past {@link #MAX_RULES}
   */
  public record Rules(
      List<GroupRules> groups,
      List<String> sitemaps,
      int lines,
      boolean truncated,
      int rulesOmitted) {
    static Rules of(RobotsTxt txt) {
      List<GroupRules> groups = new ArrayList<>();
      int room = MAX_RULES;
      int omitted = 0;
      for (Group g : txt.groups()) {
        List<Rule> rules = g.rules();
        int listed = Math.min(room, rules.size());
        room -= listed;
        omitted += rules.size() - listed;
        groups.add(GroupRules.of(g, rules.subList(0, listed)));
      }
      return new Rules(groups, txt.sitemaps(), txt.lines(), txt.truncated(), omitted);
    }
  }

  /**
   * One group: its {@code user-agent} lines, rules and pacing records.
   *
   * @param line the line of its first {@code user-agent}
   * @param userAgents the {@code user-agent} values as written
   * @param rules its rules in file order
   * @param crawlDelay its {@code crawl-delay}, or null
   * @param requestRate its {@code request-rate} as requests per duration (such as {@code 1/PT10S}),
   *     or null
   * @param visitTime its {@code visit-time} window in UTC (such as {@code 06:00-08:45}), or null
   */
  public record GroupRules(
      int line,
      List<String> userAgents,
      List<RuleLine> rules,
      @Nullable String crawlDelay,
      @Nullable String requestRate,
      @Nullable String visitTime) {
    static GroupRules of(Group g, List<Rule> rules) {
      Pacing p = g.pacing();
      return new GroupRules(
          g.line(),
          g.userAgents(),
          rules.stream().map(RuleLine::of).toList(),
          iso(p.crawlDelay().orElse(null)),
          p.requestRate().map(r -> r.requests() + "/" + r.period()).orElse(null),
          p.visitTime().map(w -> w.from() + "-" + w.to()).orElse(null));
    }
  }
}
