package io.github.reactiverobots.robotstxt.page;

import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.time.Instant;
import java.util.Objects;

/**
 * The robots.txt answer and the page's own directives for one URL and crawler, combined: may it be
 * fetched, indexed, followed, shown as a snippet, and how may it be used. Preferences about a
 * category of use combine most restrictively (draft-ietf-aipref-vocab §5.1) three statements: the
 * robots.txt {@code Content-Usage} rule, the page's {@code Content-Usage} header, and the
 * robots.txt {@code Content-Signal} closest to the category ({@code ai-train} for {@code train-ai},
 * {@code ai-input} for {@code ai-use}, {@code search} for {@code search}; see {@link
 * ContentSignal#closestCategory()}). A URL robots.txt disallows has no page directives and no
 * preferences: everything but the verdict is then unknown or false. Immutable and thread-safe.
 */
public final class PagePermissions {
  private final Usage robots;
  private final PageDirectives page;

  private PagePermissions(Usage robots, PageDirectives page) {
    this.robots = robots;
    this.page = page;
  }

  /**
   * Combines the robots.txt answer for a URL with the directives its response carried.
   *
   * @param robots the robots.txt answer for the URL and crawler
   * @param page the page's directives for the same crawler ({@link PageDirectives#NONE} when the
   *     page was not fetched)
   * @return the combination
   */
  public static PagePermissions of(Usage robots, PageDirectives page) {
    return new PagePermissions(
        Objects.requireNonNull(robots, "robots"), Objects.requireNonNull(page, "page"));
  }

  /**
   * Whether robots.txt allows fetching the URL.
   *
   * @return the verdict's answer
   */
  public boolean mayFetch() {
    return robots.verdict().allowed();
  }

  /**
   * Whether the page may be indexed at {@code now}: fetchable, no {@code noindex}, not past its
   * {@code unavailable_after}.
   *
   * @param now the time of the decision
   * @return the answer
   */
  public boolean mayIndex(Instant now) {
    return mayFetch() && page.mayIndexAt(now);
  }

  /**
   * Whether the page's links may be followed: fetchable and no {@code nofollow}.
   *
   * @return the answer
   */
  public boolean mayFollow() {
    return mayFetch() && page.mayFollow();
  }

  /**
   * Whether a snippet may be shown: fetchable, no {@code nosnippet}, no {@code max-snippet:0}.
   *
   * @return the answer
   */
  public boolean maySnippet() {
    return mayFetch() && page.maySnippet();
  }

  /**
   * The combined preference about {@code category}.
   *
   * @param category a category of use
   * @return allow, disallow or unknown; unknown when the URL may not be fetched
   */
  public Preference preference(UsageCategory category) {
    if (!mayFetch()) {
      return Preference.UNKNOWN;
    }
    Preference p = robots.preference(category).mostRestrictive(page.usage(category));
    for (ContentSignal s : ContentSignal.values()) {
      if (s.closestCategory() == category) {
        p = p.mostRestrictive(robots.signals().preference(s));
      }
    }
    return p;
  }

  /**
   * The robots.txt answer.
   *
   * @return the answer this was made from
   */
  public Usage robots() {
    return robots;
  }

  /**
   * The page's directives.
   *
   * @return the directives this was made from
   */
  public PageDirectives page() {
    return page;
  }

  @Override
  public String toString() {
    return "PagePermissions{" + robots + ", " + page + '}';
  }
}
