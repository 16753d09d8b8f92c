package io.github.reactiverobots.robotstxt.usage;

import java.util.Objects;
import java.util.Optional;

/**
 * What the W3C TDM Reservation Protocol (TDMRep, Community Group final report, 2024) says of one
 * resource: whether its rights to text and data mining are reserved, the URL of the publisher's TDM
 * policy, and the source that decided the reservation. The three sources rank file, then response
 * headers, then HTML: a later one overrides an earlier one, field by field, and an absent value
 * never resets an earlier one ({@link #then}). Immutable.
 *
 * @param reservation reserved, not reserved, or unknown (no source gave a readable value)
 * @param policy the {@code tdm-policy} URL as written; empty when none was given
 * @param source where the reservation came from; {@link UsageSource#NONE} when unknown
 */
public record TdmReservation(Reservation reservation, String policy, UsageSource source) {
  /** No source said anything. */
  public static final TdmReservation UNKNOWN =
      new TdmReservation(Reservation.UNKNOWN, "", UsageSource.NONE);

  /**
   * Checks the parts are present and agree.
   *
   * @param reservation reserved, not reserved or unknown
   * @param policy the policy URL, or empty
   * @param source where the reservation came from
   * @throws NullPointerException if any part is null
   * @throws IllegalArgumentException if a known reservation has no source, or an unknown one has
   *     one
   */
  public TdmReservation {
    Objects.requireNonNull(reservation, "reservation");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(source, "source");
    if ((reservation == Reservation.UNKNOWN) != (source == UsageSource.NONE)) {
      throw new IllegalArgumentException(reservation + " from " + source);
    }
  }

  /**
   * Reads one source's {@code tdm-reservation} and {@code tdm-policy} values as written: {@code 1}
   * reserves, {@code 0} does not, anything else (or none) is unknown; spaces around are ignored.
   *
   * @param reservation the {@code tdm-reservation} value, or null when absent
   * @param policy the {@code tdm-policy} value, or null when absent
   * @param source the source read
   * @return what it says
   */
  public static TdmReservation of(String reservation, String policy, UsageSource source) {
    String r = reservation == null ? "" : reservation.strip();
    Reservation read =
        r.equals("1")
            ? Reservation.RESERVED
            : r.equals("0") ? Reservation.NOT_RESERVED : Reservation.UNKNOWN;
    return new TdmReservation(
        read,
        policy == null ? "" : policy.strip(),
        read == Reservation.UNKNOWN ? UsageSource.NONE : source);
  }

  /**
   * This source followed by a later one: the later one's reservation and policy where it gives
   * them, this one's where it does not.
   *
   * @param later the statement of a later source
   * @return the combination
   */
  public TdmReservation then(TdmReservation later) {
    boolean decides = later.reservation != Reservation.UNKNOWN;
    return new TdmReservation(
        decides ? later.reservation : reservation,
        later.policy.isEmpty() ? policy : later.policy,
        decides ? later.source : source);
  }

  /**
   * The three sources merged in the protocol's order: the file, then the headers, then the HTML.
   *
   * @param file what {@code /.well-known/tdmrep.json} says of the resource
   * @param headers what its response headers say
   * @param html what its HTML metadata says
   * @return the merged statement
   */
  public static TdmReservation merge(
      TdmReservation file, TdmReservation headers, TdmReservation html) {
    return file.then(headers).then(html);
  }

  /**
   * Whether the rights are reserved: text and data mining needs the rights holder's consent.
   *
   * @return true when reserved
   */
  public boolean reserved() {
    return reservation == Reservation.RESERVED;
  }

  /**
   * The policy URL.
   *
   * @return the URL as written; empty when none was given
   */
  public Optional<String> policyUrl() {
    return policy.isEmpty() ? Optional.empty() : Optional.of(policy);
  }

  @Override
  public String toString() {
    return "tdm-reservation="
        + (reservation == Reservation.RESERVED
            ? "1"
            : reservation == Reservation.NOT_RESERVED ? "0" : "unknown")
        + (policy.isEmpty() ? "" : ", tdm-policy=" + policy)
        + (source == UsageSource.NONE
            ? ""
            : " (" + source.name().toLowerCase(java.util.Locale.ROOT) + ")");
  }

  /** A TDMRep {@code tdm-reservation} value. */
  public enum Reservation {
    /** {@code 1}: the rights are reserved. */
    RESERVED,
    /** {@code 0}: the rights are not reserved. */
    NOT_RESERVED,
    /** No readable value. */
    UNKNOWN
  }
}
