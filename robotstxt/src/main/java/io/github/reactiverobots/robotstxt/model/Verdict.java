package io.github.reactiverobots.robotstxt.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer to "may this agent fetch this URL": allowed or not, why, the deciding rule with its
 * line, the agent's crawl-delay, and (when the answer came through a {@code RobotsCache}) the state
 * of the origin's robots.txt. Immutable and thread-safe.
 */
public final class Verdict {
  private final boolean allowed;
  private final Reason reason;
  private final Rule rule;
  private final Duration crawlDelay;
  private final OriginState originState;

  private Verdict(
      boolean allowed, Reason reason, Rule rule, Duration crawlDelay, OriginState originState) {
    this.allowed = allowed;
    this.reason = Objects.requireNonNull(reason, "reason");
    this.rule = rule;
    this.crawlDelay = crawlDelay;
    this.originState = originState;
  }

  /**
   * A verdict decided by rules.
   *
   * @param allowed whether the URL may be fetched
   * @param reason why
   * @param rule the deciding rule, or null when none matched
   * @param crawlDelay the agent's crawl-delay, or null
   * @return the verdict, without an origin state
   */
  public static Verdict of(boolean allowed, Reason reason, Rule rule, Duration crawlDelay) {
    return new Verdict(allowed, reason, rule, crawlDelay, null);
  }

  /**
   * A verdict decided by rules, with the state of the origin's robots.txt attached.
   *
   * @param allowed whether the URL may be fetched
   * @param reason why
   * @param rule the deciding rule, or null when none matched
   * @param crawlDelay the agent's crawl-delay, or null
   * @param originState the origin's state, or null when the verdict did not come through a cache
   * @return the verdict
   */
  public static Verdict of(
      boolean allowed, Reason reason, Rule rule, Duration crawlDelay, OriginState originState) {
    return new Verdict(allowed, reason, rule, crawlDelay, originState);
  }

  /**
   * This verdict with the origin's state attached, replacing any it had.
   *
   * @param state the origin's state
   * @return a new verdict; this one is unchanged
   */
  public Verdict withOriginState(OriginState state) {
    return new Verdict(allowed, reason, rule, crawlDelay, Objects.requireNonNull(state, "state"));
  }

  /**
   * Whether the URL may be fetched.
   *
   * @return true if allowed
   */
  public boolean allowed() {
    return allowed;
  }

  /**
   * Why the verdict came out as it did.
   *
   * @return the reason
   */
  public Reason reason() {
    return reason;
  }

  /**
   * The deciding rule (pattern as written and its line), when a rule decided.
   *
   * @return the rule; empty when no rule decided
   */
  public Optional<Rule> rule() {
    return Optional.ofNullable(rule);
  }

  /**
   * The crawl-delay of the agent's group, when one is given.
   *
   * @return the crawl-delay; empty when none is given
   */
  public Optional<Duration> crawlDelay() {
    return Optional.ofNullable(crawlDelay);
  }

  /**
   * The origin's robots.txt state, when the verdict came through a cache.
   *
   * @return the state; empty when the verdict did not come through a cache
   */
  public Optional<OriginState> originState() {
    return Optional.ofNullable(originState);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Verdict)) {
      return false;
    }
    Verdict v = (Verdict) o;
    return allowed == v.allowed
        && reason == v.reason
        && Objects.equals(rule, v.rule)
        && Objects.equals(crawlDelay, v.crawlDelay)
        && Objects.equals(originState, v.originState);
  }

  @Override
  public int hashCode() {
    return Objects.hash(allowed, reason, rule, crawlDelay, originState);
  }

  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder(allowed ? "ALLOWED" : "DISALLOWED").append(" (").append(reason);
    if (rule != null) {
      sb.append(", ").append(rule);
    }
    if (crawlDelay != null) {
      sb.append(", crawl-delay ").append(crawlDelay);
    }
    if (originState != null) {
      sb.append(", ").append(originState.outcome());
      if (originState.failure() != null) {
        sb.append(' ').append(originState.failure());
      }
    }
    return sb.append(')').toString();
  }
}
