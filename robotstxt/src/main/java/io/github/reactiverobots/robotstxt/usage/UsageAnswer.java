package io.github.reactiverobots.robotstxt.usage;

import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One answer to "how may a crawler use what it fetches at this URL, and under which licences"
 * (SEMANTICS.md §8, "How the sources combine"): per {@link Use}, allowed, reserved ({@link
 * Preference#DISALLOW}) or unknown, with the source that decided it, and the licence URLs that
 * apply. Text and data mining is TDMRep's answer; each aipref category combines most restrictively
 * the page's {@code Content-Usage} header, the robots.txt {@code Content-Usage} rule, the closest
 * {@code Content-Signal} and, for AI training only, a TDMRep reservation. A URL robots.txt
 * disallows has no usage answer: every use is then unknown. Made by a pure function of its inputs;
 * immutable and thread-safe.
 *
 * @param verdict the crawl verdict for the URL
 * @param decisions one decision per use, in {@link Use} order
 * @param licenses the licence URLs, robots.txt {@code License:} records first, then the page's
 *     {@code Link} headers and {@code <link>} tags, duplicates dropped
 * @param tdmPolicy the TDMRep {@code tdm-policy} URL as written; empty when none was given
 */
public record UsageAnswer(
    Verdict verdict, List<Decision> decisions, List<License> licenses, String tdmPolicy) {
  private static final Use[] USES = Use.values();

  /**
   * Copies the lists and checks there is one decision per use, in order.
   *
   * @param verdict the crawl verdict
   * @param decisions one decision per use, in {@link Use} order
   * @param licenses the licence URLs
   * @param tdmPolicy the policy URL, or empty
   * @throws NullPointerException if any part is null
   * @throws IllegalArgumentException if {@code decisions} is not one per use in order
   */
  public UsageAnswer {
    Objects.requireNonNull(verdict, "verdict");
    decisions = List.copyOf(decisions);
    licenses = List.copyOf(licenses);
    Objects.requireNonNull(tdmPolicy, "tdmPolicy");
    if (decisions.size() != USES.length) {
      throw new IllegalArgumentException("one decision per use expected: " + decisions);
    }
    for (int k = 0; k < USES.length; k++) {
      if (decisions.get(k).use() != USES[k]) {
        throw new IllegalArgumentException("decision " + k + " is not for " + USES[k]);
      }
    }
  }

  /**
   * What robots.txt alone says: its {@code Content-Usage} rules and {@code Content-Signal} records,
   * and its {@code License:} records (the synchronous answer of a parsed file).
   *
   * @param robots the robots.txt usage answer for the URL and crawler
   * @param robotsLicenses the file's {@code License:} URLs ({@code RobotsTxt.licenses()})
   * @return the answer; text and data mining unknown
   */
  public static UsageAnswer of(Usage robots, List<String> robotsLicenses) {
    return of(robots, robotsLicenses, TdmReservation.UNKNOWN);
  }

  /**
   * What robots.txt and TDMRep say, without the page's response (what a cache answers).
   *
   * @param robots the robots.txt usage answer for the URL and crawler
   * @param robotsLicenses the file's {@code License:} URLs
   * @param tdm the TDMRep statement ({@link TdmReservation#UNKNOWN} when none)
   * @return the answer
   */
  public static UsageAnswer of(Usage robots, List<String> robotsLicenses, TdmReservation tdm) {
    return of(robots, Map.of(), tdm, licenses(robotsLicenses));
  }

  /**
   * Combines every source (SEMANTICS.md §8): the robots.txt answer, the page's {@code
   * Content-Usage} header, the TDMRep statement (file, headers and HTML already merged, {@link
   * TdmReservation#merge}) and the licence links.
   *
   * @param robots the robots.txt usage answer for the URL and crawler
   * @param pageUsage the page's {@code Content-Usage} header per category (a missing category is
   *     unknown; empty when the page was not fetched)
   * @param tdm the TDMRep statement ({@link TdmReservation#UNKNOWN} when none)
   * @param licenses the licence links, in order ({@link #licenses(List)} for robots.txt's)
   * @return the answer
   */
  public static UsageAnswer of(
      Usage robots,
      Map<UsageCategory, Preference> pageUsage,
      TdmReservation tdm,
      List<License> licenses) {
    Objects.requireNonNull(robots, "robots");
    Objects.requireNonNull(pageUsage, "pageUsage");
    Objects.requireNonNull(tdm, "tdm");
    List<Decision> decisions = new ArrayList<>(USES.length);
    for (Use use : USES) {
      decisions.add(robots.applies() ? decide(use, robots, pageUsage, tdm) : Decision.unknown(use));
    }
    List<License> distinct = new ArrayList<>(licenses.size());
    Set<String> seen = new HashSet<>();
    for (License l : licenses) {
      if (seen.add(l.url())) {
        distinct.add(l);
      }
    }
    return new UsageAnswer(robots.verdict(), decisions, distinct, tdm.policy());
  }

  /**
   * robots.txt {@code License:} URLs as licence links from {@link UsageSource#LICENSE}.
   *
   * @param urls the URLs as written
   * @return the links, in order
   */
  public static List<License> licenses(List<String> urls) {
    List<License> out = new ArrayList<>(urls.size());
    for (String url : urls) {
      out.add(new License(url, "", UsageSource.LICENSE));
    }
    return List.copyOf(out);
  }

  /**
   * The decision about {@code use}.
   *
   * @param use a use
   * @return its decision
   */
  public Decision decision(Use use) {
    return decisions.get(use.ordinal());
  }

  /**
   * The answer about {@code use}.
   *
   * @param use a use
   * @return allowed, reserved ({@link Preference#DISALLOW}) or unknown
   */
  public Preference preference(Use use) {
    return decision(use).preference();
  }

  /**
   * The TDMRep policy URL.
   *
   * @return the URL as written; empty when none was given
   */
  public Optional<String> tdmPolicyUrl() {
    return tdmPolicy.isEmpty() ? Optional.empty() : Optional.of(tdmPolicy);
  }

  private static Decision decide(
      Use use, Usage robots, Map<UsageCategory, Preference> pageUsage, TdmReservation tdm) {
    if (use == Use.TEXT_AND_DATA_MINING) {
      Preference p =
          tdm.reservation() == Reservation.RESERVED
              ? Preference.DISALLOW
              : tdm.reservation() == Reservation.NOT_RESERVED
                  ? Preference.ALLOW
                  : Preference.UNKNOWN;
      return new Decision(use, p, tdm.source(), 0);
    }
    UsageCategory category = use.category().orElseThrow();
    // The statements in the order that names the source of a tie.
    List<Decision> said = new ArrayList<>(4);
    said.add(
        new Decision(
            use,
            pageUsage.getOrDefault(category, Preference.UNKNOWN),
            UsageSource.CONTENT_USAGE_HEADER,
            0));
    UsageDecision rule = robots.decision(category);
    said.add(
        new Decision(
            use,
            rule.preference(),
            UsageSource.CONTENT_USAGE,
            rule.deciding().map(UsageRule::line).orElse(0)));
    for (ContentSignal s : ContentSignal.values()) {
      if (s.closestCategory() == category) {
        said.add(
            new Decision(
                use,
                robots.signals().preference(s),
                UsageSource.CONTENT_SIGNAL,
                robots.signals().line(s).orElse(0)));
      }
    }
    if (category == UsageCategory.TRAIN_AI && tdm.reserved()) {
      said.add(new Decision(use, Preference.DISALLOW, tdm.source(), 0));
    }
    for (Preference wanted : new Preference[] {Preference.DISALLOW, Preference.ALLOW}) {
      for (Decision d : said) {
        if (d.preference() == wanted) {
          return d;
        }
      }
    }
    return Decision.unknown(use);
  }

  /** The uses the answer is about. */
  public enum Use {
    /** Text and data mining (EU DSM Directive art. 4), as TDMRep reserves it. */
    TEXT_AND_DATA_MINING(null),
    /** AI training: the aipref {@code train-ai} category. */
    TRAIN_AI(UsageCategory.TRAIN_AI),
    /** AI use (input to a model): the aipref {@code ai-use} category. */
    AI_USE(UsageCategory.AI_USE),
    /** Search: the aipref {@code search} category. */
    SEARCH(UsageCategory.SEARCH);

    private final UsageCategory category;

    Use(UsageCategory category) {
      this.category = category;
    }

    /**
     * The aipref category of this use.
     *
     * @return the category; empty for text and data mining, which aipref no longer names
     */
    public Optional<UsageCategory> category() {
      return Optional.ofNullable(category);
    }

    /**
     * The name the tester and JSON use: {@code tdm} or the category's label.
     *
     * @return the name, such as {@code train-ai}
     */
    public String label() {
      return category == null ? "tdm" : category.label();
    }
  }

  /**
   * The answer about one use and the source that decided it.
   *
   * @param use the use
   * @param preference allowed, reserved ({@link Preference#DISALLOW}) or unknown
   * @param source the deciding source; {@link UsageSource#NONE} when unknown
   * @param line the robots.txt line of the deciding {@code Content-Usage} rule or {@code
   *     Content-Signal} record; 0 for another source or when unknown
   */
  public record Decision(Use use, Preference preference, UsageSource source, int line) {
    /**
     * Checks the parts are present and agree; an unknown answer keeps no source and no line.
     *
     * @param use the use
     * @param preference the answer
     * @param source the deciding source
     * @param line the robots.txt line, or 0
     * @throws NullPointerException if any part is null
     * @throws IllegalArgumentException if a known answer has no source
     */
    public Decision {
      Objects.requireNonNull(use, "use");
      Objects.requireNonNull(preference, "preference");
      Objects.requireNonNull(source, "source");
      if (preference == Preference.UNKNOWN) {
        source = UsageSource.NONE;
        line = 0;
      } else if (source == UsageSource.NONE) {
        throw new IllegalArgumentException(preference + " from " + source);
      }
    }

    static Decision unknown(Use use) {
      return new Decision(use, Preference.UNKNOWN, UsageSource.NONE, 0);
    }

    /**
     * The answer in words: {@code allowed}, {@code reserved} or {@code unknown}.
     *
     * @return the word
     */
    public String answer() {
      return switch (preference) {
        case ALLOW -> "allowed";
        case DISALLOW -> "reserved";
        case UNKNOWN -> "unknown";
      };
    }

    @Override
    public String toString() {
      return use.label()
          + "="
          + answer()
          + (source == UsageSource.NONE
              ? ""
              : " ("
                  + source.name().toLowerCase(Locale.ROOT).replace('_', '-')
                  + (line > 0 ? ", line " + line : "")
                  + ")");
    }
  }

  /**
   * One licence that applies.
   *
   * @param url the URL as written
   * @param type its {@code type} ({@code application/rsl+xml} for an RSL document); empty when not
   *     given
   * @param source {@link UsageSource#LICENSE}, {@link UsageSource#HEADER} or {@link
   *     UsageSource#HTML}
   */
  public record License(String url, String type, UsageSource source) {
    /**
     * Checks the parts are present.
     *
     * @param url the URL as written
     * @param type its type, or empty
     * @param source where it was read
     * @throws NullPointerException if any part is null
     */
    public License {
      Objects.requireNonNull(url, "url");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(source, "source");
    }
  }
}
