package io.github.reactiverobots.redis;

import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.pubsub.api.reactive.RedisPubSubReactiveCommands;
import java.util.HashMap;
import java.util.Map;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;

/**
 * Redis pub/sub for the workers waiting on origins, over one connection: a channel is subscribed
 * while at least one waiter listens to it and unsubscribed when the last leaves. A notification
 * can be missed (one published between a waiter's read and its subscription taking effect, or
 * while the connection is down), so waiters re-read on a backoff as well; Lettuce resubscribes
 * the channels after a reconnect. {@code SUBSCRIBE} and {@code UNSUBSCRIBE} are sent in the order
 * the bookkeeping decided them, from the store's sending thread (never from the caller's thread:
 * see {@link RedisRobotsStore} on threads). Thread-safe; the bookkeeping is a
 * short critical section that schedules commands without waiting for them.
 */
final class Notifications implements AutoCloseable {
  private final StatefulRedisPubSubConnection<String, String> connection;
  private final RedisPubSubReactiveCommands<String, String> commands;
  private final Map<String, Listeners> byChannel = new HashMap<>();
  private final Scheduler serial;
  private final Disposable listening;

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

  /**
   * @param connection the pub/sub connection, closed by {@link #close()}
   * @param serial the one thread the commands are sent from, in order; not disposed here
   */
  Notifications(StatefulRedisPubSubConnection<String, String> connection, Scheduler serial) {
    this.connection = connection;
    this.serial = serial;
    this.commands = connection.reactive();
    this.listening = commands.observeChannels().subscribe(m -> wake(m.getChannel()), e -> { });
  }

  /**
   * A first signal once the subscription to {@code channel} is confirmed (so that a read made on
   * it cannot miss a message published after it), then one for each message on the channel.
   */
  Flux<String> on(String channel) {
    return Flux.using(() -> join(channel),
        l -> l.subscribed.thenMany(Flux.just(channel).concatWith(l.sink.asFlux())),
        l -> leave(channel, l));
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
      l = new Listeners(commands.subscribe(channel).subscribeOn(serial));
      byChannel.put(channel, l);
    }
    l.count++;
    return l;
  }

  private synchronized void leave(String channel, Listeners l) {
    if (--l.count == 0 && byChannel.remove(channel, l)) {
      commands.unsubscribe(channel).subscribeOn(serial).subscribe(null, e -> { });
    }
  }

  @Override
  public void close() {
    listening.dispose();
    connection.close();
  }
}
