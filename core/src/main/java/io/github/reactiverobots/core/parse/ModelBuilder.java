package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Pacing;
import io.github.reactiverobots.core.model.RequestRate;
import io.github.reactiverobots.core.model.Rule;
import io.github.reactiverobots.core.model.VisitTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds the groups and records of a {@link RobotsTxt} from scanner events (SEMANTICS.md §2, §5).
 * Only a rule ({@code allow}, {@code disallow}) ends a run of {@code user-agent} lines; a
 * {@code crawl-delay} between two of them belongs to the one group they open.
 */
final class ModelBuilder implements RobotsParseHandler, AsciiLines {
  final List<Group> groups = new ArrayList<>();
  final Set<String> sitemaps = new LinkedHashSet<>();
  final List<OtherRecord> others = new ArrayList<>();
  int lines;
  boolean truncated;
  boolean unknownCapped;

  private Open open;
  private int unknownKept;
  private boolean asciiLine;

  @Override
  public void nextLineAscii(boolean ascii) {
    asciiLine = ascii;
  }

  /** A value as text: itself on an ASCII line, decoded otherwise. */
  private String text(String byteString) {
    return asciiLine ? byteString : ByteStrings.toText(byteString);
  }

  @Override
  public void onDirective(int line, Directive directive, String value, int valueColumn) {
    switch (directive) {
      case USER_AGENT:
        if (open == null || open.sawRule) {
          close();
          open = new Open(line);
        }
        open.addAgent(value, text(value));
        break;
      case ALLOW:
      case DISALLOW:
        if (open != null) {
          open.sawRule = true;
          if (!value.isEmpty()) {
            open.rules.add(new Rule(directive == Directive.ALLOW, text(value), line));
            open.patternBytes.add(value);
          }
        }
        break;
      case SITEMAP:
        if (!value.isEmpty()) {
          sitemaps.add(text(value));
        }
        break;
      case CRAWL_DELAY:
        if (open != null) {
          open.pacing = open.pacing.stricter(Pacing.of(CrawlDelays.parse(value), null, null));
        }
        break;
      case REQUEST_RATE:
        if (open != null) {
          open.pacing =
              open.pacing.stricter(Pacing.of(null, RequestRate.parse(value).orElse(null), null));
        }
        break;
      case VISIT_TIME:
        if (open != null) {
          open.pacing =
              open.pacing.stricter(Pacing.of(null, null, VisitTime.parse(value).orElse(null)));
        }
        break;
      case HOST:
        others.add(new OtherRecord(line, "host", text(value)));
        break;
      case CLEAN_PARAM:
        others.add(new OtherRecord(line, "clean-param", text(value)));
        break;
      default:
        throw new AssertionError(directive);
    }
  }

  @Override
  public boolean wantsUnknown() {
    return !unknownCapped;
  }

  @Override
  public void onUnknown(int line, String key, String value, int keyColumn) {
    if (unknownKept == RobotsTxt.MAX_UNKNOWN_RECORDS) {
      unknownCapped = true;
      return;
    }
    unknownKept++;
    others.add(new OtherRecord(line, text(key), text(value)));
  }

  @Override
  public void onEnd(int lines, boolean truncated) {
    close();
    this.lines = lines;
    this.truncated = truncated;
  }

  private void close() {
    if (open != null) {
      groups.add(open.build());
      open = null;
    }
  }

  /** The group being read. */
  private static final class Open {
    final int line;
    final List<String> agents = new ArrayList<>(2);
    /** The names in order, without repeats; {@code index} finds repeats once there are many. */
    final List<String> names = new ArrayList<>(2);
    private Set<String> index;
    boolean global;
    boolean sawRule;
    final List<Rule> rules = new ArrayList<>();
    final List<String> patternBytes = new ArrayList<>();
    Pacing pacing = Pacing.NONE;

    Open(int line) {
      this.line = line;
    }

    void addAgent(String value, String text) {
      agents.add(text);
      if (UserAgents.isGlobal(value)) {
        global = true;
      } else {
        addName(UserAgents.groupName(value));
      }
    }

    private void addName(String name) {
      if (index == null && names.size() < 8) {
        if (!names.contains(name)) {
          names.add(name);
        }
        return;
      }
      if (index == null) {
        index = new HashSet<>(names);
      }
      if (index.add(name)) {
        names.add(name);
      }
    }

    Group build() {
      return new Group(line, agents, names, global, rules, patternBytes, pacing);
    }
  }
}
