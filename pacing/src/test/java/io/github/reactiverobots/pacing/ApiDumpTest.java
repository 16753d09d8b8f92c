package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.testing.ApiDump;
import org.junit.jupiter.api.Test;

/** The module's public API is the one committed in {@code api/pacing.api} (see {@link ApiDump}). */
class ApiDumpTest {
  @Test
  void theApiIsTheCommittedOne() throws Exception {
    ApiDump.check(Pacer.class, "pacing");
  }
}
