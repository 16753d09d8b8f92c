package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The simulator's counters: a {@link RobotsCacheListener} for the cache's events plus what the
 * workload records itself (checks done, verdicts, distinct origins asked for, visits in progress,
 * check latency). Per origin it keeps the fetches, the visits in progress and how the origin last
 * left the cache, so that every fetch after the first is put down to its cause: the entry expired,
 * it was evicted while no visit was using it, or it was evicted while a visit was still checking
 * its pages (what admission must prevent). Thread-safe and non-blocking: adders, atomic arrays and
 * an HdrHistogram {@link Recorder}, whose recording is wait-free.
 */
public final class SimStats implements RobotsCacheListener {
  /** Why an origin was fetched again: how it last left the cache. */
  public enum Refetch {
    /** Its retention ran out. */
    EXPIRED,
    /** Evicted for room while no visit was checking its pages. */
    EVICTED_IDLE,
    /** Evicted for room while a visit was still checking its pages. */
    EVICTED_WHILE_CRAWLED,
    /** No removal seen: a refresh or a retry of a failed fetch. */
    OTHER
  }

  private static final int NOT_REMOVED = -1;

  private final EnumMap<Lookup, LongAdder> lookups = counters(Lookup.class);
  private final EnumMap<FetchOutcome, LongAdder> outcomes = counters(FetchOutcome.class);
  private final EnumMap<Reason, LongAdder> reasons = counters(Reason.class);
  private final EnumMap<EvictionCause, LongAdder> removals = counters(EvictionCause.class);
  private final EnumMap<Refetch, LongAdder> refetches = counters(Refetch.class);
  private final LongAdder fetchesStarted = new LongAdder();
  private final LongAdder evictions = new LongAdder();
  private final LongAdder allowed = new LongAdder();
  private final LongAdder disallowed = new LongAdder();
  private final LongAdder checks = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder distinct = new LongAdder();
  private final LongAdder fetchedMoreThanOnce = new LongAdder();
  private final LongAdder overlappingFetches = new LongAdder();
  private final LongAdder visits = new LongAdder();
  private final AtomicIntegerArray seen;
  private final AtomicIntegerArray fetches;
  private final AtomicIntegerArray fetchesInFlight;
  private final AtomicIntegerArray activeVisits;

  /** Per origin: the weight of its entry when it last left the cache (closing included), or 0. */
  private final AtomicIntegerArray weights;

  /** Per origin: the {@link Refetch} ordinal its last removal stands for, or NOT_REMOVED. */
  private final AtomicIntegerArray lastRemoval;

  /**
   * Per origin: 1 while a refetch runs that no removal explained when it started. The cache reports
   * an eviction after the entry has left, so a check on another thread can miss it and start the
   * refetch first; the eviction reported while that fetch runs is its cause.
   */
  private final AtomicIntegerArray unexplained;

  private final Recorder latency = new Recorder(3);
  private final Histogram total = new Histogram(3);
  private volatile boolean frozen;

  /** Counters for a farm of {@code origins} origins. */
  public SimStats(int origins) {
    seen = new AtomicIntegerArray(origins);
    fetches = new AtomicIntegerArray(origins);
    fetchesInFlight = new AtomicIntegerArray(origins);
    activeVisits = new AtomicIntegerArray(origins);
    weights = new AtomicIntegerArray(origins);
    lastRemoval = new AtomicIntegerArray(origins);
    unexplained = new AtomicIntegerArray(origins);
    for (int i = 0; i < origins; i++) {
      lastRemoval.set(i, NOT_REMOVED);
    }
  }

  private static <E extends Enum<E>> EnumMap<E, LongAdder> counters(Class<E> type) {
    EnumMap<E, LongAdder> m = new EnumMap<>(type);
    for (E e : type.getEnumConstants()) {
      m.put(e, new LongAdder());
    }
    return m;
  }

  /** Stops counting the cache's events: what follows is not the run's. */
  void freeze() {
    frozen = true;
  }

  /** The workload asked about origin {@code index}. */
  void asked(int index) {
    if (seen.get(index) == 0 && seen.getAndSet(index, 1) == 0) {
      distinct.increment();
    }
  }

  /**
   * A visit to origin {@code index} has its first verdict and goes on to its other pages: from now
   * until {@link #visitEnded} the origin is being crawled.
   */
  void visitStarted(int index) {
    visits.increment();
    activeVisits.incrementAndGet(index);
  }

  /** A visit to origin {@code index} that {@link #visitStarted} has checked its last page. */
  void visitEnded(int index) {
    activeVisits.decrementAndGet(index);
  }

  /** A check finished with {@code verdict} after {@code nanos}. */
  void checked(Verdict verdict, long nanos) {
    (verdict.allowed() ? allowed : disallowed).increment();
    reasons.get(verdict.reason()).increment();
    latency.recordValue(Math.max(1, nanos));
    checks.increment();
  }

  /** A check failed with an error signal (a bug: checks answer every failure with a verdict). */
  void failed() {
    errors.increment();
    checks.increment();
  }

  @Override
  public void onLookup(Origin origin, Lookup lookup) {
    if (frozen) {
      return;
    }
    lookups.get(lookup).increment();
  }

  @Override
  public void onFetchStarted(Origin origin) {
    if (frozen) {
      return;
    }
    fetchesStarted.increment();
    int index = indexOf(origin);
    if (index < 0) {
      return;
    }
    if (fetchesInFlight.incrementAndGet(index) > 1) {
      overlappingFetches.increment();
    }
    int before = fetches.getAndIncrement(index);
    if (before == 1) {
      fetchedMoreThanOnce.increment();
    }
    if (before > 0) {
      int removal = lastRemoval.getAndSet(index, NOT_REMOVED);
      if (removal == NOT_REMOVED) {
        unexplained.set(index, 1);
      } else {
        refetches.get(Refetch.values()[removal]).increment();
      }
    }
  }

  @Override
  public void onFetchFinished(
      Origin origin,
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long bodyBytes,
      long durationNanos) {
    if (frozen) {
      return;
    }
    outcomes.get(outcome).increment();
    int index = indexOf(origin);
    if (index >= 0) {
      fetchesInFlight.decrementAndGet(index);
      if (unexplained.getAndSet(index, 0) == 1) {
        refetches.get(Refetch.OTHER).increment();
      }
    }
  }

  @Override
  public void onEviction(Origin origin, EvictionCause cause, long weightBytes) {
    int at = indexOf(origin);
    if (at >= 0) {
      weights.set(at, (int) Math.min(Integer.MAX_VALUE, weightBytes));
    }
    if (frozen) {
      return;
    }
    removals.get(cause).increment();
    if (cause == EvictionCause.SIZE || cause == EvictionCause.EXPIRED) {
      evictions.increment();
    }
    int index = indexOf(origin);
    if (index < 0) {
      return;
    }
    Refetch why =
        switch (cause) {
          case EXPIRED -> Refetch.EXPIRED;
          case SIZE ->
              activeVisits.get(index) > 0 ? Refetch.EVICTED_WHILE_CRAWLED : Refetch.EVICTED_IDLE;
          case EXPLICIT, REPLACED -> null;
        };
    if (why == null) {
      return;
    }
    // While the origin is fetched, the cache holds no entry of it that the fetch could have made
    // (the fetch is reported finished before its entry is stored): this is the entry it replaces.
    if (fetchesInFlight.get(index) > 0 && unexplained.getAndSet(index, 0) == 1) {
      refetches.get(why).increment();
    } else {
      lastRemoval.set(index, why.ordinal());
    }
  }

  /** The farm's index of {@code origin}, or -1 for an origin not of this farm. */
  private int indexOf(Origin origin) {
    int index = OriginFarm.indexOf(origin.host());
    return index < fetches.length() ? index : -1;
  }

  /** Per origin: the weight of its entry when it last left the cache, or 0 if none did. */
  long[] weights() {
    long[] w = new long[weights.length()];
    for (int i = 0; i < w.length; i++) {
      w[i] = weights.get(i);
    }
    return w;
  }

  /** Checks finished (with a verdict or an error). */
  public long checks() {
    return checks.sum();
  }

  /** Checks that ended in an error signal. */
  public long errors() {
    return errors.sum();
  }

  /** Distinct origins the workload asked about. */
  public long distinctOrigins() {
    return distinct.sum();
  }

  /** Fetches the cache started. */
  public long fetchesStarted() {
    return fetchesStarted.sum();
  }

  /** Visits started (each checks up to {@code pages} pages of one origin in a row). */
  public long visits() {
    return visits.sum();
  }

  /** Origins fetched two times or more. */
  public long originsFetchedMoreThanOnce() {
    return fetchedMoreThanOnce.sum();
  }

  /** Fetches after an origin's first, by why the origin had to be fetched again. */
  public Map<Refetch, Long> refetches() {
    return snapshot(refetches);
  }

  /** Fetches started while another fetch of the same origin was in flight (single flight: 0). */
  public long overlappingFetches() {
    return overlappingFetches.sum();
  }

  /** Entries that left the cache, by cause. */
  public Map<EvictionCause, Long> removals() {
    return snapshot(removals);
  }

  /** Fetches finished, by outcome. */
  public Map<FetchOutcome, Long> outcomes() {
    return snapshot(outcomes);
  }

  /** Lookups, by kind. */
  public Map<Lookup, Long> lookups() {
    return snapshot(lookups);
  }

  /** Verdicts, by reason. */
  public Map<Reason, Long> reasons() {
    return snapshot(reasons);
  }

  /** Allowed verdicts. */
  public long allowed() {
    return allowed.sum();
  }

  /** Disallowed verdicts. */
  public long disallowed() {
    return disallowed.sum();
  }

  /** Entries evicted for size or expiry (each may cost a refetch). */
  public long evictions() {
    return evictions.sum();
  }

  /** Share of lookups that found a fresh entry. */
  public double hitRatio() {
    long all = 0;
    for (LongAdder a : lookups.values()) {
      all += a.sum();
    }
    return all == 0 ? 0 : (double) lookups.get(Lookup.HIT).sum() / all;
  }

  /** All check latencies recorded so far, in nanoseconds. Call from one thread at a time. */
  public synchronized Histogram latency() {
    total.add(latency.getIntervalHistogram());
    return total.copy();
  }

  private static <E extends Enum<E>> Map<E, Long> snapshot(EnumMap<E, LongAdder> m) {
    EnumMap<E, Long> out = new EnumMap<>(m.keySet().iterator().next().getDeclaringClass());
    m.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }
}
