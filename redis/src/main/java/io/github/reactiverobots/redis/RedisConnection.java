package io.github.reactiverobots.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.reactive.RedisKeyReactiveCommands;
import io.lettuce.core.api.reactive.RedisScriptingReactiveCommands;
import io.lettuce.core.api.reactive.RedisStringReactiveCommands;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.event.ClusterTopologyChangedEvent;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The Redis a store talks to, standalone ({@link RedisClient}) or a Redis Cluster ({@link
 * RedisClusterClient}, keys routed by their slot, the topology refreshed periodically and on the
 * adaptive triggers): the few commands the store sends, the pub/sub that wakes waiters ({@code
 * SUBSCRIBE}/{@code PUBLISH} standalone, sharded {@code SSUBSCRIBE}/{@code SPUBLISH} on a cluster,
 * so that an origin's notifications stay on its shard), and the command scripts publish with.
 * Shared by the robots store and any other store of this module that needs the same connection.
 * Thread-safe; {@link #open} blocks (it connects), nothing else does.
 */
final class RedisConnection implements AutoCloseable {
  static final RedisCodec<String, byte[]> CODEC =
      RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);

  private final AutoCloseable client;
  private final StatefulConnection<String, byte[]> connection;
  private final RedisStringReactiveCommands<String, byte[]> strings;
  private final RedisKeyReactiveCommands<String, byte[]> keys;
  private final RedisScriptingReactiveCommands<String, byte[]> scripts;
  private final Notifications notifications;
  private final Disposable topologyWatch;

  /** On a cluster, the refresh a failed command starts; null standalone. */
  private final TopologyRefresh refresh;

  private RedisConnection(
      AutoCloseable client,
      StatefulConnection<String, byte[]> connection,
      RedisStringReactiveCommands<String, byte[]> strings,
      RedisKeyReactiveCommands<String, byte[]> keys,
      RedisScriptingReactiveCommands<String, byte[]> scripts,
      Notifications notifications,
      Disposable topologyWatch,
      TopologyRefresh refresh) {
    this.client = client;
    this.connection = connection;
    this.strings = strings;
    this.keys = keys;
    this.scripts = scripts;
    this.notifications = notifications;
    this.topologyWatch = topologyWatch;
    this.refresh = refresh;
  }

  /**
   * Connects as {@code b} says, on {@code resources} (not shut down here).
   *
   * @param serial the one thread pub/sub commands are sent from, in order
   */
  static RedisConnection open(
      RedisRobotsStoreBuilder b, ClientResources resources, Scheduler serial) {
    return b.clusterNodes != null
        ? openCluster(b, resources, serial)
        : openStandalone(b, resources, serial);
  }

  private static RedisConnection openStandalone(
      RedisRobotsStoreBuilder b, ClientResources resources, Scheduler serial) {
    RedisClient client = b.client(resources);
    StatefulRedisConnection<String, byte[]> c = null;
    try {
      c = client.connect(CODEC, b.uri);
      Notifications n =
          Notifications.standalone(client.connectPubSub(StringCodec.UTF8, b.uri), serial);
      var commands = c.reactive();
      return new RedisConnection(client::shutdown, c, commands, commands, commands, n, null, null);
    } catch (RuntimeException e) {
      if (c != null) {
        c.close();
      }
      client.shutdown();
      throw e;
    }
  }

  private static RedisConnection openCluster(
      RedisRobotsStoreBuilder b, ClientResources resources, Scheduler serial) {
    RedisClusterClient client = b.clusterClient(resources);
    StatefulRedisClusterConnection<String, byte[]> c = null;
    try {
      c = client.connect(CODEC);
      Notifications n = Notifications.sharded(client.connectPubSub(StringCodec.UTF8), serial);
      // After a failover the channels subscribed on the lost primary are subscribed again on the
      // shard's new one (until then, waiters fall back on their re-reads).
      Disposable watch =
          resources
              .eventBus()
              .get()
              .filter(ClusterTopologyChangedEvent.class::isInstance)
              .subscribe(e -> n.resubscribe(), e -> {});
      var commands = c.reactive();
      return new RedisConnection(
          client::shutdown,
          c,
          commands,
          commands,
          commands,
          n,
          watch,
          new TopologyRefresh(client::refreshPartitionsAsync, serial));
    } catch (RuntimeException e) {
      if (c != null) {
        c.close();
      }
      client.shutdown();
      throw e;
    }
  }

  /** Whether this is a Redis Cluster. */
  boolean cluster() {
    return refresh != null;
  }

  /**
   * The id of the node serving the slot of keys tagged {@code hashTag} on a cluster, as the
   * client's current topology has it; "" standalone, or while no node serves the slot. Reads the
   * topology the client holds, never the network.
   */
  String nodeOf(String hashTag) {
    if (!(connection instanceof StatefulRedisClusterConnection<String, byte[]> c)) {
      return "";
    }
    RedisClusterNode node = c.getPartitions().getPartitionBySlot(SlotHash.getSlot(hashTag));
    return node == null ? "" : node.getNodeId();
  }

  /** The command a script publishes a notification with. */
  String publishCommand() {
    return cluster() ? "SPUBLISH" : "PUBLISH";
  }

  Mono<byte[]> get(String key) {
    return refresh == null ? strings.get(key) : strings.get(key).doOnError(this::failed);
  }

  Mono<String> psetex(String key, long millis, byte[] value) {
    Mono<String> answer = strings.psetex(key, millis, value);
    return refresh == null ? answer : answer.doOnError(this::failed);
  }

  Mono<Long> exists(String key) {
    return refresh == null ? keys.exists(key) : keys.exists(key).doOnError(this::failed);
  }

  /** Runs {@code script} on the node of its keys' slot (they must share one). */
  <T> Flux<T> eval(String script, ScriptOutputType type, String[] keyList, byte[]... args) {
    Flux<T> answer = scripts.eval(script, type, keyList, args);
    return refresh == null ? answer : answer.doOnError(this::failed);
  }

  /**
   * A command failed on a cluster: its node may be lost, and the topology read before the failover
   * ended (see {@link TopologyRefresh}).
   */
  private void failed(Throwable e) {
    refresh.commandFailed();
  }

  /** Topology refreshes started by failed commands (0 standalone). */
  long topologyRefreshes() {
    return refresh == null ? 0 : refresh.started();
  }

  Notifications notifications() {
    return notifications;
  }

  /** Closes the connections and the client (not the client resources). */
  @Override
  public void close() {
    if (topologyWatch != null) {
      topologyWatch.dispose();
    }
    notifications.close();
    connection.close();
    try {
      client.close();
    } catch (Exception e) {
      // the client's shutdown does not fail
    }
  }
}
