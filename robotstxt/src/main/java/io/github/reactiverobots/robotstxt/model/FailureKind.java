package io.github.reactiverobots.robotstxt.model;

/** Why a fetch produced no usable HTTP response. */
public enum FailureKind {
  /** The host name did not resolve. */
  DNS,
  /** The TCP connection was refused or could not be established in time. */
  CONNECT,
  /** The TLS handshake failed (certificate, protocol). */
  TLS,
  /** A timeout: between bytes, or the overall deadline. */
  TIMEOUT,
  /** The connection was reset or closed before a response arrived. */
  RESET,
  /** The response began but its body ended before its declared length. */
  BODY_CUT_SHORT,
  /** More redirects than allowed. */
  TOO_MANY_REDIRECTS,
  /** A redirect led back to a URL already visited. */
  REDIRECT_LOOP,
  /** The address policy refused to connect to the resolved address. */
  ADDRESS_REFUSED,
  /**
   * A 401, 403 or 503 that identifies itself as a bot challenge (a CDN's, e.g. {@code cf-mitigated:
   * challenge}): not the site's robots policy, so read as unreachable (SEMANTICS.md §6) unless the
   * cache is set to the plain status rule.
   */
  BOT_CHALLENGE,
  /**
   * The crawler's own side failed, not the origin: no socket or descriptor to be had, a full queue,
   * the fetcher closing. Not kept as the origin's state nor counted as its failure (SEMANTICS.md
   * §6); the check reports {@link Reason#CRAWLER_FAULT}.
   */
  CRAWLER_FAULT,
  /** Anything else: a malformed response, a bug. */
  OTHER
}
