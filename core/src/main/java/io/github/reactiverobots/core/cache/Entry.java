package io.github.reactiverobots.core.cache;

import io.github.reactiverobots.core.FetchOutcome;
import io.github.reactiverobots.core.OriginState;
import io.github.reactiverobots.core.Reason;
import io.github.reactiverobots.core.Verdict;
import io.github.reactiverobots.core.fetch.Conditional;
import io.github.reactiverobots.core.parse.RobotsTxt;

/**
 * What the cache holds for one origin: either a good copy of its robots.txt (fresh, expired,
 * or in use through an outage), or a blanket answer (allow all, disallow all), together with
 * the history the policy needs (validators, when the copy was last confirmed, the current
 * failure streak). Immutable and thread-safe; internal to the cache, not API.
 *
 * <p>All times are ticker nanoseconds (see {@link TimeSource}).
 */
public final class Entry {
  /**
   * Charged per entry on top of the rules: this object, its {@code OriginState} with two
   * instants, the cache's node, map slot and sketch counters, and the {@code Origin} object;
   * the origin's key and host strings add {@link #BYTES_PER_KEY_CHAR} per key character.
   * Calibrated against a measured retained size (RobotsCacheWeightTest: 423 bytes for an
   * allow-all entry of a 31-character origin).
   */
  static final int OVERHEAD_BYTES = 360;

  /** The key and host strings' bytes per character of the origin's key. */
  static final int BYTES_PER_KEY_CHAR = 2;

  private static final Verdict ALLOW_UNAVAILABLE =
      Verdict.of(true, Reason.ROBOTS_UNAVAILABLE, null, null);
  private static final Verdict DISALLOW_UNREACHABLE =
      Verdict.of(false, Reason.ROBOTS_UNREACHABLE, null, null);
  private static final Verdict ALLOW_GAVE_UP =
      Verdict.of(true, Reason.ROBOTS_UNREACHABLE_GAVE_UP, null, null);

  /** The blanket answers an entry without rules can give. */
  public enum Blanket {
    /** Rules are in use, no blanket answer. */
    NONE(null),
    /** 4xx or too many redirects: allow all. */
    ALLOW_UNAVAILABLE(Entry.ALLOW_UNAVAILABLE),
    /** Unreachable with no good copy: disallow all. */
    DISALLOW_UNREACHABLE(Entry.DISALLOW_UNREACHABLE),
    /** Unreachable for the whole give-up window with no good copy: allow all. */
    ALLOW_GAVE_UP(Entry.ALLOW_GAVE_UP);

    private final Verdict verdict;

    Blanket(Verdict verdict) {
      this.verdict = verdict;
    }
  }

  private final RobotsTxt rules;
  private final Blanket blanket;
  private final OriginState state;
  private final OriginState staleState;
  private final long expiresAt;
  private final long staleUntil;
  private final long retainUntil;
  private final long copyConfirmedAt;
  private final Conditional validators;
  private final long failingSince;
  private final int failures;
  private final int weight;

  private Entry(RobotsTxt rules, Blanket blanket, OriginState state, long expiresAt,
      long staleUntil, long retainUntil, long copyConfirmedAt, Conditional validators,
      long failingSince, int failures, int keyChars) {
    this.rules = rules;
    this.blanket = blanket;
    this.state = state;
    this.staleState = rules == null || state.staleCopy() ? state : new OriginState(
        state.outcome(), state.status(), state.fetchedAt(), state.expiresAt(), true);
    this.expiresAt = expiresAt;
    this.staleUntil = Math.max(staleUntil, expiresAt);
    this.retainUntil = Math.max(retainUntil, this.staleUntil);
    this.copyConfirmedAt = copyConfirmedAt;
    this.validators = validators;
    this.failingSince = failingSince;
    this.failures = failures;
    long w = OVERHEAD_BYTES + (long) BYTES_PER_KEY_CHAR * keyChars
        + (rules == null ? 0 : rules.estimatedWeight());
    this.weight = (int) Math.min(Integer.MAX_VALUE, w);
  }

  /**
   * An entry whose rules are a good copy.
   *
   * @param staleUntil until when, once expired, it may still answer while a refresh runs
   */
  static Entry withRules(RobotsTxt rules, OriginState state, long expiresAt, long staleUntil,
      long retainUntil, long copyConfirmedAt, Conditional validators, long failingSince,
      int failures, int keyChars) {
    return new Entry(rules, Blanket.NONE, state, expiresAt, staleUntil, retainUntil,
        copyConfirmedAt, validators, failingSince, failures, keyChars);
  }

  /** An entry with a blanket answer and no copy. */
  static Entry blanket(Blanket blanket, OriginState state, long expiresAt, long staleUntil,
      long retainUntil, long failingSince, int failures, int keyChars) {
    if (blanket == Blanket.NONE) {
      throw new IllegalArgumentException("a blanket entry needs a blanket answer");
    }
    return new Entry(null, blanket, state, expiresAt, staleUntil, retainUntil, Long.MIN_VALUE,
        Conditional.NONE, failingSince, failures, keyChars);
  }

  /**
   * The verdict for a located URL's path, with this entry's state attached; the stale variant of
   * the state when an expired good copy answers.
   */
  public Verdict verdict(String userAgent, RecentOrigins.Located target, long now) {
    if (rules == null) {
      return blanketVerdict();
    }
    return rules.forAgent(userAgent)
        .check(target.bytes(), target.pathFrom(), target.pathTo(), stateAt(now));
  }

  /** The blanket answer of an entry without rules, with its state attached. */
  public Verdict blanketVerdict() {
    return blanket.verdict.withOriginState(state);
  }

  /** The state to report at {@code now}: stale-flagged once an expired good copy answers. */
  public OriginState stateAt(long now) {
    return now - expiresAt < 0 ? state : staleState;
  }

  /** Whether the entry is within its time to keep. */
  public boolean isFresh(long now) {
    return now - expiresAt < 0;
  }

  /** Whether a check served now counts as a plain hit (fresh, and not an outage copy). */
  public boolean isHit(long now) {
    return now - expiresAt < 0 && !state.staleCopy();
  }

  /**
   * Whether this entry, expired, may still answer while one refresh runs in the background
   * (the policy decides until when; see {@link CachePolicy}).
   */
  public boolean servableWhileRefreshing(long now) {
    return now - staleUntil < 0;
  }

  /** The parsed rules in use, or null for a blanket entry. */
  public RobotsTxt rules() {
    return rules;
  }

  /** The blanket answer, or {@link Blanket#NONE} when rules are in use. */
  public Blanket blanketAnswer() {
    return blanket;
  }

  /** The state as of the latest attempt. */
  public OriginState state() {
    return state;
  }

  /** Ticker nanos when the state stops being fresh. */
  public long expiresAt() {
    return expiresAt;
  }

  /** Ticker nanos until which the entry is kept at all (at least {@link #expiresAt()}). */
  public long retainUntil() {
    return retainUntil;
  }

  /** Ticker nanos when the good copy was last fetched or confirmed by a 304. */
  long copyConfirmedAt() {
    return copyConfirmedAt;
  }

  /** The validators of the good copy, for a conditional refresh. */
  public Conditional validators() {
    return validators;
  }

  /** Ticker nanos of the first failure of the current streak; only meaningful if failing. */
  long failingSince() {
    return failingSince;
  }

  /** Consecutive failed attempts (0 when the latest attempt succeeded). */
  public int failures() {
    return failures;
  }

  /** The charged weight in bytes. */
  public int weight() {
    return weight;
  }

  /** The outcome of the latest attempt. */
  public FetchOutcome outcome() {
    return state.outcome();
  }

  @Override
  public String toString() {
    return "Entry{" + state + ", blanket=" + blanket + ", failures=" + failures + ", weight="
        + weight + '}';
  }
}
