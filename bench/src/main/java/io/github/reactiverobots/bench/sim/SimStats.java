package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.RobotsCacheListener;
import io.github.reactiverobots.core.model.FailureKind;
import io.github.reactiverobots.core.model.FetchOutcome;
import io.github.reactiverobots.core.model.Reason;
import io.github.reactiverobots.core.model.Verdict;
import io.github.reactiverobots.core.url.Origin;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The simulator's counters: a {@link RobotsCacheListener} for the cache's events plus what the
 * workload records itself (checks done, verdicts, distinct origins asked for, check latency).
 * Thread-safe and non-blocking: adders, atomic arrays and an HdrHistogram {@link Recorder}, whose
 * recording is wait-free.
 */
public final class SimStats implements RobotsCacheListener {
  private final EnumMap<Lookup, LongAdder> lookups = counters(Lookup.class);
  private final EnumMap<FetchOutcome, LongAdder> outcomes = counters(FetchOutcome.class);
  private final EnumMap<Reason, LongAdder> reasons = counters(Reason.class);
  private final LongAdder fetchesStarted = new LongAdder();
  private final LongAdder evictions = new LongAdder();
  private final LongAdder allowed = new LongAdder();
  private final LongAdder disallowed = new LongAdder();
  private final LongAdder checks = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder distinct = new LongAdder();
  private final AtomicIntegerArray seen;
  private final Recorder latency = new Recorder(3);
  private final Histogram total = new Histogram(3);

  /** Counters for a farm of {@code origins} origins. */
  public SimStats(int origins) {
    seen = new AtomicIntegerArray(origins);
  }

  private static <E extends Enum<E>> EnumMap<E, LongAdder> counters(Class<E> type) {
    EnumMap<E, LongAdder> m = new EnumMap<>(type);
    for (E e : type.getEnumConstants()) {
      m.put(e, new LongAdder());
    }
    return m;
  }

  /** The workload asked about origin {@code index}. */
  void asked(int index) {
    if (seen.get(index) == 0 && seen.getAndSet(index, 1) == 0) {
      distinct.increment();
    }
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
    lookups.get(lookup).increment();
  }

  @Override
  public void onFetchStarted(Origin origin) {
    fetchesStarted.increment();
  }

  @Override
  public void onFetchFinished(Origin origin, FetchOutcome outcome, int status,
      FailureKind failure, long bodyBytes, long durationNanos) {
    outcomes.get(outcome).increment();
  }

  @Override
  public void onEviction(Origin origin, EvictionCause cause, long weightBytes) {
    if (cause == EvictionCause.SIZE || cause == EvictionCause.EXPIRED) {
      evictions.increment();
    }
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
