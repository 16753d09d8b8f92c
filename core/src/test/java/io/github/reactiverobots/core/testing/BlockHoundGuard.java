package io.github.reactiverobots.core.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Guards the guard: the tests of a module with reactive code rely on BlockHound being installed (by
 * {@code blockhound-junit-platform}) and watching Reactor's threads.
 */
public final class BlockHoundGuard {
  private BlockHoundGuard() {}

  /** Asserts that a sleep on a Reactor thread is reported as a blocking call. */
  public static void assertWatchingReactorThreads() {
    Mono<String> sleeps =
        Mono.fromCallable(
                () -> {
                  Thread.sleep(1);
                  return "slept";
                })
            .subscribeOn(Schedulers.parallel());

    assertThatThrownBy(() -> sleeps.block(Duration.ofSeconds(10)))
        .hasCauseInstanceOf(BlockingOperationError.class);
  }
}
