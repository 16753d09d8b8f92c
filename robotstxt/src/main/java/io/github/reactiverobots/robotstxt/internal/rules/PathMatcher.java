package io.github.reactiverobots.robotstxt.internal.rules;

import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.Usage;

/**
 * What every {@code AgentRules} also is (cast it), for the library's own modules: the checks of a
 * path held as UTF-8 bytes in {@code utf8[from, to)}, read in place, never kept or changed. The
 * cache reads a URL's path into a per-thread array and matches it there, allocating nothing but the
 * answer. Not API: this package is exported only to the library's modules. Implementations are
 * immutable and thread-safe.
 */
public interface PathMatcher {
  /**
   * The verdict for the path, with {@code originState} attached.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @param originState the origin's state, or null for none
   * @return the verdict
   */
  Verdict check(byte[] utf8, int from, int to, OriginState originState);

  /**
   * Whether the path is allowed, without building a verdict.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @return whether the path may be fetched
   */
  boolean allowed(byte[] utf8, int from, int to);

  /**
   * The usage answer for the path, with {@code originState} attached to its verdict.
   *
   * @param utf8 an array holding the path
   * @param from the index of the path's first byte
   * @param to the index after its last byte
   * @param originState the origin's state, or null for none
   * @return the answer
   */
  Usage usage(byte[] utf8, int from, int to, OriginState originState);
}
