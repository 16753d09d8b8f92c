package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** Values the redis tests store. */
final class StoredValues {
  private StoredValues() {}

  /** A 200 fetched and confirmed now, fresh for ten minutes, of {@code body}. */
  static StoredRobots fresh(String body) {
    return fresh(body.getBytes(StandardCharsets.UTF_8));
  }

  /** A 200 fetched and confirmed now, fresh for ten minutes, of {@code body}. */
  static StoredRobots fresh(byte[] body) {
    Instant now = Instant.now();
    return StoredRobots.builder()
        .state(
            OriginState.builder()
                .outcome(FetchOutcome.OK)
                .status(200)
                .fetchedAt(now)
                .expiresAt(now.plusSeconds(600))
                .build())
        .body(body)
        .confirmedAt(now)
        .build();
  }
}
