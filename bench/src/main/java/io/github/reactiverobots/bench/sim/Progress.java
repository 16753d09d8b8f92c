package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCache;
import java.util.Locale;

/** Prints the simulator's one-line progress to standard error. Called from one thread at a time. */
final class Progress {
  private final SimOptions options;
  private final SimStats stats;
  private final RobotsCache cache;
  private final long start;
  private long lastChecks;
  private long lastNanos;

  Progress(SimOptions options, SimStats stats, RobotsCache cache, long start) {
    this.options = options;
    this.stats = stats;
    this.cache = cache;
    this.start = start;
    this.lastNanos = start;
  }

  synchronized void print() {
    long now = System.nanoTime();
    long checks = stats.checks();
    double rate = (checks - lastChecks) / ((now - lastNanos) / 1e9);
    lastChecks = checks;
    lastNanos = now;
    CacheStats c = cache.stats();
    System.err.printf(
        Locale.ROOT,
        "[%4.0f s] checks %,d/%,d (%,.0f/s) | origins asked %,d | fetches %,d"
            + " (active %d, queued %d) | cached %,d, evicted %,d | hit %.1f%%%n",
        (now - start) / 1e9,
        checks,
        options.checks(),
        rate,
        stats.distinctOrigins(),
        stats.fetchesStarted(),
        c.fetchesActive(),
        c.fetchesQueued(),
        c.origins(),
        stats.evictions(),
        100 * stats.hitRatio());
  }
}
