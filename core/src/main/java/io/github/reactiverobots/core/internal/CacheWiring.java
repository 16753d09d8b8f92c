package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.store.RobotsStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import reactor.core.scheduler.Scheduler;

/**
 * What a cache is wired to, as its builder set it: the fetcher (and whether the cache closes it),
 * time, the listeners, the parse scheduler, and the fleet's store with its three times (null store:
 * none).
 *
 * @param fetcher the fetcher
 * @param closeFetcher whether the cache closes the fetcher when it closes
 * @param ticker the monotonic time every freshness decision reads, in nanoseconds
 * @param clock the wall clock the ticker is anchored to once
 * @param listeners the listeners set on the builder, in order
 * @param parseScheduler where bodies are parsed
 * @param store the fleet's store, or null
 * @param storeWait how long a check waits for the store
 * @param storeLease how long a worker's claim to fetch an origin lasts
 * @param storeCooldown how long the store is left alone after it failed
 */
public record CacheWiring(
    RobotsFetcher fetcher,
    boolean closeFetcher,
    LongSupplier ticker,
    Clock clock,
    List<RobotsCacheListener> listeners,
    Scheduler parseScheduler,
    RobotsStore store,
    Duration storeWait,
    Duration storeLease,
    Duration storeCooldown) {
  /** Copies the listeners. */
  public CacheWiring {
    listeners = List.copyOf(listeners);
  }
}
