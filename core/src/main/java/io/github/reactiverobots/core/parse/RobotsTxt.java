package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Profile;
import io.github.reactiverobots.core.model.Verdict;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed robots.txt: an immutable model of its groups, rules, sitemaps and other records, with
 * the rules of {@code *} compiled into a matcher at once and each named crawler's rules compiled
 * on first use. Thread-safe and non-blocking.
 *
 * <p>Parse once per body; {@link #forAgent(String)} is two map lookups, with no write to shared
 * state once the agent string has been seen (plus one compilation the first time a named group
 * is selected), and the returned {@link AgentRules} serves every later check. Parsing never
 * throws on any input: lines that can't be understood are skipped ({@link Linter} reports them).
 */
public final class RobotsTxt {
  /**
   * Unknown records kept at most. An HTML page served as robots.txt can hold thousands of
   * {@code key: value} lines, none of which a crawler can use; {@link Linter} still reports each.
   */
  public static final int MAX_UNKNOWN_RECORDS = 100;

  /** This object with its lists, maps and sets. */
  private static final int SHELL_BYTES = 200;
  /** Per group name: its map entry and String, besides two bytes per character. */
  private static final int NAME_BYTES = 48 + 32;
  /** Per sitemap: its String and list slot, besides one byte per character. */
  private static final int SITEMAP_BYTES = 56;
  /** Per other record: the record and its two Strings, besides one byte per character. */
  private static final int OTHER_RECORD_BYTES = 80;
  /** Per group: the object and its lists, besides its agents and rules. */
  private static final int GROUP_BYTES = 120;
  /** Per user-agent line of a group: its String (the characters are counted apart). */
  private static final int GROUP_AGENT_BYTES = 16;
  /** Per rule of a group: its list slot and pattern reference. */
  private static final int GROUP_RULE_BYTES = 8;

  private static final RobotsTxt EMPTY = parse(new byte[0], ParseOptions.defaults());

  private final ParseOptions options;
  private final List<Group> groups;
  private final List<String> sitemaps;
  private final List<OtherRecord> otherRecords;
  private final int lines;
  private final boolean truncated;
  private final boolean unknownRecordsCapped;
  /** Per group name, what it selects; names selecting the same groups share one selection. */
  private final Map<String, Selection> byName;
  private final Set<String> groupNames;
  private final AgentRules global;
  private final AgentRules none;
  private final long estimatedWeight;

  private RobotsTxt(ParseOptions options, ModelBuilder model) {
    this.options = options;
    this.groups = List.copyOf(model.groups);
    this.sitemaps = List.copyOf(model.sitemaps);
    this.otherRecords = List.copyOf(model.others);
    this.lines = model.lines;
    this.truncated = model.truncated;
    this.unknownRecordsCapped = model.unknownCapped;
    // Most names select one group: those share the group's selection. A name in several groups
    // gets the selection of that group list, shared with other names in the same groups.
    HashMap<String, Selection> names = new HashMap<>(groups.size() * 2);
    Map<String, List<Group>> inSeveral = new HashMap<>();
    List<Group> globals = new ArrayList<>();
    for (Group g : groups) {
      Selection single = null;
      for (String name : g.names()) {
        Selection first = names.get(name);
        if (first == null) {
          single = single != null ? single : new Selection(List.of(g));
          names.put(name, single);
        } else {
          inSeveral.computeIfAbsent(name, k -> new ArrayList<>(first.groups)).add(g);
        }
      }
      if (g.isGlobal()) {
        globals.add(g);
      }
    }
    Map<List<Group>, Selection> shared = new HashMap<>();
    for (Map.Entry<String, List<Group>> e : inSeveral.entrySet()) {
      names.put(e.getKey(), shared.computeIfAbsent(List.copyOf(e.getValue()), Selection::new));
    }
    long weight = SHELL_BYTES;
    long largestNamed = 0;
    for (Map.Entry<String, Selection> e : names.entrySet()) {
      largestNamed = Math.max(largestNamed, e.getValue().estimatedBytes);
      weight += NAME_BYTES + (long) Character.BYTES * e.getKey().length();
    }
    // Never changed after construction, so safe to share through the final field.
    this.byName = names;
    this.groupNames = Collections.unmodifiableSet(names.keySet());
    this.none = AgentRules.noGroup(options.profile());
    this.global = AgentRules.compile(options.profile(), globals);
    // The '*' rules are compiled now; a crawler compiles at most one named group set later.
    weight += (global == none ? 0 : global.estimatedBytes()) + largestNamed;
    for (String s : sitemaps) {
      weight += SITEMAP_BYTES + s.length();
    }
    for (OtherRecord r : otherRecords) {
      weight += OTHER_RECORD_BYTES + r.key().length() + r.value().length();
    }
    for (Group g : groups) {
      weight += GROUP_BYTES + (long) GROUP_AGENT_BYTES * g.userAgents().size()
          + (long) GROUP_RULE_BYTES * g.rules().size();
    }
    this.estimatedWeight = weight;
  }

  /**
   * An empty robots.txt: no rules, every check allowed.
   *
   * @return the shared empty instance, parsed with {@link ParseOptions#defaults()}
   */
  public static RobotsTxt empty() {
    return EMPTY;
  }

  /**
   * Parses with {@link ParseOptions#defaults()}; see {@link #parse(ByteBuffer, ParseOptions)}.
   *
   * @param body the robots.txt body; not kept
   * @return the parsed file
   */
  public static RobotsTxt parse(byte[] body) {
    return parse(ByteBuffer.wrap(body), ParseOptions.defaults());
  }

  /**
   * Parses {@code body}; see {@link #parse(ByteBuffer, ParseOptions)}.
   *
   * @param body the robots.txt body; not kept
   * @param options the profile, parse limit and explicit agents
   * @return the parsed file
   */
  public static RobotsTxt parse(byte[] body, ParseOptions options) {
    return parse(ByteBuffer.wrap(body), options);
  }

  /**
   * Parses text, encoded as UTF-8 first; see {@link #parse(ByteBuffer, ParseOptions)}.
   *
   * @param body the robots.txt text
   * @param options the profile, parse limit and explicit agents
   * @return the parsed file
   */
  public static RobotsTxt parse(String body, ParseOptions options) {
    return parse(body.getBytes(StandardCharsets.UTF_8), options);
  }

  /**
   * Parses the remaining bytes of {@code body} (its position is not changed) as SEMANTICS.md
   * §1-§5 say, up to the parse limit. Never throws on any content.
   *
   * @param body the robots.txt body; not kept
   * @param options the profile, parse limit and explicit agents
   * @return the parsed file
   */
  public static RobotsTxt parse(ByteBuffer body, ParseOptions options) {
    ModelBuilder model = new ModelBuilder();
    RobotsScanner.scan(body, options, model);
    return new RobotsTxt(options, model);
  }

  /**
   * The rules that apply to {@code agent}, a product token or a full User-Agent string (how the
   * token is taken from it depends on the profile, SEMANTICS.md §2).
   *
   * @param agent the crawler's product token or User-Agent string
   * @return its rules
   * @throws IllegalArgumentException if {@code agent} is a URL (see
   *     {@link io.github.reactiverobots.core.model.CrawlerIdentity#requireAgent})
   */
  public AgentRules forAgent(String agent) {
    String token = UserAgents.crawlerToken(agent, options.profile());
    Selection selection = byName.get(token);
    if (selection != null) {
      return selection.rules(options.profile());
    }
    return options.explicitAgents().contains(token) ? none : global;
  }

  /**
   * Checks a URL for {@code agent}. The path is taken leniently, as Google's reference matcher
   * does ({@code example.com/a} gives {@code /a}, nothing gives {@code /}), so this never throws
   * on a malformed URL; {@code RobotsCache} parses URLs strictly.
   *
   * @param url the URL (or anything URL-like) to check
   * @param agent the crawler's product token or User-Agent string
   * @return the verdict
   * @throws IllegalArgumentException if {@code agent} is a URL: the arguments were swapped
   */
  public Verdict check(String url, String agent) {
    AgentRules rules = forAgent(agent);
    return rules.check(LenientPaths.pathParamsQuery(url));
  }

  /**
   * Shorthand for {@code check(url, agent).allowed()}.
   *
   * @param url the URL (or anything URL-like) to check
   * @param agent the crawler's product token or User-Agent string
   * @return whether {@code agent} may fetch {@code url}
   */
  public boolean allowed(String url, String agent) {
    return check(url, agent).allowed();
  }

  /**
   * The options it was parsed with.
   *
   * @return the options
   */
  public ParseOptions options() {
    return options;
  }

  /**
   * The groups in file order.
   *
   * @return an immutable list
   */
  public List<Group> groups() {
    return groups;
  }

  /**
   * The lower-case names of the groups (not including {@code *}).
   *
   * @return an unmodifiable set
   */
  public Set<String> groupNames() {
    return groupNames;
  }

  /**
   * Sitemap URLs, in order, duplicates dropped.
   *
   * @return an immutable list of the URLs as written
   */
  public List<String> sitemaps() {
    return sitemaps;
  }

  /**
   * {@code host}, {@code clean-param} and unknown records, in file order; of the unknown records
   * only the first {@link #MAX_UNKNOWN_RECORDS} (see {@link #unknownRecordsCapped()}).
   *
   * @return an immutable list
   */
  public List<OtherRecord> otherRecords() {
    return otherRecords;
  }

  /**
   * The number of lines read, up to the parse limit.
   *
   * @return the line count
   */
  public int lines() {
    return lines;
  }

  /**
   * Whether unknown records past the first {@link #MAX_UNKNOWN_RECORDS} were left out.
   *
   * @return true if some were left out
   */
  public boolean unknownRecordsCapped() {
    return unknownRecordsCapped;
  }

  /**
   * Whether the body went past the parse limit.
   *
   * @return true if bytes past the limit were ignored
   */
  public boolean truncated() {
    return truncated;
  }

  /**
   * An estimate of the retained heap size of this object graph, in bytes, once the {@code *}
   * rules and the largest named group set are compiled (what one crawler can cause).
   *
   * @return the estimate, in bytes
   */
  public long estimatedWeight() {
    return estimatedWeight;
  }

  /** The groups a name selects, and their rules once compiled. */
  private static final class Selection {
    private static final VarHandle RULES;

    static {
      try {
        RULES = MethodHandles.lookup().findVarHandle(Selection.class, "rules", AgentRules.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    final List<Group> groups;
    final long estimatedBytes;
    @SuppressWarnings("unused") // accessed through RULES
    private volatile AgentRules rules;

    Selection(List<Group> groups) {
      this.groups = groups;
      this.estimatedBytes = AgentRules.estimateBytes(groups);
    }

    AgentRules rules(Profile profile) {
      AgentRules compiled = rules;
      if (compiled != null) {
        return compiled;
      }
      // Compiled without holding a lock: a racing thread may compile the same rules too.
      AgentRules fresh = AgentRules.compile(profile, groups);
      AgentRules raced = (AgentRules) RULES.compareAndExchange(this, null, fresh);
      return raced != null ? raced : fresh;
    }
  }
}
