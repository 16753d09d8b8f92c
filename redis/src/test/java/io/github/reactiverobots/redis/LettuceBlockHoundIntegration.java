package io.github.reactiverobots.redis;

import java.util.List;
import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * What BlockHound lets Lettuce's own threads do in these tests (found by {@code ServiceLoader}).
 * Lettuce's event loop takes its connection lock ({@code SharedLock.doExclusive}) while a
 * connection comes up or goes down, and can wait there for a sender that holds it for an instant: a
 * short critical section inside the library, not on any thread of ours (the store sends every
 * command from the bounded elastic scheduler, where BlockHound allows waiting). A cluster
 * connection does the same with its provider's state lock: when a node's connection comes up, the
 * event loop takes it to configure the connection and to remember it for its slots, while a sender
 * asking for another node's connection may hold it. The first record java.util.logging publishes
 * initialises its handlers under a lock, which two Lettuce threads reporting two reconnects at once
 * can contend for. Without these allowances BlockHound's error, thrown inside Lettuce, aborts the
 * (re)connect it interrupted: the connection stays down, or a cluster connection's first command to
 * a node fails ("Unable to connect", caused by BlockHound's error), which a pacer takes as a ledger
 * failure and falls back on.
 */
public final class LettuceBlockHoundIntegration implements BlockHoundIntegration {
  private static final String CLUSTER_PROVIDER =
      "io.lettuce.core.cluster.PooledClusterConnectionProvider";

  /**
   * The Lettuce methods (class, method) that take a lock a sender may hold: Lettuce 6.8's names,
   * lambdas included; {@code LettuceBlockHoundIntegrationTest} fails when an upgrade renames one.
   */
  static final List<List<String>> LOCKING =
      List.of(
          List.of("io.lettuce.core.protocol.SharedLock", "doExclusive"),
          List.of(CLUSTER_PROVIDER + "$NodeConnectionPostProcessor", "lambda$apply$4"),
          List.of(CLUSTER_PROVIDER, "lambda$getWriteConnection$0"),
          List.of(CLUSTER_PROVIDER, "lambda$getReadConnection$4"),
          List.of(CLUSTER_PROVIDER, "getReadConnection"),
          List.of(CLUSTER_PROVIDER, "resetFastConnectionCache"),
          List.of(CLUSTER_PROVIDER, "setPartitions"),
          List.of(CLUSTER_PROVIDER, "setReadFrom"),
          List.of(CLUSTER_PROVIDER, "setAutoFlushCommands"));

  @Override
  public void applyTo(BlockHound.Builder builder) {
    for (List<String> method : LOCKING) {
      builder.allowBlockingCallsInside(method.get(0), method.get(1));
    }
    builder.allowBlockingCallsInside("java.util.logging.LogManager", "initializeGlobalHandlers");
  }
}
