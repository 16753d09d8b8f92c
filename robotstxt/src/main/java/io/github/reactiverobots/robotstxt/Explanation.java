package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.Rule;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.List;
import java.util.Optional;

/**
 * Why a crawler gets its verdict for a URL in one robots.txt ({@link RobotsTxt#explain}): which
 * groups were chosen and why, the path as it was matched, every rule that matches it (best first),
 * the deciding rule, the runner-up and the tie-break between them. Immutable.
 *
 * @param agent the agent as given
 * @param chain the lower-case tokens tried in order: the agent's token, then its fallbacks
 * @param selection how the groups were chosen
 * @param selectedBy the token whose groups apply ({@code *} for the global groups), or empty when
 *     none apply
 * @param groups the chosen groups, in file order (merged when several)
 * @param why one sentence saying why these groups were chosen
 * @param path the path as matched: taken from the URL leniently, normalised by the profile
 * @param verdict the verdict, as {@link RobotsTxt#check} gives it
 * @param matches every rule of the chosen groups that matches the path, best first (longest pattern
 *     first, allow before disallow on a tie)
 * @param runnerUp the best matching rule other than the deciding one, preferring one with the
 *     opposite answer; null when no other rule matches
 * @param tieBreak one sentence saying why the deciding rule won, or why no rule decided
 */
public record Explanation(
    String agent,
    List<String> chain,
    Selection selection,
    String selectedBy,
    List<Group> groups,
    String why,
    String path,
    Verdict verdict,
    List<Rule> matches,
    Rule runnerUp,
    String tieBreak) {

  /** How a crawler's groups were chosen (SEMANTICS.md §2). */
  public enum Selection {
    /** Groups name the agent's own token. */
    OWN_TOKEN,
    /** No group names the token; groups name a token of its fallback chain. */
    FALLBACK,
    /** No group names any token of the chain; the {@code *} groups apply. */
    GLOBAL,
    /** An explicit agent that no group names: nothing applies, every path allowed. */
    EXPLICIT_NO_GROUP,
    /** No group names the chain and there is no {@code *} group: every path allowed. */
    NO_GROUP
  }

  /**
   * Copies the lists.
   *
   * @param agent the agent as given
   * @param chain the tokens tried
   * @param selection how the groups were chosen
   * @param selectedBy the token whose groups apply
   * @param groups the chosen groups
   * @param why why these groups
   * @param path the path as matched
   * @param verdict the verdict
   * @param matches the matching rules, best first
   * @param runnerUp the runner-up, or null
   * @param tieBreak why the deciding rule won
   */
  public Explanation {
    chain = List.copyOf(chain);
    groups = List.copyOf(groups);
    matches = List.copyOf(matches);
  }

  /**
   * The rule that decided, if one did.
   *
   * @return the deciding rule, empty when no rule matched (or the path is {@code /robots.txt})
   */
  public Optional<Rule> decidingRule() {
    return verdict.rule();
  }

  /**
   * The runner-up rule, if another rule matched.
   *
   * @return the runner-up
   */
  public Optional<Rule> runnerUpRule() {
    return Optional.ofNullable(runnerUp);
  }
}
