package io.github.reactiverobots.spring;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * A {@code reactive-robots.*} property whose value is outside what it allows: names the property,
 * the value as bound, the allowed values, and what leaving the property out means. {@link
 * RobotsPropertyFailureAnalyzer} turns it into the start-up report.
 */
final class InvalidRobotsPropertyException extends InvalidConfigurationPropertyValueException {
  private static final long serialVersionUID = 1L;

  /** What leaving the property out does, which decides the report's action. */
  enum Unset {
    /** It has a default, used when it is left out. */
    DEFAULT,
    /** It has no default, and left out it does nothing (no bound, no proxy, no shared store). */
    NOTHING,
    /** It is required here and has no default: left out, the start fails. */
    REQUIRED
  }

  private final String allowed;
  private final Unset unset;

  /** A property with a default. */
  InvalidRobotsPropertyException(String name, Object value, String allowed) {
    this(name, value, allowed, Unset.DEFAULT);
  }

  InvalidRobotsPropertyException(String name, Object value, String allowed, Unset unset) {
    super(name, value, "allowed: " + allowed);
    this.allowed = allowed;
    this.unset = unset;
  }

  /** What the property allows, as a person reads it (for example "from 0 to 20"). */
  String allowed() {
    return allowed;
  }

  /** What leaving the property out does. */
  Unset unset() {
    return unset;
  }
}
