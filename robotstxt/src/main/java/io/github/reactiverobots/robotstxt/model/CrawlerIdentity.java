package io.github.reactiverobots.robotstxt.model;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Who a crawler is: the product token its robots.txt groups are selected by (its own, such as
 * {@code MyBot}; never a browser's such as {@code Mozilla}), the {@code User-Agent} header it
 * sends, and an ordered chain of fallback tokens whose groups it obeys when no group names its own
 * token. Set once on the cache's builder, it lets checks name only the URL. Immutable.
 *
 * <p>Fallback chains are how Google documents its crawlers: {@code Googlebot-Image} obeys a {@code
 * googlebot-image} group, and when the file has none, the {@code googlebot} group, and only then
 * {@code *}:
 *
 * <pre>{@code
 * new CrawlerIdentity("Googlebot-Image", "Googlebot-Image/1.0").withFallbacks("Googlebot")
 * }</pre>
 *
 * The first token of the chain that names a group selects it (SEMANTICS.md §2); the cache, the
 * parser ({@link io.github.reactiverobots.robotstxt.ParseOptions#withFallbacks}) and the explain
 * API follow the same chain.
 *
 * @param token the product token, made of {@code A-Z a-z _ -} only (matched case-insensitively)
 * @param userAgent the {@code User-Agent} header value, which should start with the token
 * @param fallbacks product tokens to try in order when no group names {@code token}; may be empty
 */
public record CrawlerIdentity(String token, String userAgent, List<String> fallbacks) {
  private static final String BROWSER_TOKEN = "Mozilla";

  /**
   * Validates the parts.
   *
   * @param token the product token
   * @param userAgent the {@code User-Agent} header value
   * @param fallbacks product tokens to try in order when no group names {@code token}; copied
   * @throws IllegalArgumentException if the token or a fallback is empty, holds a character outside
   *     {@code A-Z a-z _ -} or is {@code Mozilla}, a fallback repeats a token of the chain, or the
   *     User-Agent is blank or holds a control character
   */
  public CrawlerIdentity {
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(userAgent, "userAgent");
    requireToken(token, "product token");
    fallbacks = List.copyOf(fallbacks);
    List<String> seen = new ArrayList<>(List.of(token.toLowerCase(java.util.Locale.ROOT)));
    for (String f : fallbacks) {
      requireToken(f, "fallback token");
      String lower = f.toLowerCase(java.util.Locale.ROOT);
      if (seen.contains(lower)) {
        throw new IllegalArgumentException(
            "fallback token \"" + f + "\" repeats a token of the" + " chain " + seen);
      }
      seen.add(lower);
    }
    if (userAgent.isBlank()) {
      throw new IllegalArgumentException("User-Agent must not be blank");
    }
    for (int i = 0; i < userAgent.length(); i++) {
      char c = userAgent.charAt(i);
      if (c < 0x20 || c == 0x7F) {
        throw new IllegalArgumentException("User-Agent holds a control character at index " + i);
      }
    }
  }

  /**
   * An identity without fallback tokens.
   *
   * @param token the product token
   * @param userAgent the {@code User-Agent} header value
   * @throws IllegalArgumentException as {@link #CrawlerIdentity(String, String, List)} tells
   */
  public CrawlerIdentity(String token, String userAgent) {
    this(token, userAgent, List.of());
  }

  /**
   * This identity with {@code tokens} as its fallback chain, replacing the current one.
   *
   * @param tokens product tokens to try in order when no group names this crawler's token
   * @return a new identity; this one is unchanged
   * @throws IllegalArgumentException if a token is not a product token or repeats one
   */
  public CrawlerIdentity withFallbacks(String... tokens) {
    return new CrawlerIdentity(token, userAgent, Arrays.asList(tokens));
  }

  /**
   * The whole chain: the token, then the fallbacks, in the order they are tried.
   *
   * @return an immutable list starting with {@link #token()}
   */
  public List<String> chain() {
    List<String> chain = new ArrayList<>(fallbacks.size() + 1);
    chain.add(token);
    chain.addAll(fallbacks);
    return List.copyOf(chain);
  }

  private static void requireToken(String t, String what) {
    Objects.requireNonNull(t, what);
    if (!isProductToken(t)) {
      throw new IllegalArgumentException(
          what + " \"" + Printable.escape(t) + "\" must be non-empty and made of A-Z a-z _ - only");
    }
    requireCrawlerToken(t);
  }

  /**
   * The identity of a crawler that sends {@code userAgent}: its token is the leading {@code A-Z a-z
   * _ -} run ({@code MyCrawler/1.0 (+https://example.com/bot)} is {@code MyCrawler}). A crawler
   * that sends a browser-style User-Agent names its token itself with {@link
   * #CrawlerIdentity(String, String)}: {@code Mozilla/5.0 (compatible; MyBot/1.0)} would name
   * {@code Mozilla}, so it is refused here.
   *
   * @param userAgent the {@code User-Agent} header value, or a bare product token
   * @return the identity
   * @throws IllegalArgumentException if {@code userAgent} does not start with a product token, or
   *     starts with {@code Mozilla}, a browser's token rather than the crawler's
   */
  public static CrawlerIdentity of(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent");
    requireCrawlerToken(userAgent);
    return new CrawlerIdentity(
        userAgent.substring(0, Profile.RFC_9309.tokenLength(userAgent)), userAgent);
  }

  /**
   * Checks that {@code agent}, as a caller passes it to the cache API, names a crawler
   * (SEMANTICS.md §2): its product token, the leading {@code A-Z a-z _ -} run, is not empty ({@code
   * ""}, {@code *}, {@code " MyBot"}, {@code Опасбот} and {@code 008bot} have none, and would
   * silently match a group named by no letter, such as {@code User-agent: 008}) and is not {@code
   * Mozilla}, the token of a browser's User-Agent, which would select the groups meant for {@code
   * mozilla} ({@code Mozilla/5.0 (compatible; MyBot/1.0)} is not {@code MyBot}). A crawler named by
   * a URL ({@code https://crawler.example/bot}) is allowed. Pass the crawler's own token, or set it
   * once with {@code RobotsCacheBuilder.crawler(...)}.
   *
   * @param agent the crawler's product token, or a string starting with it
   * @return {@code agent}
   * @throws NullPointerException if {@code agent} is null
   * @throws IllegalArgumentException if its token is empty or {@code Mozilla}
   */
  public static String requireCrawlerToken(String agent) {
    int end = Profile.RFC_9309.tokenLength(agent);
    if (end == 0) {
      throw new IllegalArgumentException(
          "agent \""
              + shown(agent)
              + "\" has no product token"
              + " (its leading run of A-Z a-z _ - is empty): pass the crawler's own token, such as"
              + " \"MyBot\"");
    }
    if (agent.regionMatches(true, 0, BROWSER_TOKEN, 0, end) && end == BROWSER_TOKEN.length()) {
      throw new IllegalArgumentException(
          "agent \""
              + shown(agent)
              + "\" names Mozilla, a"
              + " browser's token, which would select the robots.txt groups for mozilla: pass the"
              + " crawler's own token, or for a browser-style User-Agent set"
              + " new CrawlerIdentity(\"MyBot\", userAgent) on the builder");
    }
    return agent;
  }

  /** {@code agent} escaped, and cut when long (an agent can be any length). */
  private static String shown(String agent) {
    return Printable.escape(agent.length() > 80 ? agent.substring(0, 80) + "..." : agent);
  }

  /**
   * Whether {@code s} is a product token: not empty, and made of {@code A-Z a-z _ -} only.
   *
   * @param s the string
   * @return true for a product token such as {@code MyBot}; false for {@code MyBot/1.0}
   */
  public static boolean isProductToken(String s) {
    return !s.isEmpty() && Profile.leadingTokenRun(s).length() == s.length();
  }
}
