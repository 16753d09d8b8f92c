package io.github.reactiverobots.redis;

import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.cluster.pubsub.StatefulRedisClusterPubSubConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.pubsub.api.reactive.RedisPubSubReactiveCommands;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;

/**
 * Redis pub/sub for the workers waiting on origins: a channel is subscribed while at least one
 * waiter listens to it and unsubscribed when the last leaves. Standalone, over one connection with
 * {@code SUBSCRIBE}; on a Redis Cluster, with sharded {@code SSUBSCRIBE} sent to the primary that
 * serves the channel's slot (over Lettuce's per-node pub/sub connection), and sent again to the new
 * primary after a topology change ({@link #resubscribe()}). A notification can be missed (one
 * published between a waiter's read and its subscription taking effect, while a connection is down,
 * or during a failover), so waiters re-read on a backoff as well; Lettuce resubscribes a
 * connection's channels after a reconnect. Commands are sent in the order the bookkeeping decided
 * them, from the store's sending thread (never from the caller's thread: see {@link
 * RedisRobotsStore} on threads). Thread-safe; the bookkeeping is a short critical section that
 * schedules commands without waiting for them.
 */
final class Notifications implements AutoCloseable {
  /** How a channel is subscribed to and left. */
  private interface Channels {
    Mono<Void> subscribe(String channel);

    Mono<Void> unsubscribe(String channel);
  }

  private final StatefulRedisPubSubConnection<String, String> connection;
  private final Channels channels;
  private final Map<String, Listeners> byChannel = new HashMap<>();
  private final Scheduler serial;
  private final ClosingGate gate;

  private static final class Listeners {
    final Sinks.Many<String> sink = Sinks.many().multicast().directBestEffort();

    /** Completes once Redis confirmed the subscription (or could not make it). */
    final Mono<Void> subscribed;

    int count;

    Listeners(Mono<Void> subscribe) {
      subscribed = subscribe.onErrorResume(e -> Mono.empty()).cache();
      subscribed.subscribe();
    }
  }

  private Notifications(
      StatefulRedisPubSubConnection<String, String> connection,
      Channels channels,
      Scheduler serial,
      ClosingGate gate) {
    this.connection = connection;
    this.channels = channels;
    this.serial = serial;
    this.gate = gate;
    connection.addListener(
        new RedisPubSubAdapter<>() {
          @Override
          public void message(String channel, String message) {
            wake(channel);
          }

          @Override
          public void smessage(String channel, String message) {
            wake(channel);
          }
        });
  }

  /**
   * Plain pub/sub over one connection.
   *
   * @param connection the pub/sub connection, closed by {@link #close()}
   * @param serial the one thread the commands are sent from, in order; not disposed here
   */
  static Notifications standalone(
      StatefulRedisPubSubConnection<String, String> connection, Scheduler serial) {
    RedisPubSubReactiveCommands<String, String> commands = connection.reactive();
    ClosingGate gate = new ClosingGate("notifications");
    return new Notifications(
        connection,
        new Channels() {
          @Override
          public Mono<Void> subscribe(String channel) {
            return Mono.defer(() -> gate.send(commands.subscribe(channel)));
          }

          @Override
          public Mono<Void> unsubscribe(String channel) {
            return Mono.defer(() -> gate.send(commands.unsubscribe(channel)));
          }
        },
        serial,
        gate);
  }

  /**
   * Sharded pub/sub on a Redis Cluster: each channel on the primary of its slot.
   *
   * @param connection the cluster pub/sub connection, closed by {@link #close()}
   * @param serial the one thread the commands are sent from, in order; not disposed here
   */
  static Notifications sharded(
      StatefulRedisClusterPubSubConnection<String, String> connection, Scheduler serial) {
    connection.setNodeMessagePropagation(true);
    Map<String, String> nodeOf = new ConcurrentHashMap<>();
    ClosingGate gate = new ClosingGate("notifications");
    return new Notifications(
        connection,
        new Channels() {
          @Override
          public Mono<Void> subscribe(String channel) {
            return Mono.defer(
                () -> {
                  RedisClusterNode node =
                      connection.getPartitions().getMasterBySlot(SlotHash.getSlot(channel));
                  if (node == null) {
                    return Mono.empty();
                  }
                  String previous = nodeOf.put(channel, node.getNodeId());
                  Mono<Void> leave =
                      previous == null || previous.equals(node.getNodeId())
                          ? Mono.empty()
                          : unsubscribeOn(previous, channel);
                  return leave.then(
                      Mono.fromCompletionStage(
                              () -> connection.getConnectionAsync(node.getNodeId()))
                          .flatMap(c -> gate.send(c.reactive().ssubscribe(channel))));
                });
          }

          @Override
          public Mono<Void> unsubscribe(String channel) {
            return Mono.defer(
                () -> {
                  String node = nodeOf.remove(channel);
                  return node == null ? Mono.empty() : unsubscribeOn(node, channel);
                });
          }

          private Mono<Void> unsubscribeOn(String node, String channel) {
            return Mono.fromCompletionStage(() -> connection.getConnectionAsync(node))
                .flatMap(c -> gate.send(c.reactive().sunsubscribe(channel)))
                .onErrorResume(e -> Mono.empty());
          }
        },
        serial,
        gate);
  }

  /**
   * A first signal once the subscription to {@code channel} is confirmed (so that a read made on it
   * cannot miss a message published after it), then one for each message on the channel.
   */
  Flux<String> on(String channel) {
    return Flux.using(
        () -> join(channel),
        l -> l.subscribed.thenMany(Flux.just(channel).concatWith(l.sink.asFlux())),
        l -> leave(channel, l));
  }

  /**
   * Subscribes again to every channel listened to, each where it now belongs (after a cluster's
   * topology changed), and wakes their waiters to re-read, since a message may have been lost.
   */
  void resubscribe() {
    List<String> listened;
    synchronized (this) {
      listened = List.copyOf(byChannel.keySet());
    }
    for (String channel : listened) {
      channels.subscribe(channel).subscribeOn(serial).subscribe(null, e -> {});
      wake(channel);
    }
  }

  private void wake(String channel) {
    Listeners l;
    synchronized (this) {
      l = byChannel.get(channel);
    }
    if (l != null) {
      l.sink.tryEmitNext(channel);
    }
  }

  private synchronized Listeners join(String channel) {
    Listeners l = byChannel.get(channel);
    if (l == null) {
      l = new Listeners(channels.subscribe(channel).subscribeOn(serial));
      byChannel.put(channel, l);
    }
    l.count++;
    return l;
  }

  private synchronized void leave(String channel, Listeners l) {
    if (--l.count == 0 && byChannel.remove(channel, l)) {
      channels.unsubscribe(channel).subscribeOn(serial).subscribe(null, e -> {});
    }
  }

  @Override
  public void close() {
    gate.close(connection::close);
  }
}
