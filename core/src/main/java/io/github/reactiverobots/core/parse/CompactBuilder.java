package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.RequestRate;
import io.github.reactiverobots.core.model.VisitTime;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a {@link RobotsTxt} from scanner events straight into flat arrays (SEMANTICS.md §2, §5):
 * no object per rule, group or record. Only a rule ({@code allow}, {@code disallow}) ends a run of
 * {@code user-agent} lines; a {@code crawl-delay} between two of them belongs to the one group they
 * open. One builder per parse; not thread-safe.
 */
final class CompactBuilder implements RobotsParseHandler {
  private static final byte[] INDEX_HTM = "/index.htm".getBytes(StandardCharsets.US_ASCII);

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
  private final PackedStrings.Builder agents = new PackedStrings.Builder(64);

  /** Per lower-case name, the groups it names, ascending, without repeats. */
  private final Map<String, Ints> nameGroups = new LinkedHashMap<>();

  private boolean open;
  private boolean sawRule;

  private final PackedStrings.Builder sitemaps = new PackedStrings.Builder(0);
  private Set<String> seenSitemaps;
  private final Ints recordLines = new Ints(0);
  private final PackedStrings.Builder records = new PackedStrings.Builder(0);
  private int unknownKept;
  private boolean unknownCapped;
  private int lines;
  private boolean truncated;

  CompactBuilder(ParseOptions options) {
    this.options = options;
    this.normalises = options.profile().normalisesPercentEncoding();
    this.impliesIndexDirectory = options.profile().indexHtmAllowsDirectory();
    this.rules = new PatternCollector(normalises, 32, 512);
  }

  @Override
  public void onDirective(int line, Directive directive, String value, int valueColumn) {
    byte[] b = ByteStrings.bytes(value);
    onDirective(line, directive, b, 0, b.length, valueColumn);
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
          String url = new String(d, from, to - from, StandardCharsets.ISO_8859_1);
          seenSitemaps = seenSitemaps == null ? new HashSet<>() : seenSitemaps;
          if (seenSitemaps.add(url)) {
            sitemaps.add(d, from, to);
          }
        }
      }
      case CRAWL_DELAY -> pace(Pacing.of(CrawlDelays.parse(latin1(d, from, to)), null, null));
      case REQUEST_RATE ->
          pace(Pacing.of(null, RequestRate.parse(latin1(d, from, to)).orElse(null), null));
      case VISIT_TIME ->
          pace(Pacing.of(null, null, VisitTime.parse(latin1(d, from, to)).orElse(null)));
      case HOST -> record(line, "host", d, from, to);
      case CLEAN_PARAM -> record(line, "clean-param", d, from, to);
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
  public void onUnknown(int line, String key, String value, int keyColumn) {
    byte[] k = ByteStrings.bytes(key);
    byte[] v = ByteStrings.bytes(value);
    keep(line, k, 0, k.length, v, 0, v.length);
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
    String name = groupName(d, from, to);
    Ints named = nameGroups.computeIfAbsent(name, k -> new Ints(1));
    if (named.size() == 0 || named.last() != group) {
      named.add(group);
    }
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

  private void record(int line, String key, byte[] d, int from, int to) {
    recordLines.add(line);
    records.add(key);
    records.add(d, from, to);
  }

  /**
   * The parsed file. Its strings (user-agent values, group names, sitemaps, records, texts as
   * written) go into one shared store, each kind from its own base index.
   */
  RobotsTxt build() {
    PackedStrings.Builder names = new PackedStrings.Builder(nameGroups.size() * 8);
    for (String name : nameGroups.keySet()) {
      names.add(name);
    }
    PackedStrings.Builder all = agents;
    int nameBase = all.addAll(names);
    int sitemapBase = all.addAll(sitemaps);
    int recordBase = all.addAll(records);
    int formBase = rules.appendForms(all);
    if (usage != null) {
      usage.appendStrings(all);
    }
    PackedStrings strings = all.build();
    RuleTable ruleTable = rules.build(implied.toArray(), strings, formBase);
    UsageTable usageTable =
        usage == null ? UsageTable.NONE : usage.build(strings, groupLines.size());
    RobotsTxt.Parts p = new RobotsTxt.Parts();
    p.options = options;
    p.rules = ruleTable;
    p.groups = groups(strings, nameBase);
    p.usage = usageTable;
    p.strings = strings;
    p.sitemapBase = sitemapBase;
    p.sitemapCount = sitemaps.size();
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
    List<Ints> several = new ArrayList<>();
    List<Integer> severalSelection = new ArrayList<>();
    int n = 0;
    for (Ints groupsOfName : nameGroups.values()) {
      int s;
      if (groupsOfName.size() == 1) {
        int g = groupsOfName.get(0);
        s = groupSelection[g];
        if (s < 0) {
          s = selectionStart.size();
          groupSelection[g] = s;
          addSelection(groupsOfName, selectionStart, selectionGroups);
        }
      } else {
        int found = indexOfEqual(several, groupsOfName);
        if (found >= 0) {
          s = severalSelection.get(found);
        } else {
          s = selectionStart.size();
          several.add(groupsOfName);
          severalSelection.add(s);
          addSelection(groupsOfName, selectionStart, selectionGroups);
        }
      }
      nameSelection[n++] = s;
    }
    Ints globals = new Ints(1);
    for (int g = 0; g < groupCount; g++) {
      if (groupGlobal.get(g) != 0) {
        globals.add(g);
      }
    }
    addSelection(globals, selectionStart, selectionGroups);
    selectionStart.add(selectionGroups.size());
    int[] ruleStart = Arrays.copyOf(groupRuleStart.toArray(), groupCount + 1);
    ruleStart[groupCount] = rules.size();
    int[] agentStart = Arrays.copyOf(groupAgentStart.toArray(), groupCount + 1);
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

  private static int indexOfEqual(List<Ints> lists, Ints wanted) {
    for (int k = 0; k < lists.size(); k++) {
      if (lists.get(k).sameAs(wanted)) {
        return k;
      }
    }
    return -1;
  }

  /**
   * The group name of the user-agent value {@code d[from, to)}: its leading run of {@code A-Z a-z _
   * -}, lower-cased, as {@link UserAgents#groupName} takes it, made from the bytes at once.
   */
  private static String groupName(byte[] d, int from, int to) {
    int end = from;
    boolean upper = false;
    while (end < to) {
      int c = d[end];
      boolean lower = (c >= 'a' && c <= 'z') || c == '_' || c == '-';
      boolean capital = c >= 'A' && c <= 'Z';
      if (!lower && !capital) {
        break;
      }
      upper |= capital;
      end++;
    }
    if (!upper) {
      return new String(d, from, end - from, StandardCharsets.ISO_8859_1);
    }
    byte[] name = Arrays.copyOfRange(d, from, end);
    for (int i = 0; i < name.length; i++) {
      if (name[i] >= 'A' && name[i] <= 'Z') {
        name[i] += 'a' - 'A';
      }
    }
    return new String(name, StandardCharsets.ISO_8859_1);
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
}
