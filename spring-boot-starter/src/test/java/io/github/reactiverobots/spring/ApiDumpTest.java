package io.github.reactiverobots.spring;

import io.github.reactiverobots.robotstxt.testing.ApiDump;
import org.junit.jupiter.api.Test;

/**
 * The module's public API is the one committed in {@code api/spring-boot-starter.api} (see {@link
 * ApiDump}).
 */
class ApiDumpTest {
  @Test
  void theApiIsTheCommittedOne() throws Exception {
    ApiDump.check(RobotsAutoConfiguration.class, "spring-boot-starter");
  }
}
