package io.github.reactiverobots.redis;

import io.lettuce.core.event.connection.ConnectionActivatedEvent;
import io.lettuce.core.event.connection.ReconnectAttemptEvent;
import io.lettuce.core.event.connection.ReconnectFailedEvent;
import io.lettuce.core.resource.ClientResources;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.Disposable;

/**
 * The library's quiet-failure policy for the store's connections: connections lost and reconnect
 * attempts that failed are counted, and at most one line is logged per change of state (the first
 * connection lost, the last one back), whatever the number of attempts between. Lettuce's own
 * reconnect lines go to its loggers ({@code io.lettuce.core.protocol.ConnectionWatchdog}, {@code
 * io.lettuce.core.protocol.ReconnectionHandler}), which an application quiets in its logging
 * settings. Counts every connection of the client resources it watches. Thread-safe.
 */
final class ConnectionWatch implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger("io.github.reactiverobots.redis");

  /** Where the lines go. */
  interface Log {
    void log(System.Logger.Level level, String line);
  }

  private final Log log;

  /** Connections lost, each counted once per loss. */
  private final LongAdder losses = new LongAdder();

  private final LongAdder failedReconnects = new LongAdder();

  /** Connections lost and not back, by node; a node holds several (commands, pub/sub). */
  private final Map<String, Integer> down = new HashMap<>();

  private final Disposable events;
  private volatile boolean closed;

  ConnectionWatch(ClientResources resources) {
    this(resources, LOG::log);
  }

  ConnectionWatch(ClientResources resources, Log log) {
    this.log = log;
    this.events =
        resources
            .eventBus()
            .get()
            .subscribe(
                e -> {
                  if (e instanceof ReconnectAttemptEvent r) {
                    if (r.getAttempt() == 1) {
                      lost(r.remoteAddress());
                    }
                  } else if (e instanceof ReconnectFailedEvent f) {
                    failedReconnects.increment();
                  } else if (e instanceof ConnectionActivatedEvent a) {
                    back(a.remoteAddress());
                  }
                },
                e -> {});
  }

  /**
   * A connection's watchdog tries to reconnect: it was lost (connections opened and closed on
   * purpose, such as a cluster's topology refresh, never reconnect).
   */
  private void lost(SocketAddress address) {
    if (closed) {
      return;
    }
    String node = node(address);
    boolean first;
    synchronized (down) {
      first = down.isEmpty();
      down.merge(node, 1, Integer::sum);
    }
    losses.increment();
    if (first) {
      log.log(
          System.Logger.Level.WARNING,
          "Redis connection to "
              + node
              + " lost; reconnecting, checks fetch for themselves meanwhile");
    }
  }

  private void back(SocketAddress address) {
    boolean last;
    synchronized (down) {
      String node = node(address);
      Integer n = down.get(node);
      if (n == null) {
        return;
      }
      if (n == 1) {
        down.remove(node);
      } else {
        down.put(node, n - 1);
      }
      last = down.isEmpty();
    }
    if (last && !closed) {
      log.log(System.Logger.Level.INFO, "Redis connections back");
    }
  }

  /** The node as host:port, whether Lettuce's address is resolved or not. */
  private static String node(SocketAddress address) {
    return address instanceof InetSocketAddress i
        ? i.getHostString() + ":" + i.getPort()
        : String.valueOf(address);
  }

  long losses() {
    return losses.sum();
  }

  long failedReconnects() {
    return failedReconnects.sum();
  }

  @Override
  public void close() {
    closed = true;
    events.dispose();
  }
}
