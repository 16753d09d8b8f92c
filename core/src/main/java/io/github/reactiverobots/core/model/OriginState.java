package io.github.reactiverobots.core.model;

import java.time.Instant;
import java.util.Objects;

/**
 * The state of an origin's cached robots.txt when a verdict was given. Built with named settings
 * ({@link #builder()}), so that its two instants cannot be swapped by position. Immutable and
 * thread-safe.
 */
public final class OriginState {
  private final FetchOutcome outcome;
  private final int status;
  private final FailureKind failure;
  private final Instant fetchedAt;
  private final Instant expiresAt;
  private final boolean staleCopy;

  private OriginState(Builder b) {
    outcome = Objects.requireNonNull(b.outcome, "outcome");
    fetchedAt = Objects.requireNonNull(b.fetchedAt, "fetchedAt");
    expiresAt = Objects.requireNonNull(b.expiresAt, "expiresAt");
    status = b.status;
    failure = b.failure;
    staleCopy = b.staleCopy;
    if (failure != null && status != 0) {
      throw new IllegalArgumentException(
          "a state has a status (" + status + ") or a failure (" + failure + "), not both");
    }
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
    return outcome;
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
    return failure;
  }

  /**
   * When the latest attempt finished.
   *
   * @return the instant
   */
  public Instant fetchedAt() {
    return fetchedAt;
  }

  /**
   * Until when this state is kept before the next attempt.
   *
   * @return the instant
   */
  public Instant expiresAt() {
    return expiresAt;
  }

  /**
   * Whether a previously fetched good copy is in use in place of the latest attempt's answer (an
   * outage, or a refresh in progress).
   *
   * @return true for a stale copy
   */
  public boolean staleCopy() {
    return staleCopy;
  }

  /**
   * This state with the stale-copy flag set: a previously fetched good copy answers.
   *
   * @return the state, flagged
   */
  public OriginState asStaleCopy() {
    return staleCopy ? this : toBuilder().staleCopy(true).build();
  }

  /**
   * A builder holding this state's settings, to derive a changed copy.
   *
   * @return a new builder
   */
  public Builder toBuilder() {
    return new Builder()
        .outcome(outcome)
        .status(status)
        .failure(failure)
        .fetchedAt(fetchedAt)
        .expiresAt(expiresAt)
        .staleCopy(staleCopy);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OriginState s
        && status == s.status
        && staleCopy == s.staleCopy
        && outcome == s.outcome
        && failure == s.failure
        && fetchedAt.equals(s.fetchedAt)
        && expiresAt.equals(s.expiresAt);
  }

  @Override
  public int hashCode() {
    return Objects.hash(outcome, status, failure, fetchedAt, expiresAt, staleCopy);
  }

  @Override
  public String toString() {
    return "OriginState[outcome="
        + outcome
        + ", status="
        + status
        + ", failure="
        + failure
        + ", fetchedAt="
        + fetchedAt
        + ", expiresAt="
        + expiresAt
        + ", staleCopy="
        + staleCopy
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
