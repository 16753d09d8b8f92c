package io.github.reactiverobots.spring;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * A {@code reactive-robots.*} property whose value is outside what it allows: names the property,
 * the value as bound, and the allowed values. {@link RobotsPropertyFailureAnalyzer} turns it into
 * the start-up report.
 */
final class InvalidRobotsPropertyException extends InvalidConfigurationPropertyValueException {
  private static final long serialVersionUID = 1L;

  private final String allowed;

  InvalidRobotsPropertyException(String name, Object value, String allowed) {
    super(name, value, "allowed: " + allowed);
    this.allowed = allowed;
  }

  /** What the property allows, as a person reads it (for example "from 0 to 20"). */
  String allowed() {
    return allowed;
  }
}
