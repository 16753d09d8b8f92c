package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * A pacer's calls to its {@link SharedSpacing}, each bounded by the pacer's wait on its scheduler:
 * a reservation answers once (the wait, or null to fall back to the local rules), a finish is sent
 * and forgotten. Thread-safe; nothing blocks.
 */
final class SharedSlots {
  private final SharedSpacing shared;
  private final Duration wait;
  private final Scheduler scheduler;

  SharedSlots(SharedSpacing shared, Duration wait, Scheduler scheduler) {
    this.shared = shared;
    this.wait = wait;
    this.scheduler = scheduler;
  }

  /**
   * Reserves {@code origin}'s slot; {@code answer} gets the wait (zero: granted) or null when the
   * ledger failed, answered nothing or answered too late. Disposing drops the answer.
   */
  Disposable reserve(Origin origin, SharedSpacing.Request request, Consumer<Duration> answer) {
    Reservation r = new Reservation(answer);
    Mono.defer(() -> shared.reserve(origin, request)).timeout(wait, scheduler).subscribe(r);
    return r;
  }

  /** Tells the ledger that {@code holder}'s slot is free; a failure changes nothing here. */
  void finish(Origin origin, String holder, Duration pause) {
    Mono.defer(() -> shared.finish(origin, holder, pause))
        .timeout(wait, scheduler)
        .subscribe(null, e -> {});
  }

  private static final class Reservation extends BaseSubscriber<Duration> {
    private final Consumer<Duration> answer;
    private boolean answered;

    Reservation(Consumer<Duration> answer) {
      this.answer = answer;
    }

    @Override
    protected void hookOnNext(Duration wait) {
      answered = true;
      answer.accept(wait.isNegative() ? Duration.ZERO : wait);
    }

    @Override
    protected void hookOnComplete() {
      if (!answered) {
        answer.accept(null);
      }
    }

    @Override
    protected void hookOnError(Throwable e) {
      answer.accept(null);
    }
  }
}
