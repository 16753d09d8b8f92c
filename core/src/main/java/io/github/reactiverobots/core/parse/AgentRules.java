package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.OriginState;
import io.github.reactiverobots.core.Profile;
import io.github.reactiverobots.core.Reason;
import io.github.reactiverobots.core.Verdict;
import io.github.reactiverobots.core.match.PercentEncoding;
import io.github.reactiverobots.core.match.RuleMatcher;
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
 * (SEMANTICS.md §2-§4). Compiled once, reused for every check. Immutable and thread-safe; a
 * check allocates, when a rule decides, its verdict (and a path given as a String, its bytes).
 */
public final class AgentRules {
  private static final byte[] ROOT = {'/'};
  private static final byte[] ROBOTS_TXT = "/robots.txt".getBytes(StandardCharsets.US_ASCII);
  private static final String INDEX_HTM = "/index.htm";

  private final Profile profile;
  private final boolean hasGroup;
  private final List<Rule> rules;
  private final RuleMatcher matcher;
  private final Pacing pacing;
  private final Duration crawlDelay;
  private final Verdict noMatch;
  private final Verdict robotsTxt;
  private final long estimatedBytes;

  private AgentRules(Profile profile, List<Group> groups) {
    this.profile = profile;
    this.hasGroup = !groups.isEmpty();
    Pacing merged = Pacing.NONE;
    List<Rule> all = new ArrayList<>();
    for (Group g : groups) {
      merged = merged.stricter(g.pacing());
      all.addAll(g.rules());
    }
    this.pacing = merged;
    this.crawlDelay = merged.crawlDelayOrNull();
    this.rules = List.copyOf(all);
    RuleMatcher.Builder b = RuleMatcher.builder();
    long bytes = 160;
    for (Group g : groups) {
      for (int i = 0; i < g.rules().size(); i++) {
        Rule rule = g.rules().get(i);
        String raw = g.patternBytes.get(i);
        bytes += add(b, rule, raw);
        if (profile == Profile.GOOGLE && rule.allow()) {
          bytes += addIndexDirectory(b, rule, raw);
        }
      }
    }
    this.matcher = b.build();
    this.noMatch = Verdict.of(true, hasGroup ? Reason.NO_MATCHING_RULE : Reason.NO_GROUP_FOR_AGENT,
        null, crawlDelay);
    this.robotsTxt = Verdict.of(true, Reason.ROBOTS_TXT_ITSELF, null, crawlDelay);
    this.estimatedBytes = bytes + matcher.estimatedBytes() + 16L + 4L * rules.size();
  }

  private static final Map<Profile, AgentRules> NO_GROUP = new EnumMap<>(Profile.class);

  static {
    for (Profile p : Profile.values()) {
      NO_GROUP.put(p, new AgentRules(p, List.of()));
    }
  }

  static AgentRules compile(Profile profile, List<Group> groups) {
    return groups.isEmpty() ? noGroup(profile) : new AgentRules(profile, groups);
  }

  /** The rules of a crawler no group applies to: every path allowed. */
  static AgentRules noGroup(Profile profile) {
    return NO_GROUP.get(profile);
  }

  /**
   * What {@link #estimatedBytes()} comes to for {@code groups}, without compiling them: per rule
   * its Rule, pattern and share of the trie.
   */
  static long estimateBytes(List<Group> groups) {
    long bytes = 160 + 16 + 400;
    for (Group g : groups) {
      List<String> patterns = g.patternBytes;
      for (int i = 0; i < patterns.size(); i++) {
        // The rule as compiled, plus its share of the trie.
        bytes += ruleBytes(patterns.get(i)) + 44 + 2L * patterns.get(i).length();
      }
    }
    return bytes;
  }

  private long add(RuleMatcher.Builder b, Rule rule, String raw) {
    b.add(PercentEncoding.pattern(raw, profile), rule.allow(), rule);
    return ruleBytes(raw);
  }

  /** A compiled rule's Rule and its pattern String. */
  private static long ruleBytes(String raw) {
    return 32 + 48 + 2L * raw.length();
  }

  /** {@code GOOGLE}: {@code allow: /d/index.html} also allows {@code /d/} exactly. */
  private long addIndexDirectory(RuleMatcher.Builder b, Rule rule, String raw) {
    int slash = raw.lastIndexOf('/');
    if (slash < 0 || !raw.startsWith(INDEX_HTM, slash)) {
      return 0;
    }
    String directory = raw.substring(0, slash + 1) + "$";
    Rule implied = new Rule(true, ByteStrings.toText(directory), rule.line());
    return add(b, implied, directory);
  }

  /**
   * Checks a path with params and query ({@code /a/b;p?q}); an empty path is taken as {@code /}.
   */
  public Verdict check(String pathAndQuery) {
    if (!hasGroup) {
      return noMatch;
    }
    byte[] path = pathAndQuery.getBytes(StandardCharsets.UTF_8);
    return check(path, 0, path.length);
  }

  /**
   * Checks the path with params and query held as UTF-8 bytes in {@code utf8[from, to)}, as
   * {@link #check(String)} does; the bytes are read in place, never kept or changed.
   */
  public Verdict check(byte[] utf8, int from, int to) {
    return check(utf8, from, to, null);
  }

  /**
   * Like {@link #check(byte[], int, int)}, with {@code originState} attached to the verdict
   * (as {@link Verdict#withOriginState} would, without building the verdict twice).
   *
   * @param originState the origin's state, or null for none
   */
  public Verdict check(byte[] utf8, int from, int to, OriginState originState) {
    Verdict fixed = noMatch;
    if (hasGroup) {
      byte[] path = utf8;
      int start = from;
      int end = to;
      if (start == end) {
        path = ROOT;
        start = 0;
        end = ROOT.length;
      } else if (!PercentEncoding.isMatchedAsIs(path, start, end, profile)) {
        path = PercentEncoding.normalisedPath(path, start, end, profile);
        start = 0;
        end = path.length;
      }
      if (profile == Profile.RFC_9309
          && Arrays.equals(path, start, end, ROBOTS_TXT, 0, ROBOTS_TXT.length)) {
        fixed = robotsTxt;
      } else {
        Rule decided = (Rule) matcher.match(path, start, end);
        if (decided != null) {
          Reason reason = decided.allow() ? Reason.MATCHED_ALLOW : Reason.MATCHED_DISALLOW;
          return Verdict.of(decided.allow(), reason, decided, crawlDelay, originState);
        }
      }
    }
    return originState == null ? fixed : fixed.withOriginState(originState);
  }

  /** Whether a group (named or {@code *}) applies to this crawler. */
  public boolean hasGroup() {
    return hasGroup;
  }

  /** The merged allow and disallow rules, in file order. */
  public List<Rule> rules() {
    return rules;
  }

  /** The most restrictive pacing records of the merged groups. */
  public Pacing pacing() {
    return pacing;
  }

  /** The longest {@code crawl-delay} of the merged groups. */
  public Optional<Duration> crawlDelay() {
    return pacing.crawlDelay();
  }

  /** The most restrictive {@code request-rate} of the merged groups. */
  public Optional<RequestRate> requestRate() {
    return pacing.requestRate();
  }

  /** The shortest {@code visit-time} window of the merged groups. */
  public Optional<VisitTime> visitTime() {
    return pacing.visitTime();
  }

  /** The compiled matcher (for benchmarks and diagnostics). */
  public RuleMatcher matcher() {
    return matcher;
  }

  long estimatedBytes() {
    return estimatedBytes;
  }
}
