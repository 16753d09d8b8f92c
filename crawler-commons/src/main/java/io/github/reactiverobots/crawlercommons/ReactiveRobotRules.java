package io.github.reactiverobots.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.net.URL;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * One crawler's rules for one origin as crawler-commons' {@link BaseRobotRules}, answered by
 * reactive-robots' compiled matcher ({@link AgentRules}): what {@link ReactiveRobotsParser} and
 * {@link BlockingRobotsCache} hand a crawler.
 *
 * <ul>
 *   <li>{@link #isAllowed(String)}: the verdict SEMANTICS.md §4 gives for the URL (an absolute
 *       http(s) URL is read as the cache reads it, anything else leniently); a URL the cache
 *       refuses ({@link InvalidUrlException}) is not allowed.
 *   <li>{@link #getCrawlDelay()}: the crawl-delay of the crawler's groups in milliseconds
 *       (SEMANTICS §5: the longest, clamped at a year), or {@link #UNSET_CRAWL_DELAY}.
 *   <li>{@link #getSitemaps()}: the file's sitemaps in order, duplicates dropped, a relative one
 *       resolved against the robots.txt URL.
 *   <li>{@link #isAllowAll()} and {@link #isAllowNone()} are true only when every path gets that
 *       answer: a blanket answer (SEMANTICS.md §6), no disallow rule among the crawler's rules (or
 *       each met by an allow of the same pattern, which wins the tie), or, for none, a {@code
 *       GOOGLE} file whose only rules disallow every path ({@code RFC_9309} always allows {@code
 *       /robots.txt}). A file whose disallows are all outweighed by longer allows answers false,
 *       and each of its checks allows.
 *   <li>{@link #isDeferVisits()}: true exactly for the outcomes SEMANTICS.md §6 calls unreachable
 *       (429, 5xx, a network failure, with no good copy) and a crawler-side fault: visit later.
 *   <li>{@link #isMatchedWildcard()}: the {@code *} group was used, no group naming the crawler.
 * </ul>
 *
 * <p>Serializable: written as its profile, its blanket answer or, for a parsed file, the crawler's
 * rules alone as a one-group robots.txt, and the fields above (see {@link SerialForm}); read back,
 * it parses that group again and answers as before. Equal when those forms are equal. Immutable
 * once made, apart from the setters {@link BaseRobotRules} has; thread-safe for reading.
 */
public final class ReactiveRobotRules extends BaseRobotRules {
  @Serial private static final long serialVersionUID = 1L;

  /** Which of the three kinds of answer these rules give. */
  enum Mode {
    ALLOW_ALL,
    ALLOW_NONE,
    RULES
  }

  private final transient Mode mode;
  private final transient Profile profile;

  /** The crawler's compiled rules; null for a blanket answer. */
  private final transient AgentRules rules;

  /** The file the rules came from; null when blanket. */
  private final transient RobotsTxt robots;

  /**
   * The crawler the rules were selected for, kept with {@link #rawBody} only; null for a blanket
   * answer or no name.
   */
  private transient CrawlerIdentity crawler;

  /**
   * The file's sitemaps with the relative ones resolved, when it has a relative one; else null and
   * the file's own list is the answer (never copied into {@link BaseRobotRules}' set, which holds
   * only those added later).
   */
  private transient List<String> resolvedSitemaps;

  /**
   * The body as parsed, kept only when it is not UTF-8: then the patterns' texts are not its bytes,
   * and the serialised form holds the body itself.
   */
  private transient byte[] rawBody;

  private ReactiveRobotRules(Mode mode, Profile profile, RobotsTxt robots, AgentRules rules) {
    this.mode = mode;
    this.profile = profile;
    this.robots = robots;
    this.rules = rules;
  }

  /**
   * A blanket answer: every path allowed, or none (then the visits are deferred when {@code
   * defer}).
   */
  static ReactiveRobotRules blanket(boolean allowed, boolean defer) {
    ReactiveRobotRules r =
        new ReactiveRobotRules(
            allowed ? Mode.ALLOW_ALL : Mode.ALLOW_NONE, Profile.RFC_9309, null, null);
    r.setDeferVisits(defer);
    return r;
  }

  /**
   * The rules of {@code crawler} in {@code robots} (of the {@code *} groups alone when it is null:
   * a crawler with no name), its sitemaps resolved against {@code robotsUrl} (kept as written when
   * that is no URL).
   */
  static ReactiveRobotRules of(RobotsTxt robots, CrawlerIdentity crawler, String robotsUrl) {
    return of(robots, crawler, robotsUrl, null);
  }

  /**
   * {@link #of(RobotsTxt, CrawlerIdentity, String)} of a body the caller parsed, which is kept
   * (copied) when it is not UTF-8, for the serialised form.
   */
  static ReactiveRobotRules of(
      RobotsTxt robots, CrawlerIdentity crawler, String robotsUrl, byte[] body) {
    ReactiveRobotRules r = selected(robots, crawler, robotsUrl);
    if (body != null && !Utf8.isValid(body)) {
      r.rawBody = body.clone();
      r.crawler = crawler;
    }
    return r;
  }

  private static ReactiveRobotRules selected(
      RobotsTxt robots, CrawlerIdentity crawler, String robotsUrl) {
    Set<String> names = robots.groupNames();
    AgentRules selected = robots.forAgent(crawler == null ? unnamed(names) : crawler.token());
    ReactiveRobotRules r =
        new ReactiveRobotRules(Mode.RULES, robots.options().profile(), robots, selected);
    r.setCrawlDelay(
        selected.crawlDelay().map(Duration::toMillis).orElse(BaseRobotRules.UNSET_CRAWL_DELAY));
    boolean named = false;
    for (String token : crawler == null ? List.<String>of() : crawler.chain()) {
      named |= names.contains(token.toLowerCase(Locale.ROOT));
    }
    r.setMatchedWildcard(selected.hasGroup() && !named);
    r.resolvedSitemaps = Sitemaps.resolved(robots.sitemaps(), robotsUrl);
    return r;
  }

  /** A token no group of the file is named by, whose rules are the {@code *} groups'. */
  private static String unnamed(Set<String> names) {
    String token = "-";
    while (names.contains(token)) {
      token += "-";
    }
    return token;
  }

  /**
   * The file's sitemaps in order, duplicates dropped, relative ones resolved against the robots.txt
   * URL; then any added with {@link #addSitemap}.
   *
   * @return an immutable list
   */
  @Override
  public List<String> getSitemaps() {
    List<String> own =
        resolvedSitemaps != null
            ? resolvedSitemaps
            : robots == null ? List.of() : robots.sitemaps();
    List<String> added = super.getSitemaps();
    if (added.isEmpty()) {
      return own;
    }
    LinkedHashSet<String> all = new LinkedHashSet<>(own);
    all.addAll(added);
    return List.copyOf(all);
  }

  /**
   * Whether the crawler may fetch {@code url} (SEMANTICS.md §4).
   *
   * @param url an absolute URL, or a path starting with {@code /}
   * @return whether it may be fetched; false for a URL the cache refuses
   */
  @Override
  public boolean isAllowed(String url) {
    return switch (mode) {
      case ALLOW_ALL -> true;
      case ALLOW_NONE -> false;
      case RULES -> allowedByRules(Objects.requireNonNull(url, "url"));
    };
  }

  private boolean allowedByRules(String url) {
    try {
      return url.startsWith("/") ? rules.check(url).allowed() : rules.checkUrl(url).allowed();
    } catch (InvalidUrlException e) {
      return false;
    }
  }

  /**
   * Whether the crawler may fetch {@code url}; as {@link #isAllowed(String)} of its text.
   *
   * @param url the URL
   * @return whether it may be fetched
   */
  @Override
  public boolean isAllowed(URL url) {
    return isAllowed(url.toString());
  }

  /**
   * Whether every path is allowed, as the class comment says.
   *
   * @return true only when no path is disallowed
   */
  @Override
  public boolean isAllowAll() {
    return mode == Mode.ALLOW_ALL || (mode == Mode.RULES && everyDisallowTied());
  }

  /**
   * Whether every path is disallowed, as the class comment says.
   *
   * @return true only when no path is allowed
   */
  @Override
  public boolean isAllowNone() {
    return mode == Mode.ALLOW_NONE || (mode == Mode.RULES && googleDisallowsAll());
  }

  /** Whether each disallow rule is met by an allow of the same pattern, which wins the tie. */
  private boolean everyDisallowTied() {
    List<Rule> all = rules.rules();
    Set<String> allowed = new HashSet<>();
    for (Rule r : all) {
      if (r.allow()) {
        allowed.add(robots.patternAsMatched(r));
      }
    }
    for (Rule r : all) {
      if (!r.allow() && !allowed.contains(robots.patternAsMatched(r))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether, under {@code GOOGLE} (which does not always allow {@code /robots.txt}), no allow rule
   * applies and an unanchored disallow matches {@code /}, and so every path.
   */
  private boolean googleDisallowsAll() {
    if (profile != Profile.GOOGLE || rules.rules().stream().anyMatch(Rule::allow)) {
      return false;
    }
    return rules.check("/").rule().map(r -> !r.pattern().endsWith("$")).orElse(false);
  }

  /** The profile the rules were parsed with ({@code RFC_9309} for a blanket answer). */
  Profile profile() {
    return profile;
  }

  /** The kind of answer. */
  Mode mode() {
    return mode;
  }

  /** The crawler's compiled rules, or null for a blanket answer. */
  AgentRules agentRules() {
    return rules;
  }

  /**
   * The crawler's allow and disallow rules as written, in file order (the merged groups').
   *
   * @return an immutable list; empty for a blanket answer
   */
  public List<Rule> rules() {
    return rules == null ? List.of() : rules.rules();
  }

  /** The file the rules came from, or null for a blanket answer. */
  RobotsTxt robotsTxt() {
    return robots;
  }

  /** The body as parsed when it is not UTF-8, else null. */
  byte[] rawBody() {
    return rawBody;
  }

  /** The crawler the rules were selected for, or null. */
  CrawlerIdentity crawler() {
    return crawler;
  }

  /** The serialised form's bytes, made from the current state. */
  private byte[] form() {
    return SerialForm.bytes(this);
  }

  /**
   * Rules made again from a serialised form: a blanket answer, or {@code body} parsed under {@code
   * profile} for any crawler (it holds one {@code *} group).
   */
  static ReactiveRobotRules restored(Mode mode, Profile profile, byte[] body) {
    if (mode != Mode.RULES) {
      return new ReactiveRobotRules(mode, Profile.RFC_9309, null, null);
    }
    RobotsTxt robots = SerialForm.parse(body, ParseOptions.of(profile));
    return new ReactiveRobotRules(mode, profile, robots, robots.forAgent("crawler"));
  }

  /** Rules made again from a form holding a whole body that is not UTF-8, and the crawler. */
  static ReactiveRobotRules restoredWhole(Profile profile, byte[] body, CrawlerIdentity crawler) {
    ParseOptions options = ParseOptions.of(profile);
    RobotsTxt robots =
        SerialForm.parse(body, crawler == null ? options : options.withFallbacks(crawler));
    ReactiveRobotRules r = of(robots, crawler, null, body);
    // The form holds the sitemaps as they were answered, resolved; they are added back to it.
    r.resolvedSitemaps = List.of();
    return r;
  }

  /**
   * Serialises these rules as their {@link SerialForm}.
   *
   * @return the form
   * @throws NotSerializableException for rules from the cache whose patterns are not UTF-8
   */
  @Serial
  private Object writeReplace() throws NotSerializableException {
    byte[] f = form();
    if ((SerialForm.flags(f) & SerialForm.INEXACT) != 0) {
      throw new NotSerializableException(
          "these rules hold patterns that are not UTF-8 and came from a RobotsCache, which keeps no"
              + " body to write them exactly: serialise rules made by ReactiveRobotsParser");
    }
    return new SerialForm(f);
  }

  /**
   * Refuses a stream that holds these rules other than as their form.
   *
   * @param in the stream
   * @throws InvalidObjectException always
   */
  @Serial
  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw new InvalidObjectException("ReactiveRobotRules is read through its serial form");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReactiveRobotRules other && Arrays.equals(form(), other.form());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(form());
  }

  @Override
  public String toString() {
    return "ReactiveRobotRules{"
        + (mode == Mode.RULES ? profile + ", " + rules.rules().size() + " rules" : mode)
        + ", crawlDelay="
        + getCrawlDelay()
        + ", deferVisits="
        + isDeferVisits()
        + ", sitemaps="
        + getSitemaps()
        + '}';
  }
}
