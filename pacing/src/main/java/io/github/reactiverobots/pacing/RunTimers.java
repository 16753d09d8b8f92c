package io.github.reactiverobots.pacing;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

/**
 * A pacing run's timers on its scheduler: the gates that keep an origin from releasing (its
 * interval, a backoff, a closed visit-time window, a shared-spacing wait) and the leases of
 * released items. A timer's end is posted to the run's drain loop; its state is touched only there.
 */
final class RunTimers<T> {
  private final Scheduler scheduler;
  private final Consumer<Runnable> post;
  private final Consumer<OriginQueue<T>> opened;
  private final Consumer<Paced<T>> expired;

  /**
   * @param scheduler where the timers run
   * @param post queues an event for the run's drain loop
   * @param opened called in the loop when one of an origin's gates has ended
   * @param expired called in the loop when a released item's lease ran out without a report
   */
  RunTimers(
      Scheduler scheduler,
      Consumer<Runnable> post,
      Consumer<OriginQueue<T>> opened,
      Consumer<Paced<T>> expired) {
    this.scheduler = scheduler;
    this.post = post;
    this.opened = opened;
    this.expired = expired;
  }

  /** The scheduler's time. */
  long now() {
    return scheduler.now(TimeUnit.NANOSECONDS);
  }

  /** Keeps {@code q} from releasing for {@code nanos}. */
  void gate(OriginQueue<T> q, long nanos) {
    if (nanos <= 0) {
      return;
    }
    Gate g = new Gate(q);
    g.task = scheduler.schedule(g, nanos, TimeUnit.NANOSECONDS);
    q.gates.add(g.task);
  }

  /** Starts {@code p}'s lease: unless it is reported within {@code nanos}, its slot comes back. */
  void lease(Paced<T> p, long nanos) {
    p.lease =
        scheduler.schedule(
            () -> {
              if (p.expire()) {
                post.accept(() -> expired.accept(p));
              }
            },
            nanos,
            TimeUnit.NANOSECONDS);
  }

  private final class Gate implements Runnable {
    final OriginQueue<T> q;
    Disposable task;

    Gate(OriginQueue<T> q) {
      this.q = q;
    }

    @Override
    public void run() {
      post.accept(
          () -> {
            q.gates.remove(task);
            opened.accept(q);
          });
    }
  }
}
