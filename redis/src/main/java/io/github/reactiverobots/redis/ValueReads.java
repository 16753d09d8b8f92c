package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.concurrent.atomic.LongAdder;

/** Reads stored bytes as values ({@link ValueFormat}), counting those it rejects. Thread-safe. */
final class ValueReads {
  private final LongAdder rejected = new LongAdder();
  private final LongAdder otherVersions = new LongAdder();

  /** The value {@code bytes} hold for {@code origin}; a rejection counted and signalled. */
  StoredRobots decode(Origin origin, byte[] bytes) {
    try {
      return ValueFormat.read(origin, bytes);
    } catch (RejectedValueException e) {
      rejected.increment();
      if (ValueFormat.isOtherVersion(bytes)) {
        otherVersions.increment();
      }
      throw e;
    }
  }

  long rejected() {
    return rejected.sum();
  }

  long otherVersions() {
    return otherVersions.sum();
  }
}
