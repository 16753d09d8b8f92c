package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.testing.BlockHoundGuard;
import org.junit.jupiter.api.Test;

/** Guards the guard: the other tests rely on BlockHound being installed in this module. */
class BlockHoundActiveTest {
  @Test
  void blockingOnAReactorThreadIsReported() {
    BlockHoundGuard.assertWatchingReactorThreads();
  }
}
