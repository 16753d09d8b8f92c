package io.github.reactiverobots.pacing;

import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import reactor.util.concurrent.Queues;

/**
 * Runs posted events one at a time, on the thread that posted while no other runs the loop (else on
 * the thread running it), then the after-step once the queue is empty; so the state the events
 * touch needs no lock and nothing waits. Once {@code stopped} answers true, events are dropped and
 * the after-step no longer runs. Thread-safe.
 */
final class SerialLoop {
  private final Queue<Runnable> events = Queues.<Runnable>unboundedMultiproducer().get();
  private final AtomicInteger wip = new AtomicInteger();
  private final BooleanSupplier stopped;
  private final Runnable afterEvents;

  SerialLoop(BooleanSupplier stopped, Runnable afterEvents) {
    this.stopped = stopped;
    this.afterEvents = afterEvents;
  }

  void post(Runnable event) {
    events.offer(event);
    drain();
  }

  private void drain() {
    if (wip.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    do {
      Runnable event;
      while ((event = events.poll()) != null) {
        if (!stopped.getAsBoolean()) {
          event.run();
        }
      }
      if (!stopped.getAsBoolean()) {
        afterEvents.run();
      }
      missed = wip.addAndGet(-missed);
    } while (missed != 0);
  }
}
