package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.Usage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A parsed robots.txt: its groups, rules, sitemaps and other records held in flat arrays (one byte
 * array for the patterns, int arrays for lines and groups; no object per rule), with each crawler's
 * rules compiled into a matcher the first time that crawler asks. The full model's objects ({@link
 * #groups()}, {@link #otherRecords()}...) are made on demand. Thread-safe and non-blocking.
 *
 * <p>Parse once per body; {@link #forAgent(String)} finds the crawler's groups without writing to
 * shared state once the agent string has been seen (plus one compilation the first time a selection
 * is asked for), and the returned {@link AgentRules} serves every later check. Parsing never throws
 * on any input: lines that can't be understood are skipped ({@link Linter} reports them).
 */
public final class RobotsTxt {
  /**
   * Unknown records kept at most. An HTML page served as robots.txt can hold thousands of {@code
   * key: value} lines, none of which a crawler can use; {@link Linter} still reports each.
   */
  public static final int MAX_UNKNOWN_RECORDS = 100;

  private static final RobotsTxt EMPTY = parse(new byte[0], ParseOptions.defaults());

  private final ParseOptions options;
  private final RuleTable rules;
  private final GroupTable groups;
  private final UsageTable usage;

  /** What the file keeps as written: user-agent values, names, sitemaps, records... */
  private final PackedStrings strings;

  private final int sitemapBase;
  private final int sitemapCount;

  /** The licence URLs are strings {@code sitemapBase + sitemapCount + k}. */
  private final int licenseCount;

  /**
   * Per other record its line; its key and value are strings {@code recordBase + 2k} and {@code
   * recordBase + 2k + 1}.
   */
  private final int[] recordLines;

  private final int recordBase;
  private final int lines;
  private final boolean truncated;
  private final boolean unknownRecordsCapped;

  /** Per selection, its compiled rules once asked for (set once, racily, by CAS). */
  private final CompiledRules[] compiled;

  RobotsTxt(CompactBuilder.Parts p) {
    this.options = p.options;
    this.rules = p.rules;
    this.groups = p.groups;
    this.usage = p.usage;
    this.strings = p.strings;
    this.sitemapBase = p.sitemapBase;
    this.sitemapCount = p.sitemapCount;
    this.licenseCount = p.licenseCount;
    this.recordLines = p.recordLines;
    this.recordBase = p.recordBase;
    this.lines = p.lines;
    this.truncated = p.truncated;
    this.unknownRecordsCapped = p.unknownRecordsCapped;
    this.compiled = new CompiledRules[p.groups.selectionCount()];
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
    return parse(body, ParseOptions.defaults());
  }

  /**
   * Parses {@code body}; see {@link #parse(ByteBuffer, ParseOptions)}.
   *
   * @param body the robots.txt body; not kept
   * @param options the profile, parse limit and explicit agents
   * @return the parsed file
   */
  public static RobotsTxt parse(byte[] body, ParseOptions options) {
    return build(options, builder -> RobotsScanner.scan(body, options, builder));
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
   * Parses the remaining bytes of {@code body} (its position is not changed) as SEMANTICS.md §1-§5
   * say, up to the parse limit. Never throws on any content.
   *
   * @param body the robots.txt body; not kept
   * @param options the profile, parse limit and explicit agents
   * @return the parsed file
   */
  public static RobotsTxt parse(ByteBuffer body, ParseOptions options) {
    return build(options, builder -> RobotsScanner.scan(body, options, builder));
  }

  /** What {@code scan} gives a builder working in this thread's scratch arrays. */
  private static RobotsTxt build(ParseOptions options, Consumer<CompactBuilder> scan) {
    ParseScratch scratch = ParseScratch.acquire();
    try {
      CompactBuilder builder = new CompactBuilder(options, scratch);
      scan.accept(builder);
      return builder.build();
    } finally {
      scratch.release();
    }
  }

  /**
   * Reads {@code body} into lines as {@link #parse} does (SEMANTICS.md §1: encodings, line ends,
   * the parse limit, directive keys and their misspellings) and hands each to {@code handler}, in
   * order, on the calling thread; nothing is kept. Never throws on any content (an exception the
   * handler throws propagates).
   *
   * @param body the robots.txt body; not kept
   * @param options the profile and parse limit
   * @param handler receives the lines
   */
  public static void scan(byte[] body, ParseOptions options, RobotsParseHandler handler) {
    RobotsScanner.scan(
        Objects.requireNonNull(body, "body"),
        Objects.requireNonNull(options, "options"),
        ScanHandler.of(Objects.requireNonNull(handler, "handler")));
  }

  /**
   * The rules that apply to {@code agent}, the crawler's own product token ({@code MyBot}; how the
   * token is taken from a longer string depends on the profile, SEMANTICS.md §2: under {@code
   * RFC_9309} {@code MyBot/1.0} is {@code mybot}, while a browser User-Agent such as {@code
   * Mozilla/5.0 (compatible; MyBot/1.0)} is {@code mozilla}). Lenient, as Google's reference is: an
   * agent whose token is empty selects the groups whose name is empty; the cache refuses such
   * agents first ({@link
   * io.github.reactiverobots.robotstxt.model.CrawlerIdentity#requireCrawlerToken}).
   *
   * @param agent the crawler's product token
   * @return its rules
   */
  public AgentRules forAgent(String agent) {
    return rulesFor(agent);
  }

  /**
   * {@link #forAgent}, as the implementation that the library's own modules also match bytes with.
   */
  CompiledRules rulesFor(String agent) {
    int selection = groups.select(agent, options);
    if (selection == GroupTable.EXPLICIT_NO_GROUP) {
      return CompiledRules.noGroup(options.profile());
    }
    return CompiledSelections.get(compiled, selection, this);
  }

  /** The selection of {@code agent}'s first fallback token that names a group, or -1. */
  int fallbackSelection(String agent) {
    return groups.fallbackSelection(agent, options);
  }

  /**
   * Why {@code agent} gets the verdict it gets for {@code url}: the groups chosen and why (its own
   * token, a fallback token, or {@code *}), the path as matched, every rule that matches it ranked,
   * the deciding rule, the runner-up and the tie-break. The verdict is the one {@link #check}
   * gives. Takes the URL and agent as leniently as {@link #check}; meant for testers and
   * diagnostics, not the hot path (it compiles each candidate rule on its own).
   *
   * @param url the URL (or anything URL-like) to check
   * @param agent the crawler's product token
   * @return the explanation
   * @throws IllegalArgumentException if the arguments were swapped, as {@link #check} tells
   */
  public Explanation explain(String url, String agent) {
    LenientPaths.requireUrlFirst(url, agent);
    return Explainer.explain(this, url, agent);
  }

  /**
   * A rule's pattern as this profile matches it (SEMANTICS.md §3): bytes outside printable ASCII
   * percent-encoded from their UTF-8 bytes, {@code %xx} escapes upper-cased and, under {@code
   * RFC_9309}, escapes of unreserved characters decoded. Meant for testers and diagnostics: the
   * matchers hold this form already.
   *
   * @param rule a rule, for example one of {@link Group#rules()}
   * @return the pattern as matched, its bytes as ISO-8859-1 characters
   */
  public String patternAsMatched(Rule rule) {
    return PercentEncoding.normalisedPatternText(
        rule.pattern(), options.profile().normalisesPercentEncoding());
  }

  /**
   * Checks a URL for {@code agent}. The path is read as the profile reads it (SEMANTICS.md §4).
   * Under {@code RFC_9309} an absolute http(s) URL ({@code http://a.com/b}, also spelt {@code
   * http:\\a.com\b} or {@code http:///a.com/b}) and a scheme-relative one ({@code //a.com/b}) are
   * read as {@code RobotsCache} reads them, with the WHATWG URL Standard ({@code
   * http://a.com/x\..\b} is {@code /b}), so both give the same verdict, and an http(s) URL the
   * cache refuses throws {@link io.github.reactiverobots.robotstxt.url.InvalidUrlException};
   * anything else URL-like (a path, {@code example.com/a}) is taken leniently, as under {@code
   * GOOGLE}, where the path is always taken as Google's reference matcher takes it ({@code
   * example.com/a} gives {@code /a}, nothing gives {@code /}) and nothing throws.
   *
   * @param url the URL (or anything URL-like) to check
   * @param agent the crawler's product token
   * @return the verdict
   * @throws IllegalArgumentException if the arguments were swapped: {@code agent} is an absolute
   *     URL while {@code url} is not URL-like (neither a path nor holding {@code ://})
   * @throws io.github.reactiverobots.robotstxt.url.InvalidUrlException under {@code RFC_9309}, for
   *     a URL or path the cache refuses
   */
  public Verdict check(String url, String agent) {
    LenientPaths.requireUrlFirst(url, agent);
    return ProfilePaths.atPath(options.profile(), rulesFor(agent), url, CompiledRules::check);
  }

  /**
   * How {@code agent} may use what it fetches at {@code url} (SEMANTICS.md §8); see {@link
   * AgentRules#usage(String)}. The path is taken leniently, as {@link #check} takes it.
   *
   * @param url the URL (or anything URL-like)
   * @param agent the crawler's product token or User-Agent string
   * @return the crawl verdict with the usage preferences and content signals
   * @throws IllegalArgumentException if the arguments were swapped, as {@link #check} tells
   */
  public Usage usage(String url, String agent) {
    LenientPaths.requireUrlFirst(url, agent);
    return ProfilePaths.atPath(options.profile(), rulesFor(agent), url, CompiledRules::usage);
  }

  /**
   * Shorthand for {@code check(url, agent).allowed()}.
   *
   * @param url the URL (or anything URL-like) to check
   * @param agent the crawler's product token
   * @return whether {@code agent} may fetch {@code url}
   * @throws IllegalArgumentException if the arguments were swapped, as {@link #check} tells
   */
  public boolean allowed(String url, String agent) {
    LenientPaths.requireUrlFirst(url, agent);
    return ProfilePaths.atPath(
        options.profile(),
        rulesFor(agent),
        url,
        (rules, utf8, from, to, state) -> rules.allowed(utf8, from, to));
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
    return List.copyOf(groups.groups(rules));
  }

  /**
   * The lower-case names of the groups (not including {@code *}).
   *
   * @return an unmodifiable set
   */
  public Set<String> groupNames() {
    return Collections.unmodifiableSet(groups.names());
  }

  /**
   * Sitemap URLs, in order, duplicates dropped.
   *
   * @return an immutable list of the URLs as written
   */
  public List<String> sitemaps() {
    return strings.texts(sitemapBase, sitemapCount);
  }

  /**
   * Licence URLs ({@code License:}, RSL 1.0), in order, duplicates dropped. Global records like
   * sitemaps: they end no group and are not part of one (SEMANTICS.md §5).
   *
   * @return an immutable list of the URLs as written
   */
  public List<String> licenses() {
    return strings.texts(sitemapBase + sitemapCount, licenseCount);
  }

  /**
   * {@code host}, {@code clean-param} and unknown records, in file order; of the unknown records
   * only the first {@link #MAX_UNKNOWN_RECORDS} (see {@link #unknownRecordsCapped()}).
   *
   * @return an immutable list
   */
  public List<OtherRecord> otherRecords() {
    return strings.records(recordLines, recordBase);
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
   * The retained heap size of this object graph, in bytes, as it stands: the flat tables, and the
   * matchers of the crawlers that have asked (each {@link #forAgent} of a new selection adds its
   * matcher). After one crawler's {@code forAgent}, it is what that crawler costs.
   *
   * @return the estimate, in bytes
   */
  public long estimatedWeight() {
    long bytes =
        HeapSizes.object(7L * HeapSizes.REFERENCE + 5L * Integer.BYTES + 2)
            + rules.estimatedBytes()
            + groups.estimatedBytes()
            + usage.estimatedBytes()
            + strings.estimatedBytes()
            + HeapSizes.array(recordLines.length, Integer.BYTES)
            + CompiledSelections.estimatedBytes(compiled, options.profile());
    return bytes;
  }

  RuleTable ruleTable() {
    return rules;
  }

  GroupTable groupTable() {
    return groups;
  }

  UsageTable usageTable() {
    return usage;
  }

  /**
   * One group of a robots.txt: its {@code user-agent} lines and the records that follow them
   * (SEMANTICS.md §2). A view made on demand by {@link RobotsTxt#groups()}; immutable.
   *
   * @param line the 1-based line of the group's first {@code user-agent}
   * @param userAgents the {@code user-agent} values as written, in file order
   * @param names the lower-case product names the group is selected by (empty-string names
   *     included), without {@code *}
   * @param global whether one of its {@code user-agent} lines is {@code *}
   * @param rules its allow and disallow rules in order (rules with an empty value add none)
   * @param pacing the most restrictive {@code crawl-delay}, {@code request-rate} and {@code
   *     visit-time}; {@link Pacing#NONE} when the group has none
   */
  public record Group(
      int line,
      List<String> userAgents,
      Set<String> names,
      boolean global,
      List<Rule> rules,
      Pacing pacing) {
    /**
     * Copies the lists and the set, keeping their order.
     *
     * @param line the 1-based line of the group's first {@code user-agent}
     * @param userAgents the {@code user-agent} values as written
     * @param names the product names the group is selected by
     * @param global whether one of its {@code user-agent} lines is {@code *}
     * @param rules its allow and disallow rules
     * @param pacing its pacing
     */
    public Group {
      userAgents = List.copyOf(userAgents);
      names = Collections.unmodifiableSet(new LinkedHashSet<>(names));
      rules = List.copyOf(rules);
      Objects.requireNonNull(pacing, "pacing");
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

  /**
   * A record kept as written: {@code host}, {@code clean-param}, or a key the parser does not know.
   * Key and value are shown as text (UTF-8 decoded). Immutable.
   *
   * @param line the 1-based line number
   * @param key {@code host} or {@code clean-param}, or an unknown key as written
   * @param value the value as written
   */
  public record OtherRecord(int line, String key, String value) {
    /**
     * Checks key and value are present.
     *
     * @param line the 1-based line number
     * @param key the key
     * @param value the value
     * @throws NullPointerException if {@code key} or {@code value} is null
     */
    public OtherRecord {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
    }
  }
}
