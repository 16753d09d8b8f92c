package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.internal.match.PathScratch;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.internal.match.RuleMatcher;
import io.github.reactiverobots.robotstxt.internal.rules.PathMatcher;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageRule;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one implementation of {@link AgentRules}: the merged groups' rules compiled into a matcher,
 * or a blanket answer; as a {@link PathMatcher} it also checks a path held as UTF-8 bytes in place.
 * Immutable and thread-safe.
 */
final class CompiledRules implements AgentRules, PathMatcher {
  private static final byte[] ROOT = {'/'};
  private static final byte[] ROBOTS_TXT = "/robots.txt".getBytes(StandardCharsets.US_ASCII);
  private static final Map<Profile, CompiledRules> NO_GROUP = new EnumMap<>(Profile.class);

  /** The verdicts of rules without a crawl-delay, shared by all of them. */
  private static final Verdict NO_MATCH = Verdict.of(true, Reason.NO_MATCHING_RULE, null, null);

  private static final Verdict ITSELF = Verdict.of(true, Reason.ROBOTS_TXT_ITSELF, null, null);

  static {
    for (Profile p : Profile.values()) {
      NO_GROUP.put(
          p,
          new CompiledRules(
              p, null, -1, Pacing.NONE, Verdict.of(true, Reason.NO_GROUP_FOR_AGENT, null, null)));
    }
  }

  private final boolean normalises;
  private final boolean removesDots;
  private final boolean allowsRobotsTxtItself;

  /** Whether a URL's path is read as the cache reads it ({@link ProfilePaths#strict}). */
  private final boolean strictUrls;

  /** The file these rules come from, or null for no group and for a blanket answer. */
  private final RobotsTxt robots;

  /** The selection of {@code robots} these rules are; -1 when {@code robots} is null. */
  private final int selection;

  private final RuleMatcher matcher;
  private final Pacing pacing;
  private final Duration crawlDelay;

  /** The verdict when no rule decides: no match, no group, or the blanket answer. */
  private final Verdict unmatched;

  private final Verdict robotsTxt;

  /** The content-usage rules and signals, compiled on first ask (set racily, idempotent). */
  private volatile UsageMatcher usage;

  private CompiledRules(
      Profile profile, RobotsTxt robots, int selection, Pacing pacing, Verdict unmatched) {
    this.normalises = profile.normalisesPercentEncoding();
    this.removesDots = profile.removesDotSegments();
    this.allowsRobotsTxtItself = profile.allowsRobotsTxtItself();
    this.strictUrls = ProfilePaths.strict(profile);
    this.robots = robots;
    this.selection = selection;
    this.matcher =
        robots == null
            ? RuleMatcher.empty()
            : RuleMatcher.compile(
                robots.ruleTable().patterns, robots.groupTable().members(selection));
    this.pacing = pacing;
    this.crawlDelay = pacing.crawlDelay().orElse(null);
    this.unmatched = unmatched;
    this.robotsTxt =
        robots == null
            ? unmatched
            : crawlDelay == null
                ? ITSELF
                : Verdict.of(true, Reason.ROBOTS_TXT_ITSELF, null, crawlDelay);
  }

  /** Compiles selection {@code s} of {@code robots}, which must have a group. */
  static CompiledRules compile(RobotsTxt robots, int s) {
    Pacing pacing = robots.groupTable().pacing(s);
    Verdict unmatched =
        pacing.crawlDelay().isEmpty()
            ? NO_MATCH
            : Verdict.of(true, Reason.NO_MATCHING_RULE, null, pacing.crawlDelay().get());
    return new CompiledRules(robots.options().profile(), robots, s, pacing, unmatched);
  }

  /** The rules of a crawler no group applies to: every path allowed. */
  static CompiledRules noGroup(Profile profile) {
    return NO_GROUP.get(profile);
  }

  /**
   * One answer for every path and crawler, given when robots.txt could not be used (SEMANTICS.md
   * §6): allow all when it was unavailable, disallow all when unreachable.
   *
   * @param allowed whether every path is allowed
   * @param reason why: one of the {@code ROBOTS_*} reasons
   * @return rules answering {@code allowed} for {@code reason} whatever the path
   * @throws IllegalArgumentException if {@code reason} is not a blanket reason
   */
  static CompiledRules blanket(boolean allowed, Reason reason) {
    if (!reason.isBlanket()) {
      throw new IllegalArgumentException(reason + " is not a blanket reason");
    }
    return new CompiledRules(
        Profile.RFC_9309, null, -1, Pacing.NONE, Verdict.of(allowed, reason, null, null));
  }

  @Override
  public Verdict check(String pathAndQuery) {
    if (robots == null) {
      return unmatched;
    }
    byte[] path = pathAndQuery.getBytes(StandardCharsets.UTF_8);
    return check(path, 0, path.length);
  }

  @Override
  public Verdict checkUrl(String url) {
    Objects.requireNonNull(url, "url");
    return ProfilePaths.atPath(strictUrls, this, url, CompiledRules::check);
  }

  /**
   * Checks the path with params and query held as UTF-8 bytes in {@code utf8[from, to)}, as {@link
   * #check(String)} does; the bytes are read in place, never kept or changed.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @return the verdict
   */
  Verdict check(byte[] utf8, int from, int to) {
    return check(utf8, from, to, null);
  }

  @Override
  public Verdict check(byte[] utf8, int from, int to, OriginState originState) {
    int decided = decide(utf8, from, to);
    if (decided >= 0) {
      Rule rule = robots.ruleTable().rule(decided);
      Reason reason = rule.allow() ? Reason.MATCHED_ALLOW : Reason.MATCHED_DISALLOW;
      return Verdict.of(rule.allow(), reason, rule, crawlDelay, originState);
    }
    Verdict fixed = decided == ROBOTS_TXT_ITSELF ? robotsTxt : unmatched;
    return originState == null ? fixed : fixed.withOriginState(originState);
  }

  @Override
  public boolean allowed(byte[] utf8, int from, int to) {
    int decided = decide(utf8, from, to);
    if (decided >= 0) {
      return robots.ruleTable().patterns.allows(decided);
    }
    return unmatched.allowed();
  }

  /** Returned by {@link #decide} when the path is {@code /robots.txt} itself. */
  private static final int ROBOTS_TXT_ITSELF = -2;

  /**
   * The rule that decides the path: its index, -1 when none does, or {@link #ROBOTS_TXT_ITSELF}.
   */
  private int decide(byte[] utf8, int from, int to) {
    if (robots == null) {
      return -1;
    }
    byte[] path = utf8;
    int start = from;
    int end = to;
    if (start == end) {
      path = ROOT;
      start = 0;
      end = ROOT.length;
    } else if (!PercentEncoding.isMatchedAsIs(path, start, end, normalises, removesDots)) {
      path = PathScratch.matchedAs(utf8, from, to, normalises, removesDots);
      if (path != utf8) {
        start = 0;
        end = PathScratch.length();
      }
    }
    if (allowsRobotsTxtItself
        && Arrays.equals(path, start, end, ROBOTS_TXT, 0, ROBOTS_TXT.length)) {
      return ROBOTS_TXT_ITSELF;
    }
    return matcher.match(path, start, end);
  }

  @Override
  public Usage usage(String pathAndQuery) {
    byte[] path = pathAndQuery.getBytes(StandardCharsets.UTF_8);
    return usage(path, 0, path.length, null);
  }

  @Override
  public Usage usage(byte[] utf8, int from, int to, OriginState originState) {
    Verdict verdict = check(utf8, from, to, originState);
    UsageMatcher compiled = usageMatcher();
    if (!verdict.allowed() || !compiled.hasRules()) {
      return compiled.unstated(verdict);
    }
    if (from == to) {
      return compiled.usage(verdict, ROOT, 0, ROOT.length);
    }
    if (PercentEncoding.isMatchedAsIs(utf8, from, to, normalises, removesDots)) {
      return compiled.usage(verdict, utf8, from, to);
    }
    byte[] path = PercentEncoding.normalisedPath(utf8, from, to, normalises, removesDots);
    return compiled.usage(verdict, path, 0, path.length);
  }

  @Override
  public List<UsageRule> usageRules() {
    return robots == null
        ? List.of()
        : robots.usageTable().rules(robots.groupTable().groups(selection));
  }

  @Override
  public ContentSignals contentSignals() {
    return robots == null
        ? ContentSignals.NONE
        : robots.usageTable().signals(robots.groupTable().groups(selection));
  }

  private UsageMatcher usageMatcher() {
    UsageMatcher compiled = usage;
    if (compiled == null) {
      compiled =
          robots == null
              ? UsageMatcher.NONE
              : UsageMatcher.compile(robots.usageTable(), robots.groupTable().groups(selection));
      usage = compiled;
    }
    return compiled;
  }

  @Override
  public boolean hasGroup() {
    return robots != null;
  }

  @Override
  public List<Rule> rules() {
    return robots == null ? List.of() : robots.groupTable().rules(selection, robots.ruleTable());
  }

  @Override
  public Pacing pacing() {
    return pacing;
  }

  @Override
  public Optional<Duration> crawlDelay() {
    return pacing.crawlDelay();
  }

  @Override
  public Optional<RequestRate> requestRate() {
    return pacing.requestRate();
  }

  @Override
  public Optional<VisitTime> visitTime() {
    return pacing.visitTime();
  }

  /**
   * The retained heap size of what compiling added: this object and its matchers (the usage matcher
   * once asked for).
   */
  long estimatedBytes() {
    UsageMatcher compiled = usage;
    return HeapSizes.object(8L * HeapSizes.REFERENCE + 4 + Integer.BYTES)
        + matcher.estimatedBytes()
        + (unmatched == NO_MATCH ? 0 : 2 * VERDICT_BYTES)
        + (compiled == null ? 0 : compiled.estimatedBytes());
  }

  /** A Verdict object: the rules keep two of their own when they have a crawl-delay. */
  private static final long VERDICT_BYTES = 32;
}
