package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.internal.rules.PathMatcher;
import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;

/**
 * What the cache holds for one origin: either a good copy of its robots.txt (fresh, expired, or in
 * use through an outage), or a blanket answer (allow all, disallow all), together with the history
 * the policy needs (validators, when the copy was last confirmed, the current failure streak).
 * Immutable but for its count of uses, and thread-safe.
 *
 * <p>All times are ticker nanoseconds (see {@link TimeSource}).
 */
public final class Entry {
  /**
   * Charged per entry on top of the rules: this object, its {@code OriginState}, the cache's node,
   * map slot and sketch counters, and the {@code Origin} object with its array; the origin's key
   * adds {@link #BYTES_PER_KEY_CHAR} per character. Calibrated against the heap the bench's {@code
   * memory} command measures for an allow-all entry: re-measure there when an entry's fields
   * change.
   */
  public static final int OVERHEAD_BYTES = 210;

  /** The origin's array holds a byte per character of its key. */
  static final int BYTES_PER_KEY_CHAR = 1;

  /** The most checks an entry counts. */
  static final int MAX_USES = 255;

  /** A read's time is kept in units of 2^this nanoseconds. */
  private static final int READ_TIME_SHIFT = 30;

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

  /**
   * A good copy: its parsed robots.txt and its estimated weight, when it was last fetched or
   * confirmed by a 304, its validators, and the rules of the cache's crawler identity ({@code
   * crawler}, its token string, null without one), selected once so that a check passing that very
   * string skips the lookup.
   */
  record GoodCopy(
      RobotsTxt robots,
      int robotsWeight,
      long confirmedAt,
      Conditional validators,
      String crawler,
      AgentRules crawlerRules) {
    GoodCopy(RobotsTxt robots, long confirmedAt, Conditional validators, String crawler) {
      this(
          robots,
          (int) Math.min(Integer.MAX_VALUE, robots.estimatedWeight()),
          confirmedAt,
          validators,
          crawler,
          crawler == null ? null : robots.forAgent(crawler));
    }

    /** The rules of {@code token}. */
    AgentRules rulesFor(String token) {
      // Identity: the identity's own string, not an equal one a caller made.
      return token == crawler ? crawlerRules : robots.forAgent(token);
    }
  }

  /** The current run of failed attempts: when it began and how long it is (0: none). */
  record FailureStreak(long since, int failures) {
    static final FailureStreak NONE = new FailureStreak(0, 0);
  }

  /** The answer of an entry whose latest attempts failed, and their streak. */
  private record Failing(Object answer, FailureStreak streak) {}

  // One per cached origin, so kept small: the lifetime's three times inline; in one field, the good
  // copy (which holds the rules) or the blanket answer, wrapped with the failure streak if any; the
  // weight computed from the origin's key and the copy's weight.
  private final Object answer;
  private final OriginState state;
  private final long expiresAt;
  private final long staleUntil;
  private final long retainUntil;

  /**
   * Checks this entry served while held, at most {@link #MAX_USES} (racy increments: a count, not
   * an invariant). A {@code char} with {@link #readAt}, so that the two take one int's room.
   */
  private char uses = 1;

  /**
   * The ticker's time of its latest read (or arrival) in units of 2^30 ns (about a second), modulo
   * 2^16 (about 19.5 hours): enough to tell a read within seconds.
   */
  private char readAt;

  private Entry(Object answer, OriginState state, Lifetime lifetime, FailureStreak streak) {
    this.answer = streak.failures() == 0 ? answer : new Failing(answer, streak);
    this.state = state;
    this.expiresAt = lifetime.expiresAt();
    this.staleUntil = lifetime.staleUntil();
    this.retainUntil = lifetime.retainUntil();
  }

  /** An entry whose rules are a good copy. */
  static Entry withRules(
      GoodCopy copy, OriginState state, Lifetime lifetime, FailureStreak streak) {
    return new Entry(copy, state, lifetime, streak);
  }

  /** An entry with a blanket answer and no copy. */
  static Entry blanket(
      Blanket blanket, OriginState state, Lifetime lifetime, FailureStreak streak) {
    return new Entry(blanket.rules, state, lifetime, streak);
  }

  /** The good copy or the blanket answer. */
  private Object answer() {
    Object a = answer;
    return a instanceof Failing f ? f.answer() : a;
  }

  /**
   * The verdict for a located URL's path, with this entry's state attached; the stale variant of
   * the state when an expired good copy answers.
   */
  public Verdict verdict(RecentOrigins.Located target, String token, long now) {
    return matcherFor(token)
        .check(target.bytes(), target.pathFrom(), target.pathTo(), stateAt(now));
  }

  /** The rules that apply to {@code token}: its groups, or the blanket answer. */
  public AgentRules rulesFor(String token) {
    Object a = answer();
    return a instanceof GoodCopy copy ? copy.rulesFor(token) : (AgentRules) a;
  }

  /** {@link #rulesFor} as the in-place byte checks every {@code AgentRules} also is. */
  public PathMatcher matcherFor(String token) {
    return (PathMatcher) rulesFor(token);
  }

  /** The state to report at {@code now}: stale-flagged once an expired good copy answers. */
  public OriginState stateAt(long now) {
    // The stale variant is made when needed: an expired copy answers only until its refresh ends.
    return isFresh(now) || copy() == null ? state : state.asStaleCopy();
  }

  /** Whether the entry is within its time to keep. */
  boolean isFresh(long now) {
    return now - expiresAt < 0;
  }

  /** Whether a check served now counts as a plain hit (fresh, and not an outage copy). */
  public boolean isHit(long now) {
    return isFresh(now) && !state.staleCopy();
  }

  /**
   * Whether this entry, expired, may still answer while one refresh runs in the background (the
   * policy decides until when; see {@link CachePolicy}).
   */
  boolean servableWhileRefreshing(long now) {
    return now - staleUntil < 0;
  }

  /** The parsed robots.txt in use, or null for a blanket entry. */
  public RobotsTxt robots() {
    GoodCopy copy = copy();
    return copy == null ? null : copy.robots();
  }

  /** The good copy in use, or null for a blanket entry. */
  GoodCopy copy() {
    return answer() instanceof GoodCopy copy ? copy : null;
  }

  /** The validators to send on a refresh: the good copy's, or none. */
  Conditional validators() {
    GoodCopy copy = copy();
    return copy == null ? Conditional.NONE : copy.validators();
  }

  /** The state as of the latest attempt. */
  OriginState state() {
    return state;
  }

  /** When the entry leaves the cache (ticker nanos). */
  long retainUntil() {
    return retainUntil;
  }

  FailureStreak streak() {
    return answer instanceof Failing f ? f.streak() : FailureStreak.NONE;
  }

  /**
   * The charged weight in bytes of this entry held for {@code origin}: the same for the entry's
   * whole life, as the cache's accounting needs.
   */
  int weight(Origin origin) {
    GoodCopy copy = copy();
    long w =
        OVERHEAD_BYTES
            + (long) BYTES_PER_KEY_CHAR * origin.key().length()
            + (copy == null ? 0 : copy.robotsWeight());
    return (int) Math.min(Integer.MAX_VALUE, w);
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
        + (copy() == null)
        + ", failures="
        + streak().failures()
        + '}';
  }

  /**
   * Counts a check served by this entry at {@code now} (ticker nanos), up to {@link #MAX_USES}:
   * past it an entry is surely kept, and a hot entry read by many threads stops having its count
   * written to (its read time still is, about once a second).
   */
  void used(long now) {
    if (uses < MAX_USES) {
      uses++;
    }
    touched(now);
  }

  /** Records a read or an arrival at {@code now} (ticker nanos) without counting a use. */
  void touched(long now) {
    char t = (char) (now >>> READ_TIME_SHIFT);
    // A hot entry read by many threads is written about once a second, not on every read.
    if (readAt != t) {
      readAt = t;
    }
  }

  /**
   * Whether the entry was read (or arrived) within {@code nanos} before {@code now}: true for every
   * such read, and for some up to one unit (about a second) older, or 19.5 hours older.
   */
  boolean readWithin(long nanos, long now) {
    int ago = (char) ((char) (now >>> READ_TIME_SHIFT) - readAt);
    return ago <= (nanos >>> READ_TIME_SHIFT) + 1;
  }

  /** The checks this entry served while held, its fetch included. */
  int uses() {
    return uses;
  }
}
