package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Profile;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How to parse and apply a robots.txt body: the {@link Profile}, the parse limit, and the crawler
 * tokens that must be named explicitly and never fall back to the {@code *} group. Immutable.
 *
 * @param profile the profile
 * @param parseLimit bytes parsed at most; never below {@link #MIN_PARSE_LIMIT}
 * @param explicitAgents lower-case crawler tokens that never fall back to {@code *}
 */
public record ParseOptions(Profile profile, int parseLimit, Set<String> explicitAgents) {
  /** 500 KiB: the RFC 9309 minimum and the default. */
  public static final int MIN_PARSE_LIMIT = 500 * 1024;

  private static final ParseOptions DEFAULTS =
      new ParseOptions(Profile.RFC_9309, MIN_PARSE_LIMIT, Set.of());

  /**
   * Validates the options and normalises the explicit agents.
   *
   * @param profile the profile
   * @param parseLimit bytes parsed at most
   * @param explicitAgents crawler tokens that never fall back to {@code *}; copied and
   *     lower-cased
   * @throws IllegalArgumentException if {@code parseLimit} is below {@link #MIN_PARSE_LIMIT}
   */
  public ParseOptions {
    Objects.requireNonNull(profile, "profile");
    if (parseLimit < MIN_PARSE_LIMIT) {
      throw new IllegalArgumentException(
          "parseLimit must be at least " + MIN_PARSE_LIMIT + " bytes, was " + parseLimit);
    }
    explicitAgents = explicitAgents.stream()
        .map(a -> a.toLowerCase(Locale.ROOT))
        .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * RFC 9309, 500 KiB, no explicit-only agents.
   *
   * @return the default options
   */
  public static ParseOptions defaults() {
    return DEFAULTS;
  }

  /**
   * The defaults with {@code profile}.
   *
   * @param profile the profile
   * @return the options
   */
  public static ParseOptions of(Profile profile) {
    return DEFAULTS.withProfile(profile);
  }

  /**
   * These options with {@code profile}.
   *
   * @param profile the profile
   * @return new options; these are unchanged
   */
  public ParseOptions withProfile(Profile profile) {
    return new ParseOptions(profile, parseLimit, explicitAgents);
  }

  /**
   * These options with {@code parseLimit}.
   *
   * @param parseLimit bytes parsed at most
   * @return new options; these are unchanged
   * @throws IllegalArgumentException if {@code parseLimit} is below {@link #MIN_PARSE_LIMIT}
   */
  public ParseOptions withParseLimit(int parseLimit) {
    return new ParseOptions(profile, parseLimit, explicitAgents);
  }

  /**
   * These options with {@code agents} as the explicit agents, replacing the current ones.
   *
   * @param agents crawler tokens that never fall back to {@code *}; copied and lower-cased
   * @return new options; these are unchanged
   */
  public ParseOptions withExplicitAgents(Set<String> agents) {
    return new ParseOptions(profile, parseLimit, agents);
  }
}
