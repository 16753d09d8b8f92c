package io.github.reactiverobots.robotstxt.usage;

import java.util.Objects;
import java.util.Optional;

/**
 * The preference about one category of use for one URL and crawler, with the {@code Content-Usage}
 * rule that stated it. Immutable.
 *
 * @param category the category of use
 * @param preference allow, disallow or unknown
 * @param rule the deciding rule, or null when no rule stated the preference
 */
public record UsageDecision(UsageCategory category, Preference preference, UsageRule rule) {
  /**
   * Checks the required parts are present.
   *
   * @param category the category of use
   * @param preference allow, disallow or unknown
   * @param rule the deciding rule, or null
   * @throws NullPointerException if {@code category} or {@code preference} is null
   */
  public UsageDecision {
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(preference, "preference");
  }

  /**
   * The rule that stated the preference.
   *
   * @return the rule; empty when none did
   */
  public Optional<UsageRule> deciding() {
    return Optional.ofNullable(rule);
  }

  /**
   * The preference as a dictionary value: {@code y}, {@code n} or {@code unknown}.
   *
   * @return the value
   */
  public String value() {
    return switch (preference) {
      case ALLOW -> "y";
      case DISALLOW -> "n";
      case UNKNOWN -> "unknown";
    };
  }

  @Override
  public String toString() {
    return category.label()
        + "="
        + value()
        + (rule != null && rule.line() > 0 ? " (line " + rule.line() + ")" : "");
  }
}
