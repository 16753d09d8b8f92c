package io.github.reactiverobots.redis;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import reactor.core.publisher.Mono;

/**
 * Keeps commands from being dispatched on a Lettuce connection while it closes. Lettuce 6.8.2 can
 * spin an event loop forever when a command is written while {@code close()} holds the endpoint's
 * exclusive lock (redis/lettuce#3880): each command is sent under a shared lock taken without
 * waiting, and {@link #close} takes it exclusively. Thread-safe.
 */
final class ClosingGate {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final String what;
  private volatile boolean closed;

  /** {@code what} names the closed thing in the error a late command gets. */
  ClosingGate(String what) {
    this.what = what;
  }

  /**
   * Dispatches {@code command} now (it is subscribed here), unless closing; never waits for the
   * lock.
   */
  <T> Mono<T> send(Mono<T> command) {
    boolean open = lock.readLock().tryLock();
    try {
      if (!open || closed) {
        return Mono.error(new IllegalStateException(what + " closed"));
      }
      return Mono.fromFuture(command.toFuture(), false);
    } finally {
      if (open) {
        lock.readLock().unlock();
      }
    }
  }

  /** Whether {@link #close} was called: commands are refused from then on. */
  boolean closed() {
    return closed;
  }

  /** What closes the connection. */
  @FunctionalInterface
  interface Closing<E extends Exception> {
    void close() throws E;
  }

  /** Runs {@code close} once no command is being dispatched; later commands are refused. */
  <E extends Exception> void close(Closing<E> close) throws E {
    closed = true;
    lock.writeLock().lock();
    try {
      close.close();
    } finally {
      lock.writeLock().unlock();
    }
  }
}
