package io.github.reactiverobots.spring;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Explains a {@code reactive-robots.*} enum property that did not bind ({@code
 * reactive-robots.profile=rfc9309}) with the spellings the documentation uses, {@code rfc-9309} and
 * {@code google}, where Spring Boot's own report would list the constants {@code RFC_9309} and
 * {@code GOOGLE}. Registered in {@code META-INF/spring.factories}, before Spring Boot's analyzer of
 * bind failures; it leaves every other bind failure to that one.
 */
final class RobotsEnumFailureAnalyzer extends AbstractFailureAnalyzer<BindException>
    implements Ordered {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
    String name = cause.getName().toString();
    Class<?> type = cause.getTarget().getType().resolve();
    if (!name.startsWith(PropertyValidation.PREFIX) || type == null || !type.isEnum()) {
      return null;
    }
    Object value = cause.getProperty() == null ? null : cause.getProperty().getValue();
    String description =
        "The property "
            + name
            + " has the value '"
            + value
            + "', which it does not allow.\n\nAllowed: "
            + spellings(type)
            + ".";
    return new FailureAnalysis(
        description,
        RobotsPropertyFailureAnalyzer.action(name, InvalidRobotsPropertyException.Unset.DEFAULT),
        cause);
  }

  /** The constants as the documentation writes them: lower case, '-' for '_'. */
  static String spellings(Class<?> type) {
    String[] names =
        Arrays.stream(type.getEnumConstants())
            .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT).replace('_', '-'))
            .toArray(String[]::new);
    return names.length == 1
        ? names[0]
        : Arrays.stream(names, 0, names.length - 1).collect(Collectors.joining(", "))
            + " or "
            + names[names.length - 1];
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
