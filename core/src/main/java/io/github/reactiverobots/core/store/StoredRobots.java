package io.github.reactiverobots.core.store;

import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a shared store holds for one origin: everything a cache needs to rebuild its entry (the
 * robots.txt body of the good copy in use, never the compiled rules; the latest attempt's state;
 * the copy's validators; the failure streak). Every time is a wall instant, since the workers of a
 * fleet share no ticker. Built with named settings ({@link #builder()}), so that no two times can
 * be swapped by position. Immutable and thread-safe: the body is copied in and out.
 */
public final class StoredRobots {
  private final OriginState state;
  private final byte[] body;
  private final Instant confirmedAt;
  private final Conditional validators;
  private final Instant failingSince;
  private final int failures;

  private StoredRobots(Builder b) {
    state = Objects.requireNonNull(b.state, "state");
    validators = Objects.requireNonNull(b.validators, "validators");
    confirmedAt = b.confirmedAt;
    failingSince = b.failingSince;
    failures = b.failures;
    require(!state.staleCopy(), "a stored state is the latest attempt's, never a stale copy's");
    FetchOutcome outcome = state.outcome();
    require(
        (b.body == null) == (confirmedAt == null), "a body and its confirmation time go together");
    require(failures >= 0, "failures must not be negative: " + failures);
    require(
        (failures == 0) == (failingSince == null),
        "a failure count and the time the failures began go together");
    require(
        b.body != null
            || outcome != FetchOutcome.OK
                && outcome != FetchOutcome.NOT_MODIFIED
                && outcome != FetchOutcome.PRELOADED,
        "outcome " + outcome + " needs a body");
    body = b.body == null ? null : b.body.clone();
  }

  /**
   * A builder with no state set, no copy ({@link Conditional#NONE} validators) and no failures.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * The latest attempt: its outcome, status or failure, when it finished, and until when its answer
   * is kept before the next attempt (for a failure, the retry time). Never a stale copy's state.
   *
   * @return the state
   */
  public OriginState state() {
    return state;
  }

  /**
   * The good copy's body.
   *
   * @return a copy of the body, or null when the answer is a blanket allow-all or disallow-all
   */
  public byte[] body() {
    return body == null ? null : body.clone();
  }

  /**
   * The body's length, without copying it.
   *
   * @return the length in bytes, or -1 without a good copy
   */
  public int bodyLength() {
    return body == null ? -1 : body.length;
  }

  /**
   * Whether a good copy is in use (rather than a blanket answer).
   *
   * @return true when there is a body
   */
  public boolean hasCopy() {
    return body != null;
  }

  /**
   * When the good copy was last fetched or confirmed by a 304.
   *
   * @return the instant, or null without a copy
   */
  public Instant confirmedAt() {
    return confirmedAt;
  }

  /**
   * The good copy's validators.
   *
   * @return the validators, {@link Conditional#NONE} without a copy
   */
  public Conditional validators() {
    return validators;
  }

  /**
   * When the current run of failed attempts began.
   *
   * @return the instant, or null when there is none
   */
  public Instant failingSince() {
    return failingSince;
  }

  /**
   * How many attempts in a row failed.
   *
   * @return the count, 0 when none
   */
  public int failures() {
    return failures;
  }

  /**
   * A builder holding this value's settings, to derive a changed copy.
   *
   * @return a new builder
   */
  public Builder toBuilder() {
    return new Builder()
        .state(state)
        .body(body)
        .confirmedAt(confirmedAt)
        .validators(validators)
        .failingSince(failingSince)
        .failures(failures);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StoredRobots s
        && failures == s.failures
        && state.equals(s.state)
        && Arrays.equals(body, s.body)
        && Objects.equals(confirmedAt, s.confirmedAt)
        && validators.equals(s.validators)
        && Objects.equals(failingSince, s.failingSince);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        state, Arrays.hashCode(body), confirmedAt, validators, failingSince, failures);
  }

  @Override
  public String toString() {
    return "StoredRobots{"
        + state
        + ", body="
        + (body == null ? "none" : body.length + " bytes")
        + ", failures="
        + failures
        + '}';
  }

  /**
   * Named settings for a {@link StoredRobots}; {@link #build()} checks that they belong together.
   * Not thread-safe; the body is copied at build time.
   */
  public static final class Builder {
    private OriginState state;
    private byte[] body;
    private Instant confirmedAt;
    private Conditional validators = Conditional.NONE;
    private Instant failingSince;
    private int failures;

    private Builder() {}

    /**
     * The latest attempt's state (required; not a stale copy's).
     *
     * @param state the state
     * @return this builder
     */
    public Builder state(OriginState state) {
      this.state = state;
      return this;
    }

    /**
     * The good copy's body; set together with {@link #confirmedAt}.
     *
     * @param body the body, or null for a blanket answer
     * @return this builder
     */
    public Builder body(byte[] body) {
      this.body = body;
      return this;
    }

    /**
     * When the good copy was last fetched or confirmed by a 304; set exactly when a body is.
     *
     * @param confirmedAt the instant, or null without a copy
     * @return this builder
     */
    public Builder confirmedAt(Instant confirmedAt) {
      this.confirmedAt = confirmedAt;
      return this;
    }

    /**
     * The good copy's validators; default {@link Conditional#NONE}.
     *
     * @param validators the validators
     * @return this builder
     */
    public Builder validators(Conditional validators) {
      this.validators = validators;
      return this;
    }

    /**
     * When the current run of failed attempts began; set exactly when {@link #failures} is above 0.
     *
     * @param failingSince the instant, or null
     * @return this builder
     */
    public Builder failingSince(Instant failingSince) {
      this.failingSince = failingSince;
      return this;
    }

    /**
     * How many attempts in a row failed; default 0.
     *
     * @param failures zero or more
     * @return this builder
     */
    public Builder failures(int failures) {
      this.failures = failures;
      return this;
    }

    /**
     * The value.
     *
     * @return a new value
     * @throws NullPointerException if the state or the validators are null
     * @throws IllegalArgumentException if the settings contradict each other
     */
    public StoredRobots build() {
      return new StoredRobots(this);
    }
  }
}
