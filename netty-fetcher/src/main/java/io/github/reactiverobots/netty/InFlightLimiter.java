package io.github.reactiverobots.netty;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs tasks with at most {@code max} running at once; the rest wait in a FIFO queue. A task starts
 * on whichever thread frees a slot or submits it, and must call {@link #release()} exactly once
 * when it is finished. Lock-free and thread-safe; starting a task never recurses, however many
 * tasks finish synchronously.
 */
final class InFlightLimiter {
  private final int max;
  private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger queued = new AtomicInteger();
  private final AtomicInteger wip = new AtomicInteger();

  InFlightLimiter(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1: " + max);
    }
    this.max = max;
  }

  /** Queues {@code task}; it runs as soon as a slot is free, possibly before this returns. */
  void submit(Runnable task) {
    queued.incrementAndGet();
    queue.offer(task);
    drain();
  }

  /** Frees the slot of a finished task. */
  void release() {
    active.decrementAndGet();
    drain();
  }

  int active() {
    return active.get();
  }

  int queued() {
    return queued.get();
  }

  int max() {
    return max;
  }

  private void drain() {
    if (wip.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    do {
      while (!queue.isEmpty() && active.get() < max) {
        Runnable task = queue.poll();
        if (task == null) {
          break;
        }
        queued.decrementAndGet();
        active.incrementAndGet();
        task.run();
      }
      missed = wip.addAndGet(-missed);
    } while (missed != 0);
  }
}
