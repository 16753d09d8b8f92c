package io.github.reactiverobots.robotstxt.model;

import java.time.Instant;
import java.util.Objects;

/**
 * The state of an origin's cached robots.txt when a verdict was given. Built with named settings
 * ({@link #builder()}), so that its two instants cannot be swapped by position. Immutable and
 * thread-safe.
 */
public final class OriginState {
  private static final FetchOutcome[] OUTCOMES = FetchOutcome.values();
  private static final FailureKind[] FAILURES = FailureKind.values();
  private static final int OUTCOME_BITS = 3;
  private static final int OUTCOME_MASK = (1 << OUTCOME_BITS) - 1;
  private static final int FAILURE_MASK = 0xF;
  private static final int STALE_BIT = 1 << 7;

  static {
    if (OUTCOMES.length > OUTCOME_MASK + 1 || FAILURES.length > FAILURE_MASK) {
      throw new ExceptionInInitializerError("an outcome or failure kind does not fit its bits");
    }
  }

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  // A cache holds one state per origin, so it is kept small: the two instants as nanoseconds since
  // the epoch (both instants kept whole only when one falls outside the years 1677 to 2262), the
  // outcome, failure and stale flag packed in one byte.
  private final long fetchedNanos;
  private final long expiresNanos;
  private final int status;
  private final byte packed;
  private final Instant[] farInstants;

  private OriginState(Builder b) {
    FetchOutcome outcome = Objects.requireNonNull(b.outcome, "outcome");
    Instant fetchedAt = Objects.requireNonNull(b.fetchedAt, "fetchedAt");
    Instant expiresAt = Objects.requireNonNull(b.expiresAt, "expiresAt");
    FailureKind failure = b.failure;
    status = b.status;
    if (failure != null && status != 0) {
      throw new IllegalArgumentException(
          "a state has a status (" + status + ") or a failure (" + failure + "), not both");
    }
    packed =
        (byte)
            (outcome.ordinal()
                | (failure == null ? 0 : failure.ordinal() + 1) << OUTCOME_BITS
                | (b.staleCopy ? STALE_BIT : 0));
    if (nearEpoch(fetchedAt) && nearEpoch(expiresAt)) {
      fetchedNanos = epochNanos(fetchedAt);
      expiresNanos = epochNanos(expiresAt);
      farInstants = null;
    } else {
      fetchedNanos = 0;
      expiresNanos = 0;
      farInstants = new Instant[] {fetchedAt, expiresAt};
    }
  }

  private static boolean nearEpoch(Instant t) {
    // One second inside the range of a long of nanoseconds, so that the sum below cannot overflow.
    long seconds = t.getEpochSecond();
    return seconds > Long.MIN_VALUE / NANOS_PER_SECOND
        && seconds < Long.MAX_VALUE / NANOS_PER_SECOND;
  }

  private static long epochNanos(Instant t) {
    return t.getEpochSecond() * NANOS_PER_SECOND + t.getNano();
  }

  /**
   * A builder with no outcome and no times set, status 0, no failure, not a stale copy.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * How the rules in use were obtained (for a stale copy, the outcome of the latest attempt).
   *
   * @return the outcome
   */
  public FetchOutcome outcome() {
    return OUTCOMES[packed & OUTCOME_MASK];
  }

  /**
   * The HTTP status of the latest attempt.
   *
   * @return the status, or 0 when there was none (a failure without a response, or a preloaded
   *     body)
   */
  public int status() {
    return status;
  }

  /**
   * Why the latest attempt got no HTTP response (DNS, refused connection, TLS, timeout, reset...).
   *
   * @return the failure, or null when it got one (or the body was preloaded)
   */
  public FailureKind failure() {
    int kind = packed >>> OUTCOME_BITS & FAILURE_MASK;
    return kind == 0 ? null : FAILURES[kind - 1];
  }

  /**
   * When the latest attempt finished.
   *
   * @return the instant
   */
  public Instant fetchedAt() {
    return farInstants != null ? farInstants[0] : Instant.ofEpochSecond(0, fetchedNanos);
  }

  /**
   * Until when this state is kept before the next attempt.
   *
   * @return the instant
   */
  public Instant expiresAt() {
    return farInstants != null ? farInstants[1] : Instant.ofEpochSecond(0, expiresNanos);
  }

  /**
   * Whether a previously fetched good copy is in use in place of the latest attempt's answer (an
   * outage, or a refresh in progress).
   *
   * @return true for a stale copy
   */
  public boolean staleCopy() {
    return (packed & STALE_BIT) != 0;
  }

  /**
   * This state with the stale-copy flag set: a previously fetched good copy answers.
   *
   * @return the state, flagged
   */
  public OriginState asStaleCopy() {
    return staleCopy() ? this : toBuilder().staleCopy(true).build();
  }

  /**
   * A builder holding this state's settings, to derive a changed copy.
   *
   * @return a new builder
   */
  public Builder toBuilder() {
    return new Builder()
        .outcome(outcome())
        .status(status)
        .failure(failure())
        .fetchedAt(fetchedAt())
        .expiresAt(expiresAt())
        .staleCopy(staleCopy());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OriginState s
        && status == s.status
        && packed == s.packed
        && fetchedAt().equals(s.fetchedAt())
        && expiresAt().equals(s.expiresAt());
  }

  @Override
  public int hashCode() {
    return Objects.hash(outcome(), status, failure(), fetchedAt(), expiresAt(), staleCopy());
  }

  @Override
  public String toString() {
    return "OriginState[outcome="
        + outcome()
        + ", status="
        + status
        + ", failure="
        + failure()
        + ", fetchedAt="
        + fetchedAt()
        + ", expiresAt="
        + expiresAt()
        + ", staleCopy="
        + staleCopy()
        + "]";
  }

  /** Named settings for an {@link OriginState}; {@link #build()} checks them. Not thread-safe. */
  public static final class Builder {
    private FetchOutcome outcome;
    private int status;
    private FailureKind failure;
    private Instant fetchedAt;
    private Instant expiresAt;
    private boolean staleCopy;

    private Builder() {}

    /**
     * How the rules in use were obtained (required).
     *
     * @param outcome the outcome
     * @return this builder
     */
    public Builder outcome(FetchOutcome outcome) {
      this.outcome = outcome;
      return this;
    }

    /**
     * The HTTP status of the latest attempt; default 0 (none).
     *
     * @param status the status, or 0
     * @return this builder
     */
    public Builder status(int status) {
      this.status = status;
      return this;
    }

    /**
     * Why the latest attempt got no response; default null. Not together with a status.
     *
     * @param failure the failure, or null
     * @return this builder
     */
    public Builder failure(FailureKind failure) {
      this.failure = failure;
      return this;
    }

    /**
     * When the latest attempt finished (required).
     *
     * @param fetchedAt the instant
     * @return this builder
     */
    public Builder fetchedAt(Instant fetchedAt) {
      this.fetchedAt = fetchedAt;
      return this;
    }

    /**
     * Until when the state is kept before the next attempt (required).
     *
     * @param expiresAt the instant
     * @return this builder
     */
    public Builder expiresAt(Instant expiresAt) {
      this.expiresAt = expiresAt;
      return this;
    }

    /**
     * Whether a previously fetched good copy is in use; default false.
     *
     * @param staleCopy true for a stale copy
     * @return this builder
     */
    public Builder staleCopy(boolean staleCopy) {
      this.staleCopy = staleCopy;
      return this;
    }

    /**
     * The state.
     *
     * @return a new state
     * @throws NullPointerException if the outcome or a time is null
     * @throws IllegalArgumentException if both a status and a failure are set
     */
    public OriginState build() {
      return new OriginState(this);
    }
  }
}
