package io.github.reactiverobots.core.testing;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Counts a cache's events by kind; thread-safe. */
public final class RecordingListener implements RobotsCacheListener {
  private final Map<Lookup, AtomicLong> lookups = new EnumMap<>(Lookup.class);
  private final Map<EvictionCause, AtomicLong> evictions = new EnumMap<>(EvictionCause.class);
  private final Map<StoreEvent, AtomicLong> store = new EnumMap<>(StoreEvent.class);
  private final List<FetchOutcome> outcomes = new ArrayList<>();
  private final List<FailureKind> failures = new ArrayList<>();
  private final AtomicLong started = new AtomicLong();
  private final AtomicLong parsed = new AtomicLong();
  private final AtomicLong verdicts = new AtomicLong();

  public RecordingListener() {
    for (Lookup l : Lookup.values()) {
      lookups.put(l, new AtomicLong());
    }
    for (EvictionCause c : EvictionCause.values()) {
      evictions.put(c, new AtomicLong());
    }
    for (StoreEvent e : StoreEvent.values()) {
      store.put(e, new AtomicLong());
    }
  }

  @Override
  public void onLookup(Origin origin, Lookup lookup) {
    lookups.get(lookup).incrementAndGet();
  }

  @Override
  public void onFetchStarted(Origin origin) {
    started.incrementAndGet();
  }

  @Override
  public synchronized void onFetchFinished(
      Origin origin,
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long bodyBytes,
      long durationNanos) {
    outcomes.add(outcome);
    failures.add(failure);
  }

  @Override
  public void onParsed(Origin origin, long bodyBytes, long durationNanos) {
    parsed.incrementAndGet();
  }

  @Override
  public void onEviction(Origin origin, EvictionCause cause, long weightBytes) {
    evictions.get(cause).incrementAndGet();
  }

  @Override
  public void onStore(Origin origin, StoreEvent event) {
    store.get(event).incrementAndGet();
  }

  @Override
  public void onVerdict(Verdict verdict, long durationNanos) {
    verdicts.incrementAndGet();
  }

  public long lookups(Lookup l) {
    return lookups.get(l).get();
  }

  public long store(StoreEvent e) {
    return store.get(e).get();
  }

  public long evictions(EvictionCause c) {
    return evictions.get(c).get();
  }

  public long fetchesStarted() {
    return started.get();
  }

  public long parses() {
    return parsed.get();
  }

  public long verdicts() {
    return verdicts.get();
  }

  public synchronized List<FetchOutcome> outcomes() {
    return List.copyOf(outcomes);
  }

  /** The failure kind of each finished fetch, in order; null for one that got a response. */
  public synchronized List<FailureKind> failures() {
    return new ArrayList<>(failures);
  }
}
