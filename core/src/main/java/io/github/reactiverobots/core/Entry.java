package io.github.reactiverobots.core;

import io.github.reactiverobots.core.fetch.Conditional;
import io.github.reactiverobots.core.internal.url.RecentOrigins;
import io.github.reactiverobots.core.model.FetchOutcome;
import io.github.reactiverobots.core.model.OriginState;
import io.github.reactiverobots.core.model.Reason;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.parse.AgentRules;
import io.github.reactiverobots.core.parse.RobotsTxt;

/**
 * What the cache holds for one origin: either a good copy of its robots.txt (fresh, expired, or in
 * use through an outage), or a blanket answer (allow all, disallow all), together with the history
 * the policy needs (validators, when the copy was last confirmed, the current failure streak).
 * Immutable but for its count of uses, and thread-safe.
 *
 * <p>All times are ticker nanoseconds (see {@link TimeSource}).
 */
final class Entry {
  /**
   * Charged per entry on top of the rules: this object, its {@code OriginState} with two instants,
   * the cache's node, map slot and sketch counters, and the {@code Origin} object; the origin's key
   * and host strings add {@link #BYTES_PER_KEY_CHAR} per key character. Calibrated against a
   * measured retained size (the bench's {@code memory}: 401 bytes of heap for an allow-all entry of
   * a 25-character origin, against 411 weighed).
   */
  static final int OVERHEAD_BYTES = 360;

  /** The key and host strings' bytes per character of the origin's key. */
  static final int BYTES_PER_KEY_CHAR = 2;

  /** The most checks an entry counts. */
  static final int MAX_USES = 255;

  /** The blanket answers an entry without rules can give. */
  enum Blanket {
    /** 4xx or too many redirects: allow all. */
    ALLOW_UNAVAILABLE(AgentRules.blanket(true, Reason.ROBOTS_UNAVAILABLE)),
    /** Unreachable with no good copy: disallow all. */
    DISALLOW_UNREACHABLE(AgentRules.blanket(false, Reason.ROBOTS_UNREACHABLE)),
    /** Unreachable for the whole give-up window with no good copy: allow all. */
    ALLOW_GAVE_UP(AgentRules.blanket(true, Reason.ROBOTS_UNREACHABLE_GAVE_UP)),
    /** The crawler's own fault: disallow for now, never stored. */
    DISALLOW_CRAWLER_FAULT(AgentRules.blanket(false, Reason.CRAWLER_FAULT));

    private final AgentRules rules;

    Blanket(AgentRules rules) {
      this.rules = rules;
    }
  }

  /**
   * When an entry stops being fresh, when it stops answering while a refresh runs, and when it
   * leaves the cache. Each is raised to at least the one before it.
   */
  record Lifetime(long expiresAt, long staleUntil, long retainUntil) {
    Lifetime {
      staleUntil = Math.max(staleUntil, expiresAt);
      retainUntil = Math.max(retainUntil, staleUntil);
    }
  }

  /** A good copy's history: when it was last fetched or confirmed by a 304, and its validators. */
  record GoodCopy(long confirmedAt, Conditional validators) {}

  /** The current run of failed attempts: when it began and how long it is (0: none). */
  record FailureStreak(long since, int failures) {
    static final FailureStreak NONE = new FailureStreak(0, 0);
  }

  private final RobotsTxt rules;
  private final AgentRules blanket;
  private final OriginState state;
  private final OriginState staleState;
  private final Lifetime lifetime;
  private final GoodCopy copy;
  private final FailureStreak streak;
  private final int weight;

  /** Checks this entry served while held (racy increments: a count, not an invariant). */
  private int uses = 1;

  private Entry(
      RobotsTxt rules,
      AgentRules blanket,
      OriginState state,
      Lifetime lifetime,
      GoodCopy copy,
      FailureStreak streak,
      int keyChars) {
    this.rules = rules;
    this.blanket = blanket;
    this.state = state;
    this.staleState = rules == null ? state : state.asStaleCopy();
    this.lifetime = lifetime;
    this.copy = copy;
    this.streak = streak;
    long w =
        OVERHEAD_BYTES
            + (long) BYTES_PER_KEY_CHAR * keyChars
            + (rules == null ? 0 : rules.estimatedWeight());
    this.weight = (int) Math.min(Integer.MAX_VALUE, w);
  }

  /** An entry whose rules are a good copy. */
  static Entry withRules(
      RobotsTxt rules,
      OriginState state,
      Lifetime lifetime,
      GoodCopy copy,
      FailureStreak streak,
      int keyChars) {
    return new Entry(rules, null, state, lifetime, copy, streak, keyChars);
  }

  /** An entry with a blanket answer and no copy. */
  static Entry blanket(
      Blanket blanket, OriginState state, Lifetime lifetime, FailureStreak streak, int keyChars) {
    return new Entry(null, blanket.rules, state, lifetime, null, streak, keyChars);
  }

  /**
   * The verdict for a located URL's path, with this entry's state attached; the stale variant of
   * the state when an expired good copy answers.
   */
  Verdict verdict(RecentOrigins.Located target, String userAgent, long now) {
    return PathChecks.RULES.check(
        rulesFor(userAgent), target.bytes(), target.pathFrom(), target.pathTo(), stateAt(now));
  }

  /** The rules that apply to {@code userAgent}: its groups, or the blanket answer. */
  AgentRules rulesFor(String userAgent) {
    if (rules != null) {
      return rules.forAgent(userAgent);
    }
    return blanket;
  }

  /** The state to report at {@code now}: stale-flagged once an expired good copy answers. */
  OriginState stateAt(long now) {
    return now - lifetime.expiresAt() < 0 ? state : staleState;
  }

  /** Whether the entry is within its time to keep. */
  boolean isFresh(long now) {
    return now - lifetime.expiresAt() < 0;
  }

  /** Whether a check served now counts as a plain hit (fresh, and not an outage copy). */
  boolean isHit(long now) {
    return isFresh(now) && !state.staleCopy();
  }

  /**
   * Whether this entry, expired, may still answer while one refresh runs in the background (the
   * policy decides until when; see {@link CachePolicy}).
   */
  boolean servableWhileRefreshing(long now) {
    return now - lifetime.staleUntil() < 0;
  }

  /** The parsed rules in use, or null for a blanket entry. */
  RobotsTxt rules() {
    return rules;
  }

  /** The good copy in use, or null for a blanket entry. */
  GoodCopy copy() {
    return copy;
  }

  /** The validators to send on a refresh: the good copy's, or none. */
  Conditional validators() {
    return copy == null ? Conditional.NONE : copy.validators();
  }

  /** The state as of the latest attempt. */
  OriginState state() {
    return state;
  }

  Lifetime lifetime() {
    return lifetime;
  }

  FailureStreak streak() {
    return streak;
  }

  /** The charged weight in bytes. */
  int weight() {
    return weight;
  }

  /** The outcome of the latest attempt. */
  FetchOutcome outcome() {
    return state.outcome();
  }

  @Override
  public String toString() {
    return "Entry{"
        + state
        + ", blanket="
        + (blanket != null)
        + ", failures="
        + streak.failures()
        + ", weight="
        + weight
        + '}';
  }

  /**
   * Counts a check served by this entry, up to {@link #MAX_USES}: past it an entry is surely kept,
   * and a hot entry read by many threads stops being written to.
   */
  void used() {
    if (uses < MAX_USES) {
      uses++;
    }
  }

  /** The checks this entry served while held, its fetch included. */
  int uses() {
    return uses;
  }
}
