package io.github.reactiverobots.redis;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The tokens of the leases one store takes: each names the store (a random prefix), the lease (a
 * counter) and when the lease ends on this JVM's {@link System#nanoTime()} clock, so that the store
 * knows, when asked to end a lease, how long ending it is worth trying. Thread-safe.
 */
final class LeaseTokens {
  private final String prefix = UUID.randomUUID() + ":";
  private final AtomicLong count = new AtomicLong();

  /** A new token for a lease ending at {@code end} (nanoTime). */
  String next(long end) {
    return prefix + count.incrementAndGet() + "/" + end;
  }

  /** When the lease of {@code token} ends (nanoTime); now for a token this store did not make. */
  long end(String token) {
    if (token.startsWith(prefix)) {
      try {
        return Long.parseLong(token.substring(token.lastIndexOf('/') + 1));
      } catch (NumberFormatException e) {
        // not one of these tokens after all
      }
    }
    return System.nanoTime();
  }
}
