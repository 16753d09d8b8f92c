package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.redis.testing.RedisCluster;
import io.github.reactiverobots.redis.testing.RedisServer;
import java.util.concurrent.TimeUnit;

/**
 * Kills a primary of a fleet run's private cluster at a set time, on a thread of its own, and times
 * the promotion of its replica. The primary is the one serving {@link #KEY}'s slot: any of the
 * three, as good as another for the fleet, whose origins' keys spread over every slot. Single use;
 * {@link #finish} waits for it (bounded).
 */
final class FailoverRun {
  /** The key whose slot's primary is killed. */
  static final String KEY = "simulate-failover";

  private final Thread thread;
  private volatile int port = -1;
  private volatile long killedAt;
  private volatile long promotedAt;
  private volatile Exception failure;

  private FailoverRun(RedisCluster cluster, long at) {
    thread =
        new Thread(
            () -> {
              try {
                // Looked up before the moment of the kill, so that the kill is on time.
                RedisServer primary = cluster.primaryOf(KEY);
                long wait = at - System.nanoTime();
                if (wait > 0) {
                  TimeUnit.NANOSECONDS.sleep(
                      wait); // the chosen moment of the fault, not a synchronisation
                }
                killedAt = System.nanoTime();
                primary.kill();
                port = primary.port();
                cluster.awaitFailover(primary, KEY);
                promotedAt = System.nanoTime();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (Exception e) {
                failure = e;
              }
            },
            "simulate-failover");
    thread.setDaemon(true);
  }

  /** Starts the thread that kills a primary of {@code cluster} at {@code at} (nanoTime). */
  static FailoverRun start(RedisCluster cluster, long at) {
    FailoverRun run = new FailoverRun(cluster, at);
    run.thread.start();
    return run;
  }

  /**
   * What happened, once the promotion is seen (waiting at most 70 s for it).
   *
   * @param start when the workload started (nanoTime)
   * @param lastFault when the last store fault or cool-down skip of any worker happened
   */
  FleetReport.Failover finish(long start, long lastFault) throws InterruptedException {
    thread.join(TimeUnit.SECONDS.toMillis(70));
    if (failure != null) {
      throw new IllegalStateException(
          "the failover did not complete: " + failure.getMessage(), failure);
    }
    if (port < 0) {
      return new FleetReport.Failover(-1, 0, -1, -1);
    }
    return new FleetReport.Failover(
        port,
        killedAt - start,
        promotedAt == 0 ? -1 : promotedAt - killedAt,
        lastFault > killedAt ? lastFault - killedAt : 0);
  }
}
