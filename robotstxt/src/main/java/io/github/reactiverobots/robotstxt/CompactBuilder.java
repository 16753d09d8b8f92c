package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.RobotsParseHandler.Directive;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Pacing.RequestRate;
import io.github.reactiverobots.robotstxt.model.Pacing.VisitTime;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link RobotsTxt} from scanner events straight into flat arrays (SEMANTICS.md §2, §5):
 * no object per rule, group or record. Only a rule ({@code allow}, {@code disallow}) ends a run of
 * {@code user-agent} lines; a {@code crawl-delay} between two of them belongs to the one group they
 * open. One builder per parse; not thread-safe.
 *
 * <p>What the file keeps as written is kept as ranges of the scanner's array until {@link #build()}
 * copies it, once, into the file's strings: {@link RobotsTxt#parse} builds right after the scan,
 * and the scanner never writes to its array.
 */
final class CompactBuilder implements ScanHandler {
  private static final byte[] INDEX_HTM = "/index.htm".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HOST = "host".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLEAN_PARAM = "clean-param".getBytes(StandardCharsets.US_ASCII);

  private final ParseOptions options;
  private final boolean normalises;
  private final boolean impliesIndexDirectory;

  private final PatternCollector rules;
  private final Ints implied = new Ints(0);

  /** The content-usage rules and content-signal records; made at the first of them. */
  private UsageBuilder usage;

  private final Ints groupRuleStart = new Ints(4);
  private final Ints groupAgentStart = new Ints(4);
  private final Ints groupLines = new Ints(4);
  private final Ints groupGlobal = new Ints(4);
  private List<Pacing> groupPacing;
  private final PackedStrings.Builder agents = new PackedStrings.Builder();

  private final NameGroups nameGroups = new NameGroups();

  private boolean open;
  private boolean sawRule;

  private final PackedStrings.Builder sitemaps = new PackedStrings.Builder();
  private StringIndex seenSitemaps;
  private final PackedStrings.Builder licenses = new PackedStrings.Builder();
  private StringIndex seenLicenses;
  private final Ints recordLines = new Ints(0);
  private final PackedStrings.Builder records = new PackedStrings.Builder();
  private int unknownKept;
  private boolean unknownCapped;
  private int lines;
  private boolean truncated;

  private final ParseScratch scratch;

  /**
   * A builder that collects the rules in {@code scratch}'s arrays, and hands them back to it when
   * {@link #build()} is done.
   */
  CompactBuilder(ParseOptions options, ParseScratch scratch) {
    this.options = options;
    this.normalises = options.profile().normalisesPercentEncoding();
    this.impliesIndexDirectory = options.profile().indexHtmAllowsDirectory();
    this.scratch = scratch;
    this.rules = new PatternCollector(normalises, scratch);
  }

  @Override
  public void onDirective(
      int line, Directive directive, byte[] d, int from, int to, int valueColumn) {
    switch (directive) {
      case USER_AGENT -> userAgent(line, d, from, to);
      case ALLOW, DISALLOW -> {
        if (open) {
          sawRule = true;
          if (to > from) {
            rule(line, directive == Directive.ALLOW, d, from, to);
          }
        }
      }
      case SITEMAP -> {
        if (to > from) {
          seenSitemaps = keepOnce(sitemaps, seenSitemaps, d, from, to);
        }
      }
      case LICENSE -> {
        if (to > from) {
          seenLicenses = keepOnce(licenses, seenLicenses, d, from, to);
        }
      }
      case CRAWL_DELAY -> pace(Pacing.of(CrawlDelays.parse(d, from, to), null, null));
      case REQUEST_RATE ->
          pace(Pacing.of(null, RequestRate.parse(latin1(d, from, to)).orElse(null), null));
      case VISIT_TIME ->
          pace(Pacing.of(null, null, VisitTime.parse(latin1(d, from, to)).orElse(null)));
      case HOST -> record(line, HOST, d, from, to);
      case CLEAN_PARAM -> record(line, CLEAN_PARAM, d, from, to);
      case CONTENT_USAGE -> {
        if (open) {
          sawRule = true;
          usage().rule(line, groupLines.size() - 1, d, from, to);
        }
      }
      case CONTENT_SIGNAL -> {
        if (open) {
          usage().signal(line, groupLines.size() - 1, d, from, to);
        }
      }
      default -> throw new AssertionError(directive);
    }
  }

  @Override
  public boolean wantsUnknown() {
    return !unknownCapped;
  }

  @Override
  public void onUnknown(UnknownLine u) {
    byte[] d = u.data();
    keep(u.line(), d, u.keyFrom(), u.keyTo(), d, u.valueFrom(), u.valueTo());
  }

  /** Keeps an unknown record, up to {@link RobotsTxt#MAX_UNKNOWN_RECORDS} of them. */
  private void keep(
      int line,
      byte[] keyBytes,
      int keyFrom,
      int keyTo,
      byte[] valueBytes,
      int valueFrom,
      int valueTo) {
    if (unknownKept == RobotsTxt.MAX_UNKNOWN_RECORDS) {
      unknownCapped = true;
      return;
    }
    unknownKept++;
    recordLines.add(line);
    records.add(keyBytes, keyFrom, keyTo);
    records.add(valueBytes, valueFrom, valueTo);
  }

  @Override
  public void onEnd(int lines, boolean truncated) {
    this.lines = lines;
    this.truncated = truncated;
  }

  private void userAgent(int line, byte[] d, int from, int to) {
    if (!open || sawRule) {
      groupRuleStart.add(rules.size());
      groupAgentStart.add(agents.size());
      groupLines.add(line);
      groupGlobal.add(0);
      if (groupPacing != null) {
        groupPacing.add(Pacing.NONE);
      }
      open = true;
      sawRule = false;
    }
    agents.add(d, from, to);
    int group = groupLines.size() - 1;
    if (to > from && d[from] == '*' && (to - from == 1 || Character.isWhitespace(d[from + 1]))) {
      groupGlobal.set(group, 1);
      return;
    }
    nameGroups.add(d, from, to, group);
  }

  /**
   * Keeps the URL {@code d[from, to)} in {@code kept} unless an earlier one was the same; returns
   * the index of {@code kept}, made at its first URL.
   */
  private static StringIndex keepOnce(
      PackedStrings.Builder kept, StringIndex seen, byte[] d, int from, int to) {
    int h = StringIndex.hash(d, from, to);
    if (seen == null) {
      seen = new StringIndex();
    } else if (seen.find(kept, d, from, to, h, false) >= 0) {
      return seen;
    }
    seen.add(h);
    kept.add(d, from, to);
    return seen;
  }

  private void rule(int line, boolean allow, byte[] d, int from, int to) {
    addPattern(line, allow, d, from, to);
    if (impliesIndexDirectory && allow) {
      int slash = lastSlash(d, from, to);
      if (slash >= 0
          && Arrays.equals(
              d, slash, Math.min(to, slash + INDEX_HTM.length), INDEX_HTM, 0, INDEX_HTM.length)) {
        // GOOGLE: "allow: /d/index.html" also allows "/d/" exactly.
        byte[] directory = Arrays.copyOfRange(d, from, slash + 2);
        directory[directory.length - 1] = '$';
        implied.add(addPattern(line, true, directory, 0, directory.length));
      }
    }
  }

  /** Adds a pattern written as {@code d[from, to)}; returns its index. */
  private int addPattern(int line, boolean allow, byte[] d, int from, int to) {
    return rules.add(line, allow, d, from, to);
  }

  private UsageBuilder usage() {
    if (usage == null) {
      usage = new UsageBuilder(normalises);
    }
    return usage;
  }

  private void pace(Pacing record) {
    if (!open) {
      return;
    }
    if (groupPacing == null) {
      groupPacing = new ArrayList<>();
      for (int g = 0; g < groupLines.size(); g++) {
        groupPacing.add(Pacing.NONE);
      }
    }
    int last = groupPacing.size() - 1;
    groupPacing.set(last, groupPacing.get(last).stricter(record));
  }

  private void record(int line, byte[] key, byte[] d, int from, int to) {
    recordLines.add(line);
    records.add(key, 0, key.length);
    records.add(d, from, to);
  }

  /**
   * The parsed file. Its strings (user-agent values, group names, sitemaps, licences, records,
   * texts as written) go into one shared store, each kind from its own base index.
   */
  RobotsTxt build() {
    PackedStrings.Builder names = nameGroups.names();
    int nameBase = agents.size();
    int sitemapBase = nameBase + names.size();
    int recordBase = sitemapBase + sitemaps.size() + licenses.size();
    int formBase = recordBase + records.size();
    PackedStrings.Builder forms = rules.forms();
    PackedStrings strings =
        usage == null
            ? PackedStrings.join(agents, names, sitemaps, licenses, records, forms)
            : usage.joinStrings(
                formBase + forms.size(), agents, names, sitemaps, licenses, records, forms);
    RuleTable ruleTable = rules.build(implied.toArray(), strings, formBase);
    rules.lend(scratch);
    UsageTable usageTable =
        usage == null ? UsageTable.NONE : usage.build(strings, groupLines.size());
    Parts p = new Parts();
    p.options = options;
    p.rules = ruleTable;
    p.groups = groups(strings, nameBase);
    p.usage = usageTable;
    p.strings = strings;
    p.sitemapBase = sitemapBase;
    p.sitemapCount = sitemaps.size();
    p.licenseCount = licenses.size();
    p.recordLines = recordLines.toArray();
    p.recordBase = recordBase;
    p.lines = lines;
    p.truncated = truncated;
    p.unknownRecordsCapped = unknownCapped;
    return new RobotsTxt(p);
  }

  /** The groups, the names and what each selects; the {@code *} groups' selection last. */
  private GroupTable groups(PackedStrings strings, int nameBase) {
    int groupCount = groupLines.size();
    int[] nameSelection = new int[nameGroups.size()];
    Ints selectionStart = new Ints(nameGroups.size() + 2);
    Ints selectionGroups = new Ints(nameGroups.size() + 1);
    // Most names name one group: its selection is made once and shared by every such name. A
    // name in several groups shares a selection with any other name in the same groups.
    int[] groupSelection = new int[groupCount];
    Arrays.fill(groupSelection, -1);
    Map<GroupSet, Integer> several = null;
    for (int name = 0; name < nameSelection.length; name++) {
      int s;
      if (nameGroups.single(name)) {
        int g = nameGroups.firstGroup(name);
        s = groupSelection[g];
        if (s < 0) {
          s = selectionStart.size();
          groupSelection[g] = s;
          selectionStart.add(selectionGroups.size());
          selectionGroups.add(g);
        }
      } else {
        Ints groupsOfName = nameGroups.groups(name);
        if (several == null) {
          several = new HashMap<>();
        }
        Integer found =
            several.putIfAbsent(new GroupSet(groupsOfName.toArray()), selectionStart.size());
        if (found != null) {
          s = found;
        } else {
          s = selectionStart.size();
          addSelection(groupsOfName, selectionStart, selectionGroups);
        }
      }
      nameSelection[name] = s;
    }
    Ints globals = new Ints(1);
    for (int g = 0; g < groupCount; g++) {
      if (groupGlobal.get(g) != 0) {
        globals.add(g);
      }
    }
    addSelection(globals, selectionStart, selectionGroups);
    selectionStart.add(selectionGroups.size());
    int[] ruleStart = groupRuleStart.copyOf(groupCount + 1);
    ruleStart[groupCount] = rules.size();
    int[] agentStart = groupAgentStart.copyOf(groupCount + 1);
    // The user-agent values are the shared store's first strings, before the names.
    agentStart[groupCount] = nameBase;
    int[] lineAndGlobal = groupLines.toArray();
    for (int g = 0; g < groupCount; g++) {
      lineAndGlobal[g] = groupGlobal.get(g) != 0 ? -lineAndGlobal[g] : lineAndGlobal[g];
    }
    return new GroupTable(
        ruleStart,
        agentStart,
        lineAndGlobal,
        nameSelection,
        selectionStart.toArray(),
        selectionGroups.toArray(),
        groupPacing == null ? null : groupPacing.toArray(new Pacing[0]),
        strings,
        0,
        nameBase);
  }

  private static void addSelection(Ints groups, Ints selectionStart, Ints members) {
    selectionStart.add(members.size());
    for (int i = 0; i < groups.size(); i++) {
      members.add(groups.get(i));
    }
  }

  /** The groups a name names, as a map key: equal when they hold the same groups. */
  private record GroupSet(int[] groups) {
    @Override
    public boolean equals(Object o) {
      return o instanceof GroupSet other && Arrays.equals(groups, other.groups);
    }

    @Override
    public int hashCode() {
      // Spread: the plain hash of two near groups, [g, g + 1], steps by 32 with g.
      int h = Arrays.hashCode(groups) * 0x9E3779B9;
      return h ^ (h >>> 15);
    }

    @Override
    public String toString() {
      return Arrays.toString(groups);
    }
  }

  private static int lastSlash(byte[] d, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (d[i] == '/') {
        return i;
      }
    }
    return -1;
  }

  private static String latin1(byte[] d, int from, int to) {
    return new String(d, from, to - from, StandardCharsets.ISO_8859_1);
  }

  /** What a parse produced, set by name, for the {@link RobotsTxt} made of it. Not thread-safe. */
  static final class Parts {
    ParseOptions options;
    RuleTable rules;
    GroupTable groups;
    UsageTable usage;
    PackedStrings strings;
    int sitemapBase;
    int sitemapCount;
    int licenseCount;
    int[] recordLines;
    int recordBase;
    int lines;
    boolean truncated;
    boolean unknownRecordsCapped;
  }
}
