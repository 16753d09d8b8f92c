package crawlercommons.robots;

import io.github.reactiverobots.crawlercommons.ReactiveRobotRules;
import io.github.reactiverobots.crawlercommons.ReactiveRobotsParser;
import java.io.Serializable;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The test seam's rules (see {@link SimpleRobotRulesParser}): crawler-commons 1.6's {@code
 * SimpleRobotRules} signatures, every answer given by a {@link ReactiveRobotRules}: the adapter's
 * own for rules it parsed, or, for rules built with {@link #addRule}, the adapter's rules of a
 * one-group robots.txt holding those rules. Test scope only.
 */
public class SimpleRobotRules extends BaseRobotRules {
  private static final long serialVersionUID = 1L;

  /** crawler-commons' modes. */
  public enum RobotRulesMode {
    ALLOW_ALL,
    ALLOW_NONE,
    ALLOW_SOME
  }

  /** One rule as crawler-commons lists it: its pattern and whether it allows. */
  public static class RobotRule implements Comparable<RobotRule>, Serializable {
    private static final long serialVersionUID = 1L;
    String _prefix;
    boolean _allow;

    public RobotRule(String prefix, boolean allow) {
      _prefix = prefix;
      _allow = allow;
    }

    public boolean isAllow() {
      return _allow;
    }

    public String getPrefix() {
      return _prefix;
    }

    @Override
    public int compareTo(RobotRule o) {
      return Integer.compare(o._prefix.length(), _prefix.length());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof RobotRule r && r._allow == _allow && r._prefix.equals(_prefix);
    }

    @Override
    public int hashCode() {
      return Objects.hash(_prefix, _allow);
    }
  }

  protected ArrayList<RobotRule> _rules = new ArrayList<>();
  protected RobotRulesMode _mode;
  private ReactiveRobotRules adapted;

  public SimpleRobotRules() {
    this(RobotRulesMode.ALLOW_SOME);
  }

  public SimpleRobotRules(RobotRulesMode mode) {
    _mode = mode;
  }

  /** The adapter's rules, as crawler-commons' type. */
  SimpleRobotRules(ReactiveRobotRules rules) {
    adapted = rules;
    _mode =
        rules.isAllowAll()
            ? RobotRulesMode.ALLOW_ALL
            : rules.isAllowNone() ? RobotRulesMode.ALLOW_NONE : RobotRulesMode.ALLOW_SOME;
    setCrawlDelay(rules.getCrawlDelay());
    setDeferVisits(rules.isDeferVisits());
    setMatchedWildcard(rules.isMatchedWildcard());
    rules.getSitemaps().forEach(this::addSitemap);
    for (var r : rules.rules()) {
      _rules.add(new RobotRule(r.pattern(), r.allow()));
    }
  }

  public void clearRules() {
    _rules.clear();
    adapted = null;
  }

  public void addRule(String prefix, boolean allow) {
    _rules.add(new RobotRule(prefix, allow));
    adapted = null;
  }

  public List<RobotRule> getRobotRules() {
    return _rules;
  }

  /** Rule order does not matter to the adapter: the longest match decides. */
  public void sortRules() {}

  @Override
  public boolean isAllowed(String url) {
    return rules().isAllowed(url);
  }

  @Override
  public boolean isAllowed(URL url) {
    return rules().isAllowed(url);
  }

  @Override
  public boolean isAllowAll() {
    return rules().isAllowAll();
  }

  @Override
  public boolean isAllowNone() {
    return rules().isAllowNone();
  }

  private ReactiveRobotRules rules() {
    ReactiveRobotRules r = adapted;
    if (r == null) {
      ReactiveRobotsParser parser = new ReactiveRobotsParser();
      r =
          switch (_mode) {
            case ALLOW_ALL -> parser.failedFetch(404);
            case ALLOW_NONE -> parser.failedFetch(503);
            case ALLOW_SOME -> parser.parseContent(null, body(), "text/plain", List.of("crawler"));
          };
      adapted = r;
    }
    return r;
  }

  private byte[] body() {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (RobotRule r : _rules) {
      sb.append(r._allow ? "Allow: " : "Disallow: ").append(r._prefix).append('\n');
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && o instanceof SimpleRobotRules other && rules().equals(other.rules());
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + rules().hashCode();
  }

  @Override
  public String toString() {
    return "SimpleRobotRules(seam){" + rules() + '}';
  }
}
