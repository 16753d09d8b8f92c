package io.github.reactiverobots.core.store;

import io.github.reactiverobots.core.fetch.Conditional;
import io.github.reactiverobots.core.model.FailureKind;
import io.github.reactiverobots.core.model.FetchOutcome;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a shared store holds for one origin: everything a cache needs to rebuild its entry (the
 * robots.txt body of the good copy in use, never the compiled rules; the latest attempt's outcome,
 * status and failure; its times; the copy's validators; the failure streak). Every time is a wall
 * instant, since the workers of a fleet share no ticker. Immutable and thread-safe: the body is
 * copied in and out.
 *
 * @param outcome how the latest attempt was classified
 * @param status the latest attempt's HTTP status, or 0 without one
 * @param failure why the latest attempt got no response, or null
 * @param fetchedAt when the latest attempt finished
 * @param expiresAt until when the answer is kept before the next attempt (for a failure, the
 *     retry time)
 * @param body the good copy's body, or null when the answer is a blanket allow-all or
 *     disallow-all
 * @param confirmedAt when the good copy was last fetched or confirmed by a 304, or null without a
 *     copy
 * @param validators the good copy's validators ({@link Conditional#NONE} without a copy)
 * @param failingSince when the current run of failed attempts began, or null when there is none
 * @param failures how many attempts in a row failed (0 when none)
 */
public record StoredRobots(FetchOutcome outcome, int status, FailureKind failure,
    Instant fetchedAt, Instant expiresAt, byte[] body, Instant confirmedAt,
    Conditional validators, Instant failingSince, int failures) {

  /**
   * Checks that the parts belong together and copies the body.
   *
   * @param outcome how the latest attempt was classified
   * @param status the HTTP status, 0 or 100 to 999
   * @param failure why the latest attempt got no response, or null
   * @param fetchedAt when the latest attempt finished
   * @param expiresAt until when the answer is kept
   * @param body the good copy's body, or null
   * @param confirmedAt when the copy was last confirmed; null exactly when {@code body} is
   * @param validators the copy's validators
   * @param failingSince when the failures began; null exactly when {@code failures} is 0
   * @param failures failed attempts in a row, zero or more
   * @throws NullPointerException if {@code outcome}, {@code fetchedAt}, {@code expiresAt} or
   *     {@code validators} is null
   * @throws IllegalArgumentException if the parts contradict each other
   */
  public StoredRobots {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(fetchedAt, "fetchedAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
    Objects.requireNonNull(validators, "validators");
    require(status == 0 || (status >= 100 && status <= 999), "status out of range: " + status);
    require((body == null) == (confirmedAt == null),
        "a body and its confirmation time go together");
    require(failures >= 0, "failures must not be negative: " + failures);
    require((failures == 0) == (failingSince == null),
        "a failure count and the time the failures began go together");
    require(body != null || outcome != FetchOutcome.OK && outcome != FetchOutcome.NOT_MODIFIED
        && outcome != FetchOutcome.PRELOADED, "outcome " + outcome + " needs a body");
    body = body == null ? null : body.clone();
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * The good copy's body.
   *
   * @return a copy of the body, or null without a good copy
   */
  @Override
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

  @Override
  public boolean equals(Object o) {
    return o instanceof StoredRobots s && status == s.status && failures == s.failures
        && outcome == s.outcome && failure == s.failure && fetchedAt.equals(s.fetchedAt)
        && expiresAt.equals(s.expiresAt) && Arrays.equals(body, s.body)
        && Objects.equals(confirmedAt, s.confirmedAt) && validators.equals(s.validators)
        && Objects.equals(failingSince, s.failingSince);
  }

  @Override
  public int hashCode() {
    return Objects.hash(outcome, status, failure, fetchedAt, expiresAt, Arrays.hashCode(body),
        confirmedAt, validators, failingSince, failures);
  }

  @Override
  public String toString() {
    return "StoredRobots{" + outcome + ", status=" + status
        + (failure != null ? ", failure=" + failure : "") + ", fetchedAt=" + fetchedAt
        + ", expiresAt=" + expiresAt + ", body=" + (body == null ? "none" : body.length + " bytes")
        + ", failures=" + failures + '}';
  }
}
