package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Proves that BlockHound is active in this module's tests, so a blocking call would fail them. */
class BlockHoundInstalledTest {
  @Test
  void blockingOnANonBlockingThreadIsReported() {
    Throwable error =
        Mono.fromCallable(
                () -> {
                  Thread.sleep(1);
                  return "slept";
                })
            .subscribeOn(Schedulers.parallel())
            .map(Object::toString)
            .onErrorResume(e -> Mono.just(e.getClass().getName() + ": " + e.getMessage()))
            .map(RuntimeException::new)
            .block(Duration.ofSeconds(10));
    assertThat(error.getMessage()).contains("BlockingOperationError").contains("Thread.sleep");
  }
}
