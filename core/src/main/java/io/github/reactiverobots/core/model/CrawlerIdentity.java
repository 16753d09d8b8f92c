package io.github.reactiverobots.core.model;

import java.util.Objects;

/**
 * Who a crawler is: the product token its robots.txt groups are selected by, and the
 * {@code User-Agent} header it sends. Set once on the cache's builder, it lets checks name only
 * the URL. Immutable.
 *
 * @param token the product token, made of {@code A-Z a-z _ -} only (matched case-insensitively)
 * @param userAgent the {@code User-Agent} header value, which should start with the token
 */
public record CrawlerIdentity(String token, String userAgent) {
  /**
   * Validates both parts.
   *
   * @param token the product token
   * @param userAgent the {@code User-Agent} header value
   * @throws IllegalArgumentException if the token is empty or holds a character outside
   *     {@code A-Z a-z _ -}, or the User-Agent is blank or holds a control character
   */
  public CrawlerIdentity {
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(userAgent, "userAgent");
    if (!isProductToken(token)) {
      throw new IllegalArgumentException("product token \"" + token
          + "\" must be non-empty and made of A-Z a-z _ - only");
    }
    if (userAgent.isBlank()) {
      throw new IllegalArgumentException("User-Agent must not be blank");
    }
    for (int i = 0; i < userAgent.length(); i++) {
      char c = userAgent.charAt(i);
      if (c < 0x20 || c == 0x7F) {
        throw new IllegalArgumentException(
            "User-Agent holds a control character at index " + i);
      }
    }
  }

  /**
   * The identity of a crawler that sends {@code userAgent}: its token is the leading
   * {@code A-Z a-z _ -} run ({@code MyCrawler/1.0 (+https://example.com/bot)} is
   * {@code MyCrawler}).
   *
   * @param userAgent the {@code User-Agent} header value, or a bare product token
   * @return the identity
   * @throws IllegalArgumentException if {@code userAgent} does not start with a product token
   */
  public static CrawlerIdentity of(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent");
    int end = 0;
    while (end < userAgent.length() && Profile.isTokenChar(userAgent.charAt(end))) {
      end++;
    }
    if (end == 0) {
      throw new IllegalArgumentException("User-Agent \"" + userAgent
          + "\" does not start with a product token (A-Z a-z _ -)");
    }
    return new CrawlerIdentity(userAgent.substring(0, end), userAgent);
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
