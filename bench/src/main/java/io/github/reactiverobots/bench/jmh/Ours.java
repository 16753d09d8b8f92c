package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.Profile;

/** The reactive-robots parse options the benchmarks use. */
public final class Ours {
  private Ours() {}

  /** RFC 9309 profile, default parse limit. */
  public static final ParseOptions DEFAULTS = ParseOptions.of(Profile.RFC_9309);

  /**
   * RFC 9309 with a parse limit above every corpus body, so that the largest file is read whole, as
   * crawler-commons reads it.
   */
  public static final ParseOptions WHOLE_BODY = DEFAULTS.withParseLimit(4 * 1024 * 1024);
}
