package io.github.reactiverobots.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Explains a start-up that failed on a {@code reactive-robots.*} property: which property, the
 * value it was given (as written, when the environment still has it), and the values it allows, in
 * place of a stack trace naming builder methods. Registered in {@code META-INF/spring.factories};
 * ordered before Spring Boot's analyzer of invalid property values, which would otherwise take
 * these too.
 */
final class RobotsPropertyFailureAnalyzer
    extends AbstractFailureAnalyzer<InvalidRobotsPropertyException> implements Ordered {
  private final Environment environment;

  /** Spring Boot passes the application's environment (null when it has none). */
  RobotsPropertyFailureAnalyzer(Environment environment) {
    this.environment = environment;
  }

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, InvalidRobotsPropertyException cause) {
    String name = cause.getName();
    String written = environment == null ? null : environment.getProperty(name);
    Object value = written != null ? written : cause.getValue();
    String description =
        (value == null
                ? "The property " + name + " is not set."
                : "The property "
                    + name
                    + " has the value '"
                    + value
                    + "', which it does not allow.")
            + "\n\nAllowed: "
            + cause.allowed()
            + ".";
    return new FailureAnalysis(description, action(name, cause.unset()), cause);
  }

  /** The action for a refused value of {@code name}, which depends on what leaving it out does. */
  static String action(String name, InvalidRobotsPropertyException.Unset unset) {
    return "Set "
        + name
        + switch (unset) {
          case DEFAULT -> " to an allowed value, or remove it to use its default";
          case NOTHING -> " to an allowed value, or remove it to leave it unset";
          case REQUIRED -> " to an allowed value: it is required here and has no default";
        }
        + " (the reactive-robots.* properties and their defaults: docs/spring-boot.md).";
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
