package io.github.reactiverobots.crawlercommons;

import io.github.reactiverobots.robotstxt.testing.ApiDump;
import org.junit.jupiter.api.Test;

/**
 * The module's public API is the one committed in {@code api/crawler-commons.api} (see {@link
 * ApiDump}).
 */
class ApiDumpTest {
  @Test
  void theApiIsTheCommittedOne() throws Exception {
    ApiDump.check(ReactiveRobotsParser.class, "crawler-commons");
  }
}
