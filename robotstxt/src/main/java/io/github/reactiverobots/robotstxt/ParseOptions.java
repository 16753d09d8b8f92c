package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How to parse and apply a robots.txt body: the {@link Profile}, the parse limit, and the crawler
 * tokens that must be named explicitly and never fall back to the {@code *} group, and the fallback
 * chains of crawler tokens (see {@link CrawlerIdentity}). Immutable.
 *
 * @param profile the profile
 * @param parseLimit bytes parsed at most; never below {@link #MIN_PARSE_LIMIT}
 * @param explicitAgents lower-case crawler tokens that never fall back to {@code *}
 * @param fallbacks per lower-case crawler token, the lower-case tokens whose groups it obeys, in
 *     order, when no group names it (before {@code *})
 */
public record ParseOptions(
    Profile profile,
    int parseLimit,
    Set<String> explicitAgents,
    Map<String, List<String>> fallbacks) {
  /** 500 KiB: the RFC 9309 minimum and the default. */
  public static final int MIN_PARSE_LIMIT = 500 * 1024;

  private static final ParseOptions DEFAULTS =
      new ParseOptions(Profile.RFC_9309, MIN_PARSE_LIMIT, Set.of(), Map.of());

  /**
   * Validates the options and normalises the explicit agents.
   *
   * @param profile the profile
   * @param parseLimit bytes parsed at most
   * @param explicitAgents crawler tokens that never fall back to {@code *}; copied and lower-cased
   * @param fallbacks per crawler token its fallback chain; copied and lower-cased
   * @throws IllegalArgumentException if {@code parseLimit} is below {@link #MIN_PARSE_LIMIT}
   */
  public ParseOptions {
    Objects.requireNonNull(profile, "profile");
    if (parseLimit < MIN_PARSE_LIMIT) {
      throw new IllegalArgumentException(
          "parseLimit must be at least " + MIN_PARSE_LIMIT + " bytes, was " + parseLimit);
    }
    explicitAgents =
        explicitAgents.stream()
            .map(a -> a.toLowerCase(Locale.ROOT))
            .collect(Collectors.toUnmodifiableSet());
    Map<String, List<String>> chains = new LinkedHashMap<>();
    fallbacks.forEach(
        (token, chain) ->
            chains.put(
                token.toLowerCase(Locale.ROOT),
                chain.stream().map(t -> t.toLowerCase(Locale.ROOT)).toList()));
    fallbacks = Map.copyOf(chains);
  }

  /**
   * Options without fallback chains.
   *
   * @param profile the profile
   * @param parseLimit bytes parsed at most
   * @param explicitAgents crawler tokens that never fall back to {@code *}
   * @throws IllegalArgumentException if {@code parseLimit} is below {@link #MIN_PARSE_LIMIT}
   */
  public ParseOptions(Profile profile, int parseLimit, Set<String> explicitAgents) {
    this(profile, parseLimit, explicitAgents, Map.of());
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
    return new ParseOptions(profile, parseLimit, explicitAgents, fallbacks);
  }

  /**
   * These options with {@code parseLimit}.
   *
   * @param parseLimit bytes parsed at most
   * @return new options; these are unchanged
   * @throws IllegalArgumentException if {@code parseLimit} is below {@link #MIN_PARSE_LIMIT}
   */
  public ParseOptions withParseLimit(int parseLimit) {
    return new ParseOptions(profile, parseLimit, explicitAgents, fallbacks);
  }

  /**
   * These options with {@code agents} as the explicit agents, replacing the current ones.
   *
   * @param agents crawler tokens that never fall back to {@code *}; copied and lower-cased
   * @return new options; these are unchanged
   */
  public ParseOptions withExplicitAgents(Set<String> agents) {
    return new ParseOptions(profile, parseLimit, agents, fallbacks);
  }

  /**
   * These options with the fallback chain of {@code crawler} added (replacing an earlier chain for
   * the same token): a check for its token that finds no group naming it tries the fallbacks in
   * order before {@code *}.
   *
   * @param crawler the crawler whose {@link CrawlerIdentity#fallbacks()} to follow
   * @return new options; these are unchanged (the same options when it has no fallbacks)
   */
  public ParseOptions withFallbacks(CrawlerIdentity crawler) {
    if (crawler.fallbacks().isEmpty()) {
      return this;
    }
    Map<String, List<String>> chains = new LinkedHashMap<>(fallbacks);
    chains.put(crawler.token().toLowerCase(Locale.ROOT), crawler.fallbacks());
    return new ParseOptions(profile, parseLimit, explicitAgents, chains);
  }

  /**
   * The fallback chain of {@code agent}'s token under this profile.
   *
   * @param agent the crawler's product token
   * @return the lower-case tokens to try in order, empty when it has none
   */
  public List<String> fallbacksOf(String agent) {
    if (fallbacks.isEmpty()) {
      return List.of();
    }
    return fallbacks.getOrDefault(profile.crawlerToken(agent), List.of());
  }
}
