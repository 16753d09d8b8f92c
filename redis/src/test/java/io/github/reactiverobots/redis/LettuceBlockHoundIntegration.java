package io.github.reactiverobots.redis;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * What BlockHound lets Lettuce's own threads do in these tests (found by {@code ServiceLoader}).
 * Lettuce's event loop takes its connection lock ({@code SharedLock.doExclusive}) while a
 * connection comes up or goes down, and can wait there for a sender that holds it for an instant: a
 * short critical section inside the library, not on any thread of ours (the store sends every
 * command from the bounded elastic scheduler, where BlockHound allows waiting). The first record
 * java.util.logging publishes initialises its handlers under a lock, which two Lettuce threads
 * reporting two reconnects at once can contend for. Without these allowances BlockHound's error,
 * thrown inside Lettuce, aborts the reconnect it interrupted and the connection stays down.
 */
public final class LettuceBlockHoundIntegration implements BlockHoundIntegration {
  @Override
  public void applyTo(BlockHound.Builder builder) {
    builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "doExclusive");
    builder.allowBlockingCallsInside("java.util.logging.LogManager", "initializeGlobalHandlers");
  }
}
