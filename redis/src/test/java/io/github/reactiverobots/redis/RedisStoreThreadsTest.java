package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;

/**
 * The store never sends a command from its subscriber's thread. Lettuce's event loop holds each
 * connection's lock exclusively while the connection comes up or goes down, and a command sent
 * meanwhile waits for it. Here a test thread holds the lock as the event loop would, while store
 * calls are subscribed on a Reactor thread: they wait off that thread (BlockHound is watching),
 * answer once the lock is free, and the connection stays usable. Sent from the Reactor thread
 * instead, BlockHound's error inside the lock left Lettuce's count of writers unbalanced, and every
 * later command on the connection spun in the lock for good: the build's hang.
 *
 * <p>Reaching the lock takes Lettuce 6.8's internals (RedisChannelHandler's writer, wrapped for
 * command timeouts; DefaultEndpoint's SharedLock): the test says so when they change.
 */
class RedisStoreThreadsTest {
  private static final Origin ORIGIN = Origin.of("https://threads.example");

  @Test
  void commandsSentWhileTheEventLoopHoldsTheConnectionLockWaitOffReactorThreads() throws Exception {
    try (RedisServer server = RedisServer.start()) {
      RedisRobotsStore store = RedisRobotsStore.builder().uri(server.uri()).build();
      try {
        sendWhileTheLockIsHeld(store);
      } catch (Throwable t) {
        try {
          closeWithin(store, Duration.ofSeconds(10));
        } catch (AssertionError e) {
          t.addSuppressed(e);
        }
        throw t;
      }
      closeWithin(store, Duration.ofSeconds(10));
    }
  }

  private static void sendWhileTheLockIsHeld(RedisRobotsStore store) throws Exception {
    assertThat(store.get(ORIGIN).block(Duration.ofSeconds(5))).isNull();
    ConnectionLock lock = ConnectionLock.of(store);
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> lock.hold(held, release));
    StoredRobots value = StoredValues.fresh("User-agent: *\nDisallow: /x\n");
    CompletableFuture<StoredRobots> answer;
    try {
      assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
      answer =
          store
              .put(ORIGIN, value, Duration.ofMinutes(1))
              .then(store.get(ORIGIN))
              .subscribeOn(Schedulers.parallel())
              .toFuture();
      // Until the command waits for the lock (or fails trying), bounded.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!answer.isDone() && !lock.hasWaiters() && System.nanoTime() - deadline < 0) {
        Thread.onSpinWait();
      }
      assertThat(lock.hasWaiters()).as("a command waits for the connection lock").isTrue();
    } finally {
      release.countDown();
    }
    holder.get(10, TimeUnit.SECONDS);

    assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo(value);
    assertThat(store.get(ORIGIN).subscribeOn(Schedulers.parallel()).block(Duration.ofSeconds(5)))
        .isEqualTo(value);
  }

  /**
   * Closes on another thread, bounded: with the lock unbalanced, closing would spin for good (it
   * takes the lock exclusively too).
   */
  private static void closeWithin(RedisRobotsStore store, Duration bound)
      throws InterruptedException {
    Thread closing = new Thread(store::close, "close-store");
    closing.setDaemon(true);
    closing.start();
    closing.join(bound.toMillis());
    if (closing.isAlive()) {
      throw new AssertionError("closing the store spun in Lettuce's connection lock");
    }
  }

  /** The lock of a store's command connection, reached through Lettuce's internals. */
  private record ConnectionLock(Object sharedLock, ReentrantLock inner, Method exclusive) {
    static ConnectionLock of(RedisRobotsStore store) {
      try {
        Object writer = field(field(field(store, "redis"), "connection"), "channelWriter");
        while (!writer.getClass().getName().equals("io.lettuce.core.protocol.DefaultEndpoint")) {
          writer = field(writer, "delegate");
        }
        Object lock = field(writer, "sharedLock");
        Method exclusive = lock.getClass().getDeclaredMethod("doExclusive", Runnable.class);
        exclusive.setAccessible(true);
        return new ConnectionLock(lock, (ReentrantLock) field(lock, "lock"), exclusive);
      } catch (ReflectiveOperationException | ClassCastException e) {
        throw new AssertionError("Lettuce's connection internals changed: " + e, e);
      }
    }

    /** Holds the lock exclusively, as the event loop does, until {@code release}. */
    void hold(CountDownLatch held, CountDownLatch release) {
      try {
        exclusive.invoke(
            sharedLock,
            (Runnable)
                () -> {
                  held.countDown();
                  try {
                    release.await(10, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }

    boolean hasWaiters() {
      return inner.hasQueuedThreads();
    }
  }

  private static Object field(Object o, String name) throws ReflectiveOperationException {
    for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (f.getName().equals(name)) {
          f.setAccessible(true);
          return f.get(o);
        }
      }
    }
    throw new NoSuchFieldException(o.getClass().getName() + "." + name);
  }
}
