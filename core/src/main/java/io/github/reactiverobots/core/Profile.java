package io.github.reactiverobots.core;

/**
 * Which reading of robots.txt to apply (SEMANTICS.md §7).
 *
 * <p>{@link #RFC_9309} is the default. {@link #GOOGLE} answers exactly as Google's
 * open-source reference matcher does: no percent-encoding normalisation of URLs, no implicit
 * allowance of {@code /robots.txt}, the crawler token matched as passed, {@code index.htm*}
 * allow rules also allowing their directory, no UTF-16 transcoding, and lines cut at
 * Google's maximum line length.
 */
public enum Profile {
  /** What RFC 9309 says. */
  RFC_9309,
  /** What Google's open-source reference matcher does. */
  GOOGLE
}
