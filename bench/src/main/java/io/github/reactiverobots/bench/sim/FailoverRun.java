package io.github.reactiverobots.bench.sim;

import java.util.concurrent.TimeUnit;

/**
 * Kills a primary of a fleet run's private cluster at a set time, on a thread of its own, and times
 * the promotion of its replica. Single use; {@link #finish} waits for it (bounded).
 */
final class FailoverRun {
  private final Thread thread;
  private volatile int port = -1;
  private volatile long killedAt;
  private volatile long promotedAt;
  private volatile Exception failure;

  private FailoverRun(ClusterProcess cluster, long at) {
    thread =
        new Thread(
            () -> {
              try {
                long wait = at - System.nanoTime();
                if (wait > 0) {
                  TimeUnit.NANOSECONDS.sleep(
                      wait); // the chosen moment of the fault, not a synchronisation
                }
                killedAt = System.nanoTime();
                port = cluster.killPrimary();
                cluster.awaitPromotion(port);
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
  static FailoverRun start(ClusterProcess cluster, long at) {
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
