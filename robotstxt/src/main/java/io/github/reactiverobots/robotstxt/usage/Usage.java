package io.github.reactiverobots.robotstxt.usage;

import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How a crawler may use what it fetches at one URL, as that origin's robots.txt says (SEMANTICS.md
 * §8): the crawl {@link Verdict}, then per category of use (draft-ietf-aipref-vocab) allow,
 * disallow or unknown with the {@code Content-Usage} rule and line that decided it, and the {@code
 * Content-Signal} records of the crawler's groups. Preferences apply only to what may be fetched:
 * for a disallowed URL every category is unknown (draft-ietf-aipref-attach §3.1). Immutable and
 * thread-safe.
 */
public final class Usage {
  private static final UsageCategory[] CATEGORIES = UsageCategory.values();

  private final Verdict verdict;
  private final UsageDecision[] decisions;
  private final ContentSignals signals;

  private Usage(Verdict verdict, UsageDecision[] decisions, ContentSignals signals) {
    this.verdict = verdict;
    this.decisions = decisions;
    this.signals = signals;
  }

  /**
   * The answer for one URL.
   *
   * @param verdict the crawl verdict for the URL
   * @param decisions at most one decision per category, in any order; a category without one is
   *     unknown. Ignored when {@code verdict} disallows the URL.
   * @param signals the content signals of the crawler's groups
   * @return the answer
   * @throws IllegalArgumentException if two decisions are for the same category
   */
  public static Usage of(Verdict verdict, List<UsageDecision> decisions, ContentSignals signals) {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(signals, "signals");
    UsageDecision[] byCategory = new UsageDecision[CATEGORIES.length];
    if (verdict.allowed()) {
      for (UsageDecision d : decisions) {
        if (byCategory[d.category().ordinal()] != null) {
          throw new IllegalArgumentException("two decisions for " + d.category());
        }
        byCategory[d.category().ordinal()] = d;
      }
    }
    for (UsageCategory c : CATEGORIES) {
      if (byCategory[c.ordinal()] == null) {
        byCategory[c.ordinal()] = new UsageDecision(c, Preference.UNKNOWN, null);
      }
    }
    return new Usage(verdict, byCategory, signals);
  }

  /**
   * The crawl verdict: whether the URL may be fetched at all, and why.
   *
   * @return the verdict
   */
  public Verdict verdict() {
    return verdict;
  }

  /**
   * Whether usage preferences apply: only to a URL that may be fetched.
   *
   * @return {@code verdict().allowed()}
   */
  public boolean applies() {
    return verdict.allowed();
  }

  /**
   * The decision about {@code category}.
   *
   * @param category a category of use
   * @return the preference with its deciding rule
   */
  public UsageDecision decision(UsageCategory category) {
    return decisions[category.ordinal()];
  }

  /**
   * The preference about {@code category}.
   *
   * @param category a category of use
   * @return allow, disallow or unknown
   */
  public Preference preference(UsageCategory category) {
    return decisions[category.ordinal()].preference();
  }

  /**
   * The decisions, one per category, in {@link UsageCategory} order.
   *
   * @return an immutable list
   */
  public List<UsageDecision> decisions() {
    return List.of(decisions);
  }

  /**
   * The {@code Content-Signal} records of the crawler's groups, combined.
   *
   * @return the signals; {@link ContentSignals#NONE} when there is none
   */
  public ContentSignals signals() {
    return signals;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Usage u
        && verdict.equals(u.verdict)
        && Arrays.equals(decisions, u.decisions)
        && signals.equals(u.signals);
  }

  @Override
  public int hashCode() {
    return Objects.hash(verdict, Arrays.hashCode(decisions), signals);
  }

  @Override
  public String toString() {
    return "Usage{" + verdict + ", " + Arrays.toString(decisions) + ", " + signals + '}';
  }
}
