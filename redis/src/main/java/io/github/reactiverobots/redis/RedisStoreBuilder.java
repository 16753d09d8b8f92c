package io.github.reactiverobots.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/** The {@link RedisRobotsStore.Builder}. Not thread-safe. */
final class RedisStoreBuilder implements RedisRobotsStore.Builder {
  RedisURI uri;
  ClientResources resources;
  String keyPrefix = "robots:";
  Clock clock = Clock.systemUTC();
  Duration commandTimeout = Duration.ofSeconds(5);
  Duration backoffMin = Duration.ofMillis(50);
  Duration backoffMax = Duration.ofSeconds(1);

  @Override
  public RedisRobotsStore.Builder uri(String uri) {
    this.uri = RedisURI.create(Objects.requireNonNull(uri, "uri"));
    return this;
  }

  @Override
  public RedisRobotsStore.Builder clientResources(ClientResources resources) {
    this.resources = Objects.requireNonNull(resources, "resources");
    return this;
  }

  @Override
  public RedisRobotsStore.Builder keyPrefix(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.indexOf('{') >= 0 || prefix.indexOf('}') >= 0) {
      throw new IllegalArgumentException("the key prefix must not contain braces: " + prefix);
    }
    this.keyPrefix = prefix;
    return this;
  }

  @Override
  public RedisRobotsStore.Builder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  @Override
  public RedisRobotsStore.Builder commandTimeout(Duration timeout) {
    this.commandTimeout = requirePositive(timeout, "commandTimeout");
    return this;
  }

  @Override
  public RedisRobotsStore.Builder waitBackoff(Duration min, Duration max) {
    requirePositive(min, "backoff minimum");
    requirePositive(max, "backoff maximum");
    if (min.compareTo(max) > 0) {
      throw new IllegalArgumentException("backoff minimum " + min + " exceeds maximum " + max);
    }
    this.backoffMin = min;
    this.backoffMax = max;
    return this;
  }

  @Override
  public RedisRobotsStore build() {
    if (uri == null) {
      throw new IllegalStateException("a Redis URI is required");
    }
    return new RedisRobotsStore(this);
  }

  /** The resources given, or new ones that reconnect 10 ms doubling to 1 s after a loss. */
  ClientResources resources() {
    return resources != null ? resources : ClientResources.builder()
        .reconnectDelay(Delay.exponential(Duration.ofMillis(10), Duration.ofSeconds(1), 2,
            TimeUnit.MILLISECONDS))
        .build();
  }

  /**
   * A client on {@code r} that fails commands at once while disconnected (instead of queueing
   * them without bound), times commands out, and emits results off its I/O threads: a command
   * chained on another's result (or on its rejection, which Lettuce signals inside the write)
   * must not be written from inside Lettuce's write path, where it can spin against a
   * connection being closed.
   */
  RedisClient client(ClientResources r) {
    RedisClient client = RedisClient.create(r);
    client.setOptions(ClientOptions.builder()
        .autoReconnect(true)
        .publishOnScheduler(true)
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
        .requestQueueSize(65_536)
        .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(2)).build())
        .timeoutOptions(TimeoutOptions.enabled(commandTimeout))
        .build());
    return client;
  }

  private static Duration requirePositive(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + d);
    }
    return d;
  }
}
