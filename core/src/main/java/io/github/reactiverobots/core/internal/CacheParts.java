package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.FetcherStats;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A {@code RobotsCache}'s parts, wired from its builder (the local entries, the policy, the
 * resolver with the fleet's store when one is set), and what the cache does with them besides
 * answering checks: preload and invalidate, listeners, stats, and the closed state and closing.
 * Thread-safe.
 */
public final class CacheParts {
  final RobotsFetcher fetcher;
  public final TimeSource time;
  public final Events events = new Events();
  final CachedEntries entries;
  public final CachePolicy policy;
  public final OriginResolver resolver;
  public final TdmRepFiles tdmRep;
  private final boolean closeFetcher;
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile boolean closed;

  public CacheParts(CacheSettings settings, CacheWiring wiring) {
    this.fetcher = wiring.fetcher();
    this.closeFetcher = wiring.closeFetcher();
    this.time = new TimeSource(wiring.ticker(), wiring.clock());
    wiring.listeners().forEach(events::add);
    this.entries = new CachedEntries(settings, time, events);
    this.policy = new CachePolicy(settings, time, events);
    Scheduler parse = wiring.parseScheduler();
    SharedStore shared =
        wiring.store() == null ? null : new SharedStore(wiring, policy, time, events, parse);
    this.tdmRep = new TdmRepFiles(fetcher, time, wiring.store(), wiring.storeWait());
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

  public boolean closed() {
    return closed;
  }

  public void ensureOpen() {
    if (closed) {
      throw closedException();
    }
  }

  public static IllegalStateException closedException() {
    return new IllegalStateException("the RobotsCache is closed");
  }

  public void invalidate(Origin origin) {
    ensureOpen();
    entries.invalidate(origin);
  }

  /** Preloads a body; a {@code fetchedAt} in the future reads as now, as a store copy's does. */
  public void put(Origin origin, byte[] body, Instant fetchedAt) {
    ensureOpen();
    long at = Math.min(time.nanosAt(fetchedAt), time.nanos());
    entries.put(origin, policy.preloaded(origin, body.clone(), at));
  }

  public void addListener(RobotsCacheListener listener) {
    ensureOpen();
    events.add(listener);
  }

  /**
   * The cache's size and fetch activity: origins held, their weight, fetches active and queued (the
   * fetcher's own figures when it keeps them, else the cache's flights); all 0 once closed.
   */
  public long[] stats() {
    if (closed) {
      return new long[4];
    }
    if (fetcher instanceof FetcherStats fs) {
      return new long[] {
        entries.size(), entries.weightBytes(), fs.activeFetches(), fs.queuedFetches()
      };
    }
    return new long[] {entries.size(), entries.weightBytes(), resolver.inFlight(), 0};
  }

  public void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    closed = true;
    resolver.cancelAll(closedException());
    tdmRep.close(closedException());
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
