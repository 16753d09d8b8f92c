package io.github.reactiverobots.netty;

import io.github.reactiverobots.robotstxt.testing.ApiDump;
import org.junit.jupiter.api.Test;

/**
 * The module's public API is the one committed in {@code api/netty-fetcher.api} (see {@link
 * ApiDump}).
 */
class ApiDumpTest {
  @Test
  void theApiIsTheCommittedOne() throws Exception {
    ApiDump.check(NettyRobotsFetcher.class, "netty-fetcher");
  }
}
