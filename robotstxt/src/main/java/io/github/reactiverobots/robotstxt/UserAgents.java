package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.model.Profile;

/** Product tokens: the names groups are selected by (SEMANTICS.md §2). Stateless. */
final class UserAgents {
  private UserAgents() {}

  /**
   * The group name a {@code user-agent} value declares, lower-cased: its leading run of {@code A-Z
   * a-z _ -} ({@code Googlebot/2.1} names {@code googlebot}), the same rule by which {@code
   * RFC_9309} takes a crawler's token. Does not recognise {@code *}; see {@link #isGlobal}.
   */
  static String groupName(String value) {
    return Profile.RFC_9309.crawlerToken(value);
  }

  /**
   * Whether a {@code user-agent} value is the global group: {@code *} alone or before white space.
   */
  static boolean isGlobal(String value) {
    return !value.isEmpty()
        && value.charAt(0) == '*'
        && (value.length() == 1 || Character.isWhitespace(value.charAt(1)));
  }
}
