package io.github.reactiverobots.core.internal;

import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.Policy.CacheEntry;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongBiFunction;

/**
 * Chooses what a leaving pin displaces from the full main cache, by uses per byte. Entries differ
 * in weight more than a hundredfold (an allow-all origin against a large robots.txt), so comparing
 * uses alone with the one entry Caffeine would evict first keeps a heavy entry asked twice over ten
 * light ones asked once each, and refuses a light entry asked often when the first victim happens
 * to be used a little more. Here the least used per byte among the coldest entries make the room,
 * as many as the pin's weight needs, and the pin enters only if it was asked more often per byte
 * than each of them: the cache then serves more checks from the same bytes.
 *
 * <p>The candidates are a pool: up to {@link #CANDIDATES} entries of the first {@link #STEPS} of
 * Caffeine's coldest order, sorted by uses per byte, taken from its head as pins need room and
 * filled again once used up or a second old. Looking that deep is what pays in the simulator's
 * fetches (the runs that chose these sizes are in the history of docs/performance.md), and a pool
 * pays for the walk once per many admissions instead of once per pin. A candidate is checked again
 * when its turn comes: still held as the same entry, not read since, and still used less per byte
 * than the pin. A fill that finds no candidate (every entry looked at was read within the grace) is
 * repeated not for the next pin but once the empty pool is a second old, so a cache whose cold end
 * is all being crawled does not walk it on every admission.
 *
 * <p>An entry read (or fetched) within the grace is never a candidate: it may be a site whose crawl
 * is still reading it, which Caffeine's coldest order, looked at this deep and with the reads it
 * has not yet applied, would otherwise offer (SEMANTICS.md §6). When the candidates cannot make the
 * room, the pin enters only if it was asked more often than the entry Caffeine would evict first,
 * and Caffeine makes the room.
 *
 * <p>Not thread-safe: used while holding the cache's write lock.
 */
public final class Displacement {
  /** The entries of Caffeine's coldest order looked at per fill of the pool, at most. */
  static final int STEPS = 4096;

  /** The candidates a fill keeps, at most: the first this many that may go. */
  static final int CANDIDATES = 1024;

  /** A pool older than this (ticker nanos) is filled again before use. */
  static final long POOL_NANOS = 1_000_000_000L;

  /** A choice: whether the pin enters, and the origins to evict first (none: Caffeine chooses). */
  record Choice(boolean admit, List<Origin> victims) {
    static final Choice REFUSED = new Choice(false, List.of());
    static final Choice ADMITTED = new Choice(true, List.of());
  }

  private final Policy<Origin, Entry> policy;
  private final ToLongBiFunction<Origin, Entry> uses;
  private final long graceNanos;
  private List<Candidate> pool = List.of();
  private int next;
  private boolean filled;
  private long filledAt;

  /**
   * @param policy the main cache's
   * @param uses an entry's uses over the cache's long memory
   * @param graceNanos an entry read (or arrived) within it is no candidate
   */
  Displacement(
      Policy<Origin, Entry> policy, ToLongBiFunction<Origin, Entry> uses, long graceNanos) {
    this.policy = policy;
    this.uses = uses;
    this.graceNanos = graceNanos;
  }

  /**
   * Whether a leaving pin enters a main cache that must free {@code need} bytes for it, and what it
   * displaces; at {@code now}, the ticker's time. The caller evicts the victims of an admission.
   *
   * @param pinUses the pin's uses over the cache's long memory
   * @param charge the pin's charged weight
   */
  Choice choose(long need, long pinUses, int charge, long now) {
    if (!filled || now - filledAt >= POOL_NANOS || (next >= pool.size() && !pool.isEmpty())) {
      fill(now);
    }
    double density = (double) pinUses / Math.max(1, charge);
    Choice c = take(need, density, now);
    if (c == null && next > 0) {
      fill(now);
      c = take(need, density, now);
    }
    return c != null ? c : oneVictim(pinUses);
  }

  /** The pool's next victims for a pin of {@code density}, or null if they cannot make the room. */
  private Choice take(long need, double density, long now) {
    long freed = 0;
    List<Origin> victims = new ArrayList<>();
    int i = next;
    for (; i < pool.size() && freed < need; i++) {
      Candidate c = pool.get(i);
      Entry held = policy.getIfPresentQuietly(c.origin);
      if (held != c.entry || held.readWithin(graceNanos, now)) {
        continue;
      }
      if ((double) uses.applyAsLong(c.origin, held) / c.weight >= density) {
        return Choice.REFUSED;
      }
      freed += c.weight;
      victims.add(c.origin);
    }
    if (freed < need) {
      return null;
    }
    next = i;
    return new Choice(true, List.copyOf(victims));
  }

  private void fill(long now) {
    Policy.Eviction<Origin, Entry> eviction = policy.eviction().orElseThrow();
    List<Candidate> found =
        eviction.coldest(stream -> collect(stream.limit(STEPS).iterator(), now));
    found.sort(Comparator.comparingDouble(Candidate::density));
    pool = found;
    next = 0;
    filled = true;
    filledAt = now;
  }

  private List<Candidate> collect(Iterator<CacheEntry<Origin, Entry>> coldest, long now) {
    List<Candidate> out = new ArrayList<>();
    while (out.size() < CANDIDATES && coldest.hasNext()) {
      CacheEntry<Origin, Entry> e = coldest.next();
      Entry entry = e.getValue();
      if (!entry.readWithin(graceNanos, now)) {
        long w = Math.max(1, e.weight());
        out.add(
            new Candidate(e.getKey(), entry, w, (double) uses.applyAsLong(e.getKey(), entry) / w));
      }
    }
    return out;
  }

  /** The rule when the pool cannot make the room: beat the entry Caffeine would evict first. */
  private Choice oneVictim(long pinUses) {
    Map<Origin, Entry> coldest = policy.eviction().orElseThrow().coldest(1);
    if (coldest.isEmpty()) {
      return Choice.ADMITTED;
    }
    Map.Entry<Origin, Entry> first = coldest.entrySet().iterator().next();
    return pinUses > uses.applyAsLong(first.getKey(), first.getValue())
        ? Choice.ADMITTED
        : Choice.REFUSED;
  }

  /** Forgets the pool (the cache was emptied). */
  void clear() {
    pool = List.of();
    next = 0;
    filled = false;
  }

  private record Candidate(Origin origin, Entry entry, long weight, double density) {}
}
