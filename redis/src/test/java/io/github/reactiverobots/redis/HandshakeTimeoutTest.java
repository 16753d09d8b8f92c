package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisURI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A connection's handshake is bounded by the command timeout unless its URI says otherwise. */
class HandshakeTimeoutTest {
  @Test
  void aUriWithoutATimeoutTakesTheCommandTimeoutAndOneWithItsOwnKeepsIt() {
    RedisRobotsStoreBuilder builder = new RedisRobotsStoreBuilder();
    builder.commandTimeout(Duration.ofSeconds(3));
    RedisURI plain = RedisURI.create("redis://127.0.0.1:6379");
    RedisURI own = RedisURI.create("redis://127.0.0.1:6379?timeout=7s");
    builder.boundHandshake(plain);
    builder.boundHandshake(own);
    assertThat(plain.getTimeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(own.getTimeout()).isEqualTo(Duration.ofSeconds(7));
  }
}
