package io.github.reactiverobots.redis.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What {@link RedisServer} leaves to the machine: ports below the kernel's ephemeral range, as it
 * promises, and no working directory once closed.
 */
class RedisServerPortTest {
  private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  @Test
  void theEphemeralRangeIsReadWhole() throws IOException {
    Assumptions.assumeTrue(Files.isReadable(RANGE), "no " + RANGE + " (not Linux)");
    String range;
    try (InputStream in = new FileInputStream(RANGE.toFile())) {
      range = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    }
    assertThat(RedisServer.ephemeralStart())
        .isEqualTo(Integer.parseInt(range.trim().split("\\s+")[0]));
  }

  @Test
  void portsAreDrawnBelowTheEphemeralRange() throws IOException {
    int start = RedisServer.ephemeralStart();
    Assumptions.assumeTrue(start >= 11_000, "the ephemeral range leaves no room below it");
    for (int i = 0; i < 20; i++) {
      assertThat(RedisServer.freePort()).isBetween(10_000, start - 1);
    }
  }

  @Test
  void closingRemovesTheWorkingDirectory() throws Exception {
    Path dir;
    try (RedisServer server = RedisServer.start()) {
      server.commands().set("k", new byte[] {1});
      server.commands().save();
      dir = server.dir();
      assertThat(dir).isDirectory();
      try (Stream<Path> files = Files.list(dir)) {
        assertThat(files).isNotEmpty();
      }
    }
    assertThat(dir).doesNotExist();
  }
}
