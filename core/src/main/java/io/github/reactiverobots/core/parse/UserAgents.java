package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.model.Profile;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Product tokens: the names groups are selected by (SEMANTICS.md §2). Thread-safe; the tokens of
 * the agent strings seen are remembered (up to a bound) so that a check does not allocate.
 */
final class UserAgents {
  private static final int MAX_REMEMBERED_AGENTS = 1024;
  private static final Map<Profile, ConcurrentHashMap<String, String>> TOKENS =
      new EnumMap<>(Profile.class);

  static {
    for (Profile p : Profile.values()) {
      TOKENS.put(p, new ConcurrentHashMap<>());
    }
  }

  private UserAgents() {}

  /**
   * The group name a {@code user-agent} value declares, lower-cased: its leading run of
   * {@code A-Z a-z _ -} ({@code Googlebot/2.1} names {@code googlebot}), the same rule by which
   * {@code RFC_9309} takes a crawler's token. Does not recognise {@code *}; see {@link #isGlobal}.
   */
  static String groupName(String value) {
    return Profile.RFC_9309.crawlerToken(value.substring(0, tokenRunEnd(value)));
  }

  /** Whether a {@code user-agent} value is the global group: {@code *} alone or before white space. */
  static boolean isGlobal(String value) {
    return !value.isEmpty() && value.charAt(0) == '*'
        && (value.length() == 1 || Character.isWhitespace(value.charAt(1)));
  }

  /**
   * The token a crawler is selected by, as {@link Profile#crawlerToken} takes it (which throws on
   * an agent that is a URL; such agents are never remembered).
   */
  static String crawlerToken(String userAgent, Profile profile) {
    ConcurrentHashMap<String, String> known = TOKENS.get(profile);
    String token = known.get(userAgent);
    if (token == null) {
      token = profile.crawlerToken(userAgent);
      // Crawlers use a handful of agent strings; the bound only guards against callers that
      // pass a new one per request.
      if (known.size() < MAX_REMEMBERED_AGENTS) {
        known.putIfAbsent(userAgent, token);
      }
    }
    return token;
  }

  /**
   * Whether {@code token} is a valid product token to obey: non-empty and made only of
   * {@code A-Z a-z _ -}.
   */
  static boolean isValidProductToken(String token) {
    return token != null && !token.isEmpty() && tokenRunEnd(token) == token.length();
  }

  /** The end of the leading run of {@code A-Z a-z _ -} of {@code s}. */
  private static int tokenRunEnd(String s) {
    int end = 0;
    while (end < s.length()) {
      char c = s.charAt(end);
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-')) {
        break;
      }
      end++;
    }
    return end;
  }
}
