package io.github.reactiverobots.redis.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The tests' policy on a missing redis-server, kept apart from {@link RedisServer} so that its
 * launcher runs without JUnit on the classpath: a test without {@code redis-server} is skipped,
 * unless the environment variable {@code CI} is set: then it fails.
 */
final class TestExecutable {
  private TestExecutable() {}

  /** redis-server's path, or a skipped (under {@code CI}, failed) test. */
  static Path require() {
    Optional<Path> found = RedisServer.installed();
    if (found.isEmpty()) {
      if (System.getenv("CI") != null) {
        fail("redis-server is not installed (CI is set: .ci/run installs Debian's redis-server)");
      }
      Assumptions.abort("redis-server is not on the PATH");
    }
    return found.get();
  }
}
