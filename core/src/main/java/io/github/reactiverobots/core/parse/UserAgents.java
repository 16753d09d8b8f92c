package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.Profile;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Product tokens: the names groups are selected by (SEMANTICS.md §2). Thread-safe; the tokens of
 * the agent strings seen are remembered (up to a bound) so that a check does not allocate.
 */
public final class UserAgents {
  private static final int MAX_REMEMBERED_AGENTS = 1024;
  private static final ConcurrentHashMap<String, String> RFC_TOKENS = new ConcurrentHashMap<>();
  private static final ConcurrentHashMap<String, String> GOOGLE_TOKENS = new ConcurrentHashMap<>();

  private UserAgents() {}

  /**
   * The group name a {@code user-agent} value declares, lower-cased: its leading run of
   * {@code A-Z a-z _ -} ({@code Googlebot/2.1} names {@code googlebot}). Does not recognise
   * {@code *}; see {@link #isGlobal}.
   */
  public static String groupName(String value) {
    return lowerCaseRun(value);
  }

  /** Whether a {@code user-agent} value is the global group: {@code *} alone or before white space. */
  public static boolean isGlobal(String value) {
    return !value.isEmpty() && value.charAt(0) == '*'
        && (value.length() == 1 || Character.isWhitespace(value.charAt(1)));
  }

  /**
   * The token a crawler is selected by: under {@link Profile#RFC_9309} the leading
   * {@code A-Z a-z _ -} run of what the caller passes ({@code MyBot/1.0 (+https://x)} is
   * {@code mybot}); under {@link Profile#GOOGLE} the string as given, lower-cased.
   */
  public static String crawlerToken(String userAgent, Profile profile) {
    boolean rfc = profile == Profile.RFC_9309;
    ConcurrentHashMap<String, String> known = rfc ? RFC_TOKENS : GOOGLE_TOKENS;
    String token = known.get(userAgent);
    if (token == null) {
      token = rfc ? lowerCaseRun(userAgent) : userAgent.toLowerCase(Locale.ROOT);
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
  public static boolean isValidProductToken(String token) {
    if (token == null || token.isEmpty()) {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      if (!isTokenChar(token.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static String lowerCaseRun(String s) {
    int end = 0;
    boolean lower = true;
    while (end < s.length() && isTokenChar(s.charAt(end))) {
      char c = s.charAt(end);
      if (c >= 'A' && c <= 'Z') {
        lower = false;
      }
      end++;
    }
    String run = end == s.length() ? s : s.substring(0, end);
    return lower ? run : run.toLowerCase(Locale.ROOT);
  }

  private static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
  }
}
