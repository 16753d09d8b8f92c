package io.github.reactiverobots.core.internal;

import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Work inside the pipeline whose {@link OutOfMemoryError} its callers receive, as the cause of an
 * {@link IllegalStateException}. Reactor rethrows a JVM-fatal error, even one signalled, on the
 * thread that meets it, where it ends that thread's task and reaches no subscriber, so the checks
 * waiting on the work would wait for ever.
 */
final class HeapExhaustion {
  private HeapExhaustion() {}

  /** The work's value, or its {@code OutOfMemoryError} wrapped as the error signal. */
  static <T> Mono<T> signal(Supplier<T> work) {
    T value;
    try {
      value = work.get();
    } catch (OutOfMemoryError e) {
      return Mono.error(
          new IllegalStateException(
              "the JVM ran out of heap while the cache fetched or kept an origin's robots.txt:"
                  + " lower maximumWeight or raise -Xmx (docs/performance.md, \"Sizing the heap\")",
              e));
    }
    return Mono.just(value);
  }
}
