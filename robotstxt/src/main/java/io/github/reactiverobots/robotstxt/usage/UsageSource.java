package io.github.reactiverobots.robotstxt.usage;

/**
 * Where a statement about the use of a page came from (SEMANTICS.md §8, §9): robots.txt, the
 * origin's {@code /.well-known/tdmrep.json}, or the page's own response. New constants may be
 * added.
 */
public enum UsageSource {
  /** No source stated anything. */
  NONE,
  /** A robots.txt {@code Content-Usage} rule. */
  CONTENT_USAGE,
  /** A robots.txt {@code Content-Signal} record. */
  CONTENT_SIGNAL,
  /** The origin's {@code /.well-known/tdmrep.json} (TDMRep). */
  TDMREP_FILE,
  /** A response header of the page ({@code tdm-reservation}, {@code tdm-policy}, {@code Link}). */
  HEADER,
  /** The page's HTML {@code <head>} ({@code <meta>}, {@code <link>}). */
  HTML,
  /** The page's {@code Content-Usage} response header (draft-ietf-aipref-attach §2). */
  CONTENT_USAGE_HEADER,
  /** A robots.txt {@code License:} record (RSL 1.0). */
  LICENSE
}
