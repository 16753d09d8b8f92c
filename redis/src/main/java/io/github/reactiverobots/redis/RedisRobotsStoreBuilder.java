package io.github.reactiverobots.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.RedisClusterURIUtil;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@link RedisRobotsStore.Builder}. Not thread-safe. */
final class RedisRobotsStoreBuilder implements RedisRobotsStore.Builder {
  /** {@code redis+cluster://} or {@code rediss+cluster://}; group 1 is the plain scheme. */
  private static final Pattern CLUSTER_SCHEME =
      Pattern.compile("(rediss?)\\+cluster(?=://)", Pattern.CASE_INSENSITIVE);

  RedisURI uri;

  /** The seed nodes of a Redis Cluster, or null for a standalone Redis. */
  List<RedisURI> clusterNodes;

  Duration clusterRefreshPeriod = Duration.ofSeconds(10);
  ClientResources resources;
  String keyPrefix = "robots:";
  Clock clock = Clock.systemUTC();
  Duration commandTimeout = Duration.ofSeconds(5);
  Duration backoffMin = Duration.ofMillis(50);
  Duration backoffMax = Duration.ofSeconds(1);

  @Override
  public RedisRobotsStore.Builder uri(String uri) {
    Objects.requireNonNull(uri, "uri");
    Matcher cluster = CLUSTER_SCHEME.matcher(uri);
    if (cluster.lookingAt()) {
      String plain = cluster.group(1) + uri.substring(cluster.end());
      List<RedisURI> nodes;
      try {
        nodes = RedisClusterURIUtil.toRedisURIs(URI.create(plain));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("not a Redis Cluster URI: " + e.getMessage(), e);
      }
      if (nodes.isEmpty()) {
        throw new IllegalArgumentException("a Redis Cluster URI needs at least one node");
      }
      this.clusterNodes = List.copyOf(nodes);
      this.uri = nodes.get(0);
    } else {
      this.uri = RedisURI.create(uri);
      this.clusterNodes = null;
    }
    return this;
  }

  @Override
  public RedisRobotsStore.Builder clusterRefreshPeriod(Duration period) {
    this.clusterRefreshPeriod = requirePositive(period, "clusterRefreshPeriod");
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
    return resources != null ? resources : reconnecting();
  }

  /** New client resources that reconnect 10 ms after a loss, doubling to 1 s. */
  static ClientResources reconnecting() {
    return ClientResources.builder()
        .reconnectDelay(
            Delay.exponential(
                Duration.ofMillis(10), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS))
        .build();
  }

  /**
   * A client on {@code r} that fails commands at once while disconnected (instead of queueing them
   * without bound), times commands out, and emits results off its I/O threads: a command chained on
   * another's result (or on its rejection, which Lettuce signals inside the write) must not be
   * written from inside Lettuce's write path, where it can spin against a connection being closed.
   */
  RedisClient client(ClientResources r) {
    boundHandshake(uri);
    RedisClient client = RedisClient.create(r);
    client.setOptions(options(ClientOptions.builder()).build());
    return client;
  }

  /**
   * A cluster client on {@code r} for the seed nodes, with the options of {@link #client}, the
   * topology refreshed every {@link #clusterRefreshPeriod} and on every adaptive trigger (a {@code
   * MOVED} or {@code ASK} redirect, reconnect attempts, an unknown node), so that after a failover
   * commands reach the promoted replica.
   */
  RedisClusterClient clusterClient(ClientResources r) {
    clusterNodes.forEach(this::boundHandshake);
    RedisClusterClient client = RedisClusterClient.create(r, clusterNodes);
    ClusterClientOptions.Builder options =
        ClusterClientOptions.builder()
            .topologyRefreshOptions(
                ClusterTopologyRefreshOptions.builder()
                    .enablePeriodicRefresh(clusterRefreshPeriod)
                    .enableAllAdaptiveRefreshTriggers()
                    .adaptiveRefreshTriggersTimeout(Duration.ofMillis(500))
                    .refreshTriggersReconnectAttempts(2)
                    .build());
    options(options);
    client.setOptions(options.build());
    return client;
  }

  /**
   * Bounds a connection's handshake by the command timeout when the URI sets none of its own:
   * Lettuce's default of 60 s held a topology refresh, and the client's shutdown behind it, for a
   * minute on a node that accepted the connection and never answered. The cluster's discovered
   * nodes take their seed's timeout.
   */
  void boundHandshake(RedisURI node) {
    if (node.getTimeout().equals(RedisURI.DEFAULT_TIMEOUT_DURATION)) {
      node.setTimeout(commandTimeout);
    }
  }

  private <B extends ClientOptions.Builder> B options(B builder) {
    builder
        .autoReconnect(true)
        .publishOnScheduler(true)
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
        .requestQueueSize(65_536)
        .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(2)).build())
        .timeoutOptions(TimeoutOptions.enabled(commandTimeout));
    return builder;
  }

  private static Duration requirePositive(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + d);
    }
    return d;
  }
}
