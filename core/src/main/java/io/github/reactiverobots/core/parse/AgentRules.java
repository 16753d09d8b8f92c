package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.internal.match.PercentEncoding;
import io.github.reactiverobots.core.internal.match.RuleMatcher;
import io.github.reactiverobots.core.model.OriginState;
import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.model.Reason;
import io.github.reactiverobots.core.model.RequestRate;
import io.github.reactiverobots.core.model.Rule;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.model.VisitTime;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The merged, compiled rules of the groups that apply to one crawler in one robots.txt
 * (SEMANTICS.md §2-§4), or a blanket answer for every path when robots.txt could not be used
 * (SEMANTICS.md §6). Every {@link Verdict} the library gives is made here. Compiled once, reused
 * for every check. Immutable and thread-safe; a check allocates, when a rule decides, its verdict
 * (and a path given as a String, its bytes).
 */
public final class AgentRules {
  /** This object with its lists, verdicts and pacing. */
  private static final int SHELL_BYTES = 160;
  /** A {@link Rule} object. */
  private static final int RULE_OBJECT_BYTES = 32;
  /** A String's object and array headers. */
  private static final int STRING_BYTES = 48;
  /** A rule's share of the trie's arrays, besides its label bytes. */
  private static final int TRIE_BYTES_PER_RULE = 44;
  /** Headroom for the matcher's fixed arrays when estimating before compiling. */
  private static final int MATCHER_ESTIMATE_SLACK = 16 + 400;

  private static final byte[] ROOT = {'/'};
  private static final byte[] ROBOTS_TXT = "/robots.txt".getBytes(StandardCharsets.US_ASCII);
  private static final String INDEX_HTM = "/index.htm";
  private static final Map<Profile, AgentRules> NO_GROUP = new EnumMap<>(Profile.class);

  static {
    for (Profile p : Profile.values()) {
      NO_GROUP.put(p, new AgentRules(p, List.of()));
    }
  }

  private final Profile profile;
  private final boolean normalises;
  /** Whether paths are matched at all: false for no group and for a blanket answer. */
  private final boolean matches;
  private final boolean hasGroup;
  private final List<Rule> rules;
  private final RuleMatcher matcher;
  /** The rule each compiled pattern stands for, by pattern index. */
  private final Rule[] compiled;
  private final Pacing pacing;
  private final Duration crawlDelay;
  /** The verdict when no rule decides: no match, no group, or the blanket answer. */
  private final Verdict unmatched;
  private final Verdict robotsTxt;
  private final long estimatedBytes;

  private AgentRules(Profile profile, List<Group> groups) {
    this.profile = profile;
    this.normalises = profile.normalisesPercentEncoding();
    this.hasGroup = !groups.isEmpty();
    this.matches = hasGroup;
    Pacing merged = Pacing.NONE;
    List<Rule> all = new ArrayList<>();
    for (Group g : groups) {
      merged = merged.stricter(g.pacing());
      all.addAll(g.rules());
    }
    this.pacing = merged;
    this.crawlDelay = merged.crawlDelay().orElse(null);
    this.rules = List.copyOf(all);
    RuleMatcher.Builder b = RuleMatcher.builder();
    List<Rule> compiledRules = new ArrayList<>();
    long bytes = SHELL_BYTES;
    for (Group g : groups) {
      for (int i = 0; i < g.rules().size(); i++) {
        Rule rule = g.rules().get(i);
        String raw = g.patternBytes.get(i);
        bytes += add(b, compiledRules, rule, raw);
        if (profile.indexHtmAllowsDirectory() && rule.allow()) {
          bytes += addIndexDirectory(b, compiledRules, rule, raw);
        }
      }
    }
    this.matcher = b.build();
    this.compiled = compiledRules.toArray(new Rule[0]);
    this.unmatched = Verdict.of(true,
        hasGroup ? Reason.NO_MATCHING_RULE : Reason.NO_GROUP_FOR_AGENT, null, crawlDelay);
    this.robotsTxt = Verdict.of(true, Reason.ROBOTS_TXT_ITSELF, null, crawlDelay);
    this.estimatedBytes = bytes + matcher.estimatedBytes() + 16L + 4L * rules.size();
  }

  private AgentRules(boolean allowed, Reason reason) {
    this.profile = Profile.RFC_9309;
    this.normalises = false;
    this.matches = false;
    this.hasGroup = false;
    this.rules = List.of();
    this.matcher = RuleMatcher.empty();
    this.compiled = new Rule[0];
    this.pacing = Pacing.NONE;
    this.crawlDelay = null;
    this.unmatched = Verdict.of(allowed, reason, null, null);
    this.robotsTxt = unmatched;
    this.estimatedBytes = 0;
  }

  static AgentRules compile(Profile profile, List<Group> groups) {
    return groups.isEmpty() ? noGroup(profile) : new AgentRules(profile, groups);
  }

  /** The rules of a crawler no group applies to: every path allowed. */
  static AgentRules noGroup(Profile profile) {
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
  public static AgentRules blanket(boolean allowed, Reason reason) {
    if (!reason.isBlanket()) {
      throw new IllegalArgumentException(reason + " is not a blanket reason");
    }
    return new AgentRules(allowed, reason);
  }

  /**
   * What {@link #estimatedBytes()} comes to for {@code groups}, without compiling them: per rule
   * its Rule, pattern and share of the trie.
   */
  static long estimateBytes(List<Group> groups) {
    long bytes = SHELL_BYTES + MATCHER_ESTIMATE_SLACK;
    for (Group g : groups) {
      List<String> patterns = g.patternBytes;
      for (int i = 0; i < patterns.size(); i++) {
        bytes += ruleBytes(patterns.get(i)) + TRIE_BYTES_PER_RULE
            + (long) Character.BYTES * patterns.get(i).length();
      }
    }
    return bytes;
  }

  private long add(RuleMatcher.Builder b, List<Rule> compiledRules, Rule rule, String raw) {
    b.add(PercentEncoding.pattern(raw, normalises), rule.allow());
    compiledRules.add(rule);
    return ruleBytes(raw);
  }

  /** A compiled rule's Rule and its pattern String. */
  private static long ruleBytes(String raw) {
    return RULE_OBJECT_BYTES + STRING_BYTES + (long) Character.BYTES * raw.length();
  }

  /** {@code allow: /d/index.html} also allows {@code /d/} exactly, when the profile says so. */
  private long addIndexDirectory(RuleMatcher.Builder b, List<Rule> compiledRules, Rule rule,
      String raw) {
    int slash = raw.lastIndexOf('/');
    if (slash < 0 || !raw.startsWith(INDEX_HTM, slash)) {
      return 0;
    }
    String directory = raw.substring(0, slash + 1) + "$";
    Rule implied = new Rule(true, ByteStrings.toText(directory), rule.line());
    return add(b, compiledRules, implied, directory);
  }

  /**
   * Checks a path with params and query ({@code /a/b;p?q}); an empty path is taken as {@code /}.
   *
   * @param pathAndQuery the path, starting with {@code /}
   * @return the verdict
   */
  public Verdict check(String pathAndQuery) {
    if (!matches) {
      return unmatched;
    }
    byte[] path = pathAndQuery.getBytes(StandardCharsets.UTF_8);
    return check(path, 0, path.length);
  }

  /**
   * Checks the path with params and query held as UTF-8 bytes in {@code utf8[from, to)}, as
   * {@link #check(String)} does; the bytes are read in place, never kept or changed.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @return the verdict
   */
  public Verdict check(byte[] utf8, int from, int to) {
    return check(utf8, from, to, null);
  }

  /**
   * Like {@link #check(byte[], int, int)}, with {@code originState} attached to the verdict.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @param originState the origin's state, or null for none
   * @return the verdict
   */
  public Verdict check(byte[] utf8, int from, int to, OriginState originState) {
    Verdict fixed = unmatched;
    if (matches) {
      byte[] path = utf8;
      int start = from;
      int end = to;
      if (start == end) {
        path = ROOT;
        start = 0;
        end = ROOT.length;
      } else if (!PercentEncoding.isMatchedAsIs(path, start, end, normalises)) {
        path = PercentEncoding.normalisedPath(path, start, end, normalises);
        start = 0;
        end = path.length;
      }
      if (profile.allowsRobotsTxtItself()
          && Arrays.equals(path, start, end, ROBOTS_TXT, 0, ROBOTS_TXT.length)) {
        fixed = robotsTxt;
      } else {
        int index = matcher.match(path, start, end);
        if (index >= 0) {
          Rule decided = compiled[index];
          Reason reason = decided.allow() ? Reason.MATCHED_ALLOW : Reason.MATCHED_DISALLOW;
          return Verdict.of(decided.allow(), reason, decided, crawlDelay, originState);
        }
      }
    }
    return originState == null ? fixed : fixed.withOriginState(originState);
  }

  /**
   * Whether a group (named or {@code *}) applies to this crawler.
   *
   * @return false for no group and for a blanket answer
   */
  public boolean hasGroup() {
    return hasGroup;
  }

  /**
   * The merged allow and disallow rules, in file order.
   *
   * @return an immutable list, empty for no group and for a blanket answer
   */
  public List<Rule> rules() {
    return rules;
  }

  /**
   * The most restrictive pacing records of the merged groups.
   *
   * @return the pacing; {@link Pacing#NONE} when none is given
   */
  public Pacing pacing() {
    return pacing;
  }

  /**
   * The longest {@code crawl-delay} of the merged groups.
   *
   * @return the crawl-delay, when given
   */
  public Optional<Duration> crawlDelay() {
    return pacing.crawlDelay();
  }

  /**
   * The most restrictive {@code request-rate} of the merged groups.
   *
   * @return the request rate, when given
   */
  public Optional<RequestRate> requestRate() {
    return pacing.requestRate();
  }

  /**
   * The shortest {@code visit-time} window of the merged groups.
   *
   * @return the window, when given
   */
  public Optional<VisitTime> visitTime() {
    return pacing.visitTime();
  }

  long estimatedBytes() {
    return estimatedBytes;
  }
}
