package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Guards the guard: the other tests rely on BlockHound being installed in this module. */
class BlockHoundActiveTest {
  @Test
  void blockingOnAReactorThreadIsReported() {
    Mono<String> sleeps = Mono.fromCallable(() -> {
      Thread.sleep(1);
      return "slept";
    }).subscribeOn(Schedulers.parallel());

    assertThatThrownBy(() -> sleeps.block(Duration.ofSeconds(10)))
        .hasCauseInstanceOf(BlockingOperationError.class);
  }
}
