package io.github.reactiverobots.pacing;

import io.github.reactiverobots.core.RobotsRules;
import io.github.reactiverobots.pacing.OriginQueue.Arrival;
import io.github.reactiverobots.pacing.OriginQueue.Waiting;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Operators;

/**
 * One subscription to {@link Pacer#pace}: the items it holds, per origin, and the loop that
 * releases them. Every event (an item from the source, a robots.txt answer, a timer, a report, a
 * request, a cancellation) is queued and handled by one drain loop at a time, on the thread that
 * queued it, so the state needs no lock and nothing waits.
 *
 * <p>Releases go round-robin over the origins that may release now (the ready queue); an origin
 * waiting for its interval, a backoff or its visit-time window sits out on a timer, so it never
 * holds up the others. Items are requested from the source only while there is room in total. An
 * item whose origin's queue is full is handed back as deferred, or (without {@code deferWhenFull})
 * parked, and then nothing more is requested until its origin has room.
 */
final class PacingRun<T> implements Paced.Reporter {
  private final Pacer pacer;
  private final PacerBuilder.Settings settings;
  private final Publisher<? extends T> items;
  private final Function<? super T, String> urlOf;
  private final FluxSink<Paced<T>> sink;

  /** The shared spacing's calls, or null without one. */
  private final SharedSlots shared;

  private final SerialLoop loop = new SerialLoop(() -> this.terminated, this::afterEvents);
  private final SlowDowns slowDowns;
  private final RunTimers<T> timers;

  // State below: touched only inside the drain loop.
  private final Map<Origin, OriginQueue<T>> origins = new HashMap<>();
  private final ArrayDeque<OriginQueue<T>> ready = new ArrayDeque<>();
  private final ArrayDeque<Paced<T>> outbox = new ArrayDeque<>();
  private final ArrayDeque<Arrival<T>> parked = new ArrayDeque<>();
  private PacingSource<T> source;
  private long demand;

  /** Shared-spacing reservations in flight: each has one unit of demand set aside. */
  private int reservations;

  private int held;
  private int inFlight;

  /** Volatile only so that a report after the end can see it without the loop. */
  private volatile boolean terminated;

  PacingRun(
      Pacer pacer,
      Publisher<? extends T> items,
      Function<? super T, String> urlOf,
      FluxSink<Paced<T>> sink) {
    this.pacer = pacer;
    this.settings = pacer.settings();
    this.items = items;
    this.urlOf = urlOf;
    this.sink = sink;
    this.shared =
        settings.sharedSpacing() == null
            ? null
            : new SharedSlots(
                settings.sharedSpacing(), settings.sharedSpacingWait(), settings.scheduler());
    this.slowDowns = new SlowDowns(settings, pacer.events());
    this.timers =
        new RunTimers<>(
            settings.scheduler(),
            this::post,
            q -> {
              consider(q);
              forgetIfIdle(q);
            },
            p -> finished(p, -1, null));
  }

  /** Wires the sink and subscribes to the source. */
  void start() {
    source = new PacingSource<>(this::post, this::arrived, sink.contextView());
    sink.onCancel(() -> post(this::cancelled));
    sink.onRequest(n -> post(() -> demand = Operators.addCap(demand, n)));
    Flux.from(items).subscribe(source);
  }

  private void post(Runnable event) {
    loop.post(event);
  }

  /** After the loop has handled what was queued: emit, ask the source for more, end if done. */
  private void afterEvents() {
    emit();
    source.requestMore(settings.totalQueue() - held, !parked.isEmpty());
    completeIfDone();
  }

  // ----- arrivals and robots.txt lookups -----

  private void arrived(T item) {
    held++;
    pacer.waitingChanged(1);
    String url;
    try {
      url = Objects.requireNonNull(urlOf.apply(item), "the URL function returned null");
    } catch (RuntimeException e) {
      fail(e);
      return;
    }
    SplitUrl split;
    try {
      split = SplitUrl.of(url);
    } catch (InvalidUrlException e) {
      outbox.add(Paced.invalid(item, url, e));
      return;
    }
    admit(new Arrival<>(item, url, split, now()));
  }

  private void admit(Arrival<T> a) {
    OriginQueue<T> q = origins.computeIfAbsent(a.split().origin(), OriginQueue::new);
    if (settings.deferWhenFull() && q.size() >= settings.perOriginQueue()) {
      outbox.add(Paced.deferred(a.item(), a.url(), q.origin));
      pacer.events().deferred(q.origin);
    } else if (q.parked > 0 || q.size() >= settings.perOriginQueue()) {
      q.parked++;
      parked.add(a);
    } else {
      enqueue(q, a);
    }
  }

  /** Adds {@code a} to its origin's queue, starting a robots.txt lookup unless one runs. */
  private void enqueue(OriginQueue<T> q, Arrival<T> a) {
    q.unchecked.add(a);
    if (q.lookup == null) {
      q.lookup =
          pacer
              .cache()
              .rules(a.url())
              .subscribe(rules -> post(() -> looked(q, rules)), e -> post(() -> fail(e)));
    }
  }

  /** Moves parked items into their origins' queues where there is room, in arrival order. */
  private void unpark() {
    for (Iterator<Arrival<T>> it = parked.iterator(); it.hasNext(); ) {
      Arrival<T> a = it.next();
      OriginQueue<T> q = origins.get(a.split().origin());
      if (q.size() < settings.perOriginQueue()) {
        it.remove();
        q.parked--;
        enqueue(q, a);
      }
    }
  }

  private void looked(OriginQueue<T> q, RobotsRules rules) {
    q.lookup = null;
    updatePacing(q, rules);
    String agent = pacer.agent();
    Arrival<T> a;
    while ((a = q.unchecked.poll()) != null) {
      Verdict v = rules.check(a.split().pathAndQuery(), agent);
      if (v.allowed()) {
        q.allowed.add(new Waiting<>(a, v));
      } else {
        outbox.add(Paced.disallowed(a.item(), a.url(), q.origin, v, now() - a.arrivedNanos()));
        pacer.events().disallowed(q.origin, v);
      }
    }
    unpark();
    consider(q);
    forgetIfIdle(q);
  }

  private void updatePacing(OriginQueue<T> q, RobotsRules rules) {
    var pacing = rules.pacing(pacer.agent());
    if (!pacing.equals(q.pacing)) {
      q.pacing = pacing;
      q.spacing = Spacing.of(pacing, settings.minimumDelayNanos(), settings.maximumDelayNanos());
      q.spacing.reportCapped(q.origin, pacer.events());
    }
  }

  // ----- releases -----

  /** Puts {@code q} in the ready queue if it may release now, or waits for its window. */
  private void consider(OriginQueue<T> q) {
    if (q.inReadyQueue || !q.releasable(settings.perOriginConcurrency())) {
      return;
    }
    long closed = q.spacing.untilWindowOpens(settings.clock().instant());
    if (closed > 0) {
      gate(q, closed);
      return;
    }
    q.inReadyQueue = true;
    ready.add(q);
  }

  private void emit() {
    while (demand > reservations && !sink.isCancelled()) {
      Paced<T> out = outbox.poll();
      if (out != null) {
        deliver(out);
        continue;
      }
      OriginQueue<T> q = ready.poll();
      if (q == null) {
        return;
      }
      q.inReadyQueue = false;
      if (q.releasable(settings.perOriginConcurrency())) {
        long closed = q.spacing.untilWindowOpens(settings.clock().instant());
        if (closed > 0) {
          gate(q, closed);
        } else if (shared != null) {
          reserve(q);
        } else {
          release(q, null);
        }
      }
    }
  }

  /**
   * Asks the shared spacing for {@code q}'s slot, one unit of demand set aside for it; the origin
   * stays out of the ready queue until the answer (or the wait) comes.
   */
  private void reserve(OriginQueue<T> q) {
    String holder = pacer.nextHolder();
    SharedSpacing.Request request =
        SharedSpacing.Request.builder()
            .holder(holder)
            .interval(Duration.ofNanos(q.spacing.intervalNanos()))
            .window(q.spacing.window())
            .concurrency(settings.perOriginConcurrency())
            .lease(Duration.ofNanos(settings.leaseNanos()))
            .build();
    reservations++;
    q.reservation =
        shared.reserve(q.origin, request, wait -> post(() -> reserved(q, holder, wait)));
  }

  /** The answer to a reservation: granted, wait, or none (fall back). */
  private void reserved(OriginQueue<T> q, String holder, Duration wait) {
    q.reservation = null;
    reservations--;
    if (wait == null) {
      pacer.sharedFallback();
      pacer.events().sharedSpacingFallback(q.origin);
    } else {
      pacer.events().sharedSpacingReserved(q.origin, wait);
      if (!wait.isZero()) {
        gate(q, Spacing.saturatedNanos(wait));
        consider(q);
        return;
      }
    }
    // Granted, or the local rules alone: they let the origin go when it was reserved.
    if (q.releasable(settings.perOriginConcurrency())) {
      release(q, holder);
    } else {
      if (wait != null) {
        // A local rule closed meanwhile (another fetch's end): the slot goes back unused.
        shared.finish(q.origin, holder, Duration.ZERO);
      }
      consider(q);
    }
    forgetIfIdle(q);
  }

  private void release(OriginQueue<T> q, String holder) {
    Waiting<T> w = q.allowed.poll();
    Arrival<T> a = w.arrival();
    long waited = now() - a.arrivedNanos();
    Paced<T> p = Paced.released(a.item(), a.url(), q.origin, w.verdict(), waited, q.spacing, this);
    p.holder = holder;
    q.inFlight.add(p);
    inFlight++;
    pacer.inFlightChanged(1);
    timers.lease(p, settings.leaseNanos());
    gate(q, q.spacing.intervalNanos());
    pacer.events().released(q.origin, waited);
    deliver(p);
    unpark();
    consider(q);
  }

  private void deliver(Paced<T> p) {
    demand--;
    held--;
    pacer.waitingChanged(-1);
    sink.next(p);
  }

  // ----- reports -----

  @Override
  public void report(Paced<?> paced, int status, String retryAfter) {
    if (terminated) {
      // Nothing paces the origin here any more; the fleet still learns the slot is free.
      if (paced.holder != null) {
        shared.finish(paced.origin().orElseThrow(), paced.holder, paced.interval());
      }
      return;
    }
    post(() -> finished(paced, status, retryAfter));
  }

  /**
   * A released item's fetch ended: with {@code status}, 0 for a failure without a response, or -1
   * when its lease ran out without a report.
   */
  private void finished(Paced<?> p, int status, String retryAfter) {
    OriginQueue<T> q = origins.get(p.origin().orElseThrow());
    if (q == null || !q.inFlight.remove(p)) {
      return;
    }
    inFlight--;
    pacer.inFlightChanged(-1);
    p.lease.dispose();
    long pause = slowDowns.pauseAfter(q, status, retryAfter);
    gate(q, pause);
    if (p.holder != null) {
      shared.finish(q.origin, p.holder, Duration.ofNanos(pause));
    }
    consider(q);
    forgetIfIdle(q);
  }

  // ----- timers -----

  private void gate(OriginQueue<T> q, long nanos) {
    timers.gate(q, nanos);
  }

  private long now() {
    return timers.now();
  }

  private void forgetIfIdle(OriginQueue<T> q) {
    if (q.idle()) {
      origins.remove(q.origin);
    }
  }

  // ----- the source and the end -----

  private void completeIfDone() {
    if (source.done() && held == 0) {
      terminate();
      if (source.error() != null) {
        sink.error(source.error());
      } else {
        sink.complete();
      }
    }
  }

  private void fail(Throwable e) {
    terminate();
    sink.error(e);
  }

  private void cancelled() {
    terminate();
  }

  /** Stops everything: the source, lookups, timers; the counters drop what this run held. */
  private void terminate() {
    terminated = true;
    source.cancel();
    origins.values().forEach(OriginQueue::dispose);
    origins.clear();
    ready.clear();
    outbox.clear();
    parked.clear();
    pacer.waitingChanged(-held);
    pacer.inFlightChanged(-inFlight);
    held = 0;
    inFlight = 0;
  }
}
