package io.github.reactiverobots.core.model;

import java.time.Instant;
import java.util.Objects;

/**
 * The state of an origin's cached robots.txt when a verdict was given. Immutable.
 *
 * @param outcome how the rules in use were obtained (for a stale copy, the outcome of the latest
 *     attempt)
 * @param status the HTTP status of the latest attempt, or 0 when there was none (a failure without
 *     a response, or a preloaded body)
 * @param failure why the latest attempt got no HTTP response (DNS, refused connection, TLS,
 *     timeout, reset...), or null when it got one (or the body was preloaded)
 * @param fetchedAt when the latest attempt finished
 * @param expiresAt until when this state is kept before the next attempt
 * @param staleCopy whether a previously fetched good copy is in use in place of the latest
 *     attempt's answer (an outage, or a refresh in progress)
 */
public record OriginState(
    FetchOutcome outcome,
    int status,
    FailureKind failure,
    Instant fetchedAt,
    Instant expiresAt,
    boolean staleCopy) {
  /**
   * Checks the required parts are present and agree.
   *
   * @param outcome how the rules in use were obtained
   * @param status the HTTP status of the latest attempt, or 0
   * @param failure why the latest attempt got no response, or null
   * @param fetchedAt when the latest attempt finished
   * @param expiresAt until when this state is kept
   * @param staleCopy whether a previously fetched good copy is in use
   * @throws NullPointerException if {@code outcome}, {@code fetchedAt} or {@code expiresAt} is null
   * @throws IllegalArgumentException if both a status and a failure are given
   */
  public OriginState {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(fetchedAt, "fetchedAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
    if (failure != null && status != 0) {
      throw new IllegalArgumentException(
          "a state has a status (" + status + ") or a failure (" + failure + "), not both");
    }
  }

  /**
   * This state with the stale-copy flag set: a previously fetched good copy answers.
   *
   * @return the state, flagged
   */
  public OriginState asStaleCopy() {
    return staleCopy ? this : new OriginState(outcome, status, failure, fetchedAt, expiresAt, true);
  }
}
