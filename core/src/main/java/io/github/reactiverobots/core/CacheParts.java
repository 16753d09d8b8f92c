package io.github.reactiverobots.core;

import io.github.reactiverobots.core.fetch.FetcherStats;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A {@link RobotsCache}'s parts, wired from its builder (the local entries, the policy, the
 * resolver with the fleet's store when one is set), and what the cache does with them besides
 * answering checks: preload and invalidate, listeners, stats, and the closed state and closing.
 * Thread-safe.
 */
final class CacheParts {
  final RobotsFetcher fetcher;
  final TimeSource time;
  final Events events = new Events();
  final CachedEntries entries;
  final CachePolicy policy;
  final OriginResolver resolver;
  private final boolean closeFetcher;
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile boolean closed;

  CacheParts(RobotsCacheBuilder b) {
    CacheSettings settings = b.settings();
    this.fetcher = b.fetcher;
    this.closeFetcher = b.closeFetcherOnClose;
    this.time = new TimeSource(b.ticker, b.clock);
    b.listeners.forEach(events::add);
    this.entries = new CachedEntries(settings, time, events);
    this.policy = new CachePolicy(settings, time, events);
    Scheduler parse = b.resolvedParseScheduler();
    SharedStore shared = b.store == null ? null : new SharedStore(b, policy, time, events, parse);
    this.resolver =
        new OriginResolver(
            fetcher,
            entries,
            policy,
            time,
            events,
            OriginResolver.Threads.parseOn(parse).writeOn(Schedulers.boundedElastic()),
            settings.fetchTimeout(),
            shared);
  }

  boolean closed() {
    return closed;
  }

  void ensureOpen() {
    if (closed) {
      throw closedException();
    }
  }

  static IllegalStateException closedException() {
    return new IllegalStateException("the RobotsCache is closed");
  }

  void invalidate(Origin origin) {
    ensureOpen();
    entries.invalidate(origin);
  }

  void put(Origin origin, byte[] body, Instant fetchedAt) {
    ensureOpen();
    entries.put(origin, policy.preloaded(origin, body.clone(), time.nanosAt(fetchedAt)));
  }

  void addListener(RobotsCacheListener listener) {
    ensureOpen();
    events.add(listener);
  }

  CacheStats stats() {
    int active;
    int queued;
    if (closed) {
      active = 0;
      queued = 0;
    } else if (fetcher instanceof FetcherStats fs) {
      active = fs.activeFetches();
      queued = fs.queuedFetches();
    } else {
      active = resolver.inFlight();
      queued = 0;
    }
    return CacheStats.builder()
        .origins(entries.size())
        .weightBytes(entries.weightBytes())
        .fetchesActive(active)
        .fetchesQueued(queued)
        .build();
  }

  void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    closed = true;
    resolver.cancelAll(closedException());
    entries.invalidateAll();
    if (closeFetcher && fetcher instanceof AutoCloseable owned) {
      try {
        owned.close();
      } catch (Exception e) {
        throw new IllegalStateException("the fetcher failed to close", e);
      }
    }
  }
}
