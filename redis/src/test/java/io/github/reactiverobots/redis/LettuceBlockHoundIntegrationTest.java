package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The methods {@link LettuceBlockHoundIntegration} allows to wait exist in the Lettuce on the class
 * path: an upgrade that renames one (a lambda's number changes easily) fails here, instead of
 * bringing back BlockHound's error inside Lettuce as a rare failed connection.
 */
class LettuceBlockHoundIntegrationTest {
  @Test
  void everyAllowedLettuceMethodExists() throws ClassNotFoundException {
    for (List<String> allowed : LettuceBlockHoundIntegration.LOCKING) {
      Class<?> type = Class.forName(allowed.get(0));
      assertThat(Arrays.stream(type.getDeclaredMethods()).map(Method::getName))
          .as("methods of %s (LettuceBlockHoundIntegration.LOCKING)", type.getName())
          .contains(allowed.get(1));
    }
  }
}
