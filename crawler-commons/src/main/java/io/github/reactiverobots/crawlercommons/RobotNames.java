package io.github.reactiverobots.crawlercommons;

import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A crawler's several names, as crawler-commons takes them ({@code Collection<String> robotNames}),
 * read as one {@link CrawlerIdentity}: the first name's product token is the crawler's, the others'
 * tokens its fallback chain in order (SEMANTICS.md §2: when no group names the crawler's token, the
 * first fallback that names a group selects it, and only then {@code *}). A name's product token is
 * its leading {@code A-Z a-z _ -} run ({@code googlebot-news/1.0} is {@code googlebot-news}, {@code
 * agent1} is {@code agent}); a name with none is skipped, and so is one whose token repeats an
 * earlier one. Stateless.
 */
public final class RobotNames {
  private static final String BROWSER = "mozilla";

  private RobotNames() {}

  /**
   * The identity of a crawler with these names, the first the crawler's own.
   *
   * @param robotNames the crawler's names, its own first; each a product token or a string that
   *     starts with one
   * @return the identity; its {@code userAgent} is the first name's token
   * @throws IllegalArgumentException if no name has a product token
   */
  public static CrawlerIdentity identity(Collection<String> robotNames) {
    CrawlerIdentity crawler = identityOrNull(robotNames);
    if (crawler == null) {
      throw new IllegalArgumentException(
          "robot names " + robotNames + " hold no product token (a leading run of A-Z a-z _ -)");
    }
    return crawler;
  }

  /** The identity of {@link #identity(Collection)}, or null when no name has a product token. */
  static CrawlerIdentity identityOrNull(Collection<String> robotNames) {
    List<String> tokens = tokens(robotNames);
    if (tokens.isEmpty()) {
      return null;
    }
    return new CrawlerIdentity(tokens.get(0), tokens.get(0))
        .withFallbacks(tokens.subList(1, tokens.size()).toArray(String[]::new));
  }

  /** {@link #identityOrNull(Collection)} of the one-string form. */
  static CrawlerIdentity identityOrNull(String robotNames) {
    return identityOrNull(split(robotNames));
  }

  private static List<String> split(String robotNames) {
    Objects.requireNonNull(robotNames, "robotNames");
    return Arrays.asList(robotNames.trim().split("[,\\s]+"));
  }

  /**
   * The identity of a crawler whose names crawler-commons' deprecated {@code parseContent(...,
   * String robotNames)} takes: one string, the names separated by commas or white space.
   *
   * @param robotNames the names, its own first
   * @return the identity
   * @throws IllegalArgumentException as {@link #identity(Collection)} does
   */
  public static CrawlerIdentity identity(String robotNames) {
    return identity(split(robotNames));
  }

  /** The distinct non-empty product tokens of {@code names}, in order, lower-cased. */
  private static List<String> tokens(Collection<String> names) {
    Objects.requireNonNull(names, "robotNames");
    Set<String> tokens = new LinkedHashSet<>();
    for (String name : names) {
      if (name == null) {
        continue;
      }
      String n = name.trim();
      int end = Profile.RFC_9309.tokenLength(n);
      String token = n.substring(0, end).toLowerCase(Locale.ROOT);
      if (end > 0 && !token.equals(BROWSER)) {
        tokens.add(token);
      }
    }
    return new ArrayList<>(tokens);
  }
}
