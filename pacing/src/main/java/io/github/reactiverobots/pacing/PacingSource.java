package io.github.reactiverobots.pacing;

import java.util.function.Consumer;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * A pacing run's subscription to its source: it requests only what the run has room for, and hands
 * every signal to the run's drain loop as an event. Its fields are read and written only inside
 * that loop.
 */
final class PacingSource<T> extends BaseSubscriber<T> {
  /** Items requested from the source at a time, at most. */
  static final int REQUEST_BATCH = 64;

  private final Consumer<Runnable> post;
  private final Consumer<T> onItem;
  private final ContextView context;
  private boolean subscribed;
  private boolean done;
  private Throwable error;
  private long outstanding;

  /**
   * @param post queues an event for the run's drain loop
   * @param onItem handles an item, inside the drain loop
   * @param context the subscriber's context, passed up to the source
   */
  PacingSource(Consumer<Runnable> post, Consumer<T> onItem, ContextView context) {
    this.post = post;
    this.onItem = onItem;
    this.context = context;
  }

  /**
   * Requests more while the run holds fewer than {@code room} more items than it has asked for, in
   * batches of at least half {@link #REQUEST_BATCH}, and none while {@code blocked}.
   *
   * @param room how many more items the run may hold
   * @param blocked whether an item waits for room in its origin's queue
   */
  void requestMore(long room, boolean blocked) {
    if (!subscribed || done || blocked) {
      return;
    }
    long n = Math.min(room, REQUEST_BATCH) - outstanding;
    if (n > 0 && (outstanding == 0 || n >= REQUEST_BATCH / 2)) {
      outstanding += n;
      request(n);
    }
  }

  /** Whether the source has completed or failed. */
  boolean done() {
    return done;
  }

  /** The source's error, or null. */
  Throwable error() {
    return error;
  }

  @Override
  protected void hookOnSubscribe(Subscription s) {
    post.accept(() -> subscribed = true);
  }

  @Override
  protected void hookOnNext(T item) {
    post.accept(
        () -> {
          outstanding--;
          onItem.accept(item);
        });
  }

  @Override
  protected void hookOnComplete() {
    post.accept(() -> done = true);
  }

  @Override
  protected void hookOnError(Throwable e) {
    post.accept(
        () -> {
          done = true;
          error = e;
        });
  }

  @Override
  public Context currentContext() {
    return Context.of(context);
  }
}
