package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.pacing.Paced;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerBuilder;
import io.github.reactiverobots.pacing.SharedSpacing;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * A fleet of pacers on one virtual time, each with its own {@link RedisSharedSpacing} on a real
 * redis-server: the ledgers' clock follows the virtual time, and time advances one millisecond at a
 * time, each step only once every Redis call in flight has been answered (polling, with a
 * deadline), so a run is as deterministic as the pacer's own tests.
 *
 * <p>Everything that touches the virtual time runs on the test's thread: the ledgers' answers
 * arrive on Lettuce's threads, so they are handed over ({@link #answers}) and delivered by {@link
 * #settle}. {@link VirtualTimeScheduler} is not safe to schedule on or cancel from another thread
 * while it advances (its drain peeks the next task and then polls the head, so a task added or
 * removed in between is lost or run twice: a lost timer stalls an origin for good).
 */
final class SharedPacingFleet implements AutoCloseable {
  static final String AGENT = "TestBot";

  /** Not installed as Reactor's scheduler factory: the ledgers' threads stay real. */
  final VirtualTimeScheduler scheduler = VirtualTimeScheduler.create();

  private final FakeFetcher fetcher = new FakeFetcher();
  final RobotsCache cache;

  /** Builds a ledger on the given clock. */
  private final Function<Clock, RedisSharedSpacing> ledgerOn;

  private final Instant wallStart;
  private final AtomicInteger calls = new AtomicInteger();

  /** The ledgers' answers, waiting to be delivered on the test's thread by {@link #settle}. */
  private final Queue<Runnable> answers = new ConcurrentLinkedQueue<>();

  private final Scheduler testThread = Schedulers.fromExecutor(answers::add);
  final List<RedisSharedSpacing> ledgers = new ArrayList<>();

  /**
   * Every ledger call that failed or answered nothing (each a fallback of its pacer, for a
   * reservation): the call, the origin and the error, to say why a run fell back.
   */
  final List<String> failures = Collections.synchronizedList(new ArrayList<>());

  /** Every release of every worker: worker, origin host, virtual time. */
  final List<String> releases = Collections.synchronizedList(new ArrayList<>());

  SharedPacingFleet(String redisUri, Instant wallStart) {
    this(clock -> RedisSharedSpacing.builder().uri(redisUri).clock(clock).build(), wallStart);
  }

  /** A fleet whose ledgers {@code ledgerOn} builds, e.g. on a cluster connection's commands. */
  SharedPacingFleet(Function<Clock, RedisSharedSpacing> ledgerOn, Instant wallStart) {
    this.ledgerOn = ledgerOn;
    this.wallStart = wallStart;
    this.cache =
        RobotsCache.builder()
            .fetcher(fetcher)
            .ticker(() -> scheduler.now(TimeUnit.NANOSECONDS))
            .clock(wallClock())
            .parseScheduler(scheduler)
            .build();
  }

  SharedPacingFleet serve(String origin, String body) {
    fetcher.answer(
        Origin.of(origin),
        FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build());
    return this;
  }

  /** The wall clock of the pacers and ledgers: {@code wallStart} plus the virtual time. */
  Clock wallClock() {
    return new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return wallStart.plusNanos(scheduler.now(TimeUnit.NANOSECONDS));
      }
    };
  }

  /** A ledger on the virtual clock. */
  RedisSharedSpacing ledger() {
    RedisSharedSpacing l = ledgerOn.apply(wallClock());
    ledgers.add(l);
    return l;
  }

  /**
   * {@code ledger}, its calls counted so that steps wait for them and its answers delivered on the
   * test's thread.
   */
  SharedSpacing counted(SharedSpacing ledger) {
    return new SharedSpacing() {
      @Override
      public Mono<Duration> reserve(Origin origin, Request request) {
        calls.incrementAndGet();
        return ledger
            .reserve(origin, request)
            .doOnSuccess(w -> failedIf(w == null, "reserve", origin, "no answer"))
            .doOnError(e -> failedIf(true, "reserve", origin, causes(e)))
            .publishOn(testThread)
            .doFinally(s -> calls.decrementAndGet());
      }

      @Override
      public Mono<Void> finish(Origin origin, String holder, Duration pause) {
        calls.incrementAndGet();
        return ledger
            .finish(origin, holder, pause)
            .doOnError(e -> failedIf(true, "finish", origin, causes(e)))
            .publishOn(testThread)
            .doFinally(s -> calls.decrementAndGet());
      }
    };
  }

  private void failedIf(boolean failed, String call, Origin origin, String why) {
    if (failed) {
      failures.add(call + " " + origin + " at " + now().toMillis() + " ms: " + why);
    }
  }

  /** {@code e} and its causes, each as its class and message. */
  private static String causes(Throwable e) {
    StringBuilder out = new StringBuilder(e.toString());
    for (Throwable c = e.getCause(); c != null && c != e; c = c.getCause()) {
      out.append(", caused by ").append(c);
    }
    return out.toString();
  }

  /** A worker: a pacer with its own ledger, on the fleet's virtual time. */
  Pacer worker(UnaryOperator<PacerBuilder> config) {
    return config
        .apply(
            Pacer.builder(cache)
                .agent(AGENT)
                .scheduler(scheduler)
                .clock(wallClock())
                .sharedSpacing(counted(ledger())))
        .build();
  }

  /**
   * Crawls {@code urls} with {@code pacer}, recording each release as {@code name host time} and
   * reporting {@code status} for it at once (with {@code retryAfter} for the first).
   */
  List<Paced<String>> crawl(
      String name, Pacer pacer, List<String> urls, int firstStatus, String retryAfter) {
    List<Paced<String>> seen = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger n = new AtomicInteger();
    pacer
        .pace(Flux.fromIterable(urls))
        .subscribe(
            p -> {
              seen.add(p);
              if (p.isReleased()) {
                releases.add(name + " " + p.origin().orElseThrow().host() + " " + now().toMillis());
                boolean first = n.getAndIncrement() == 0;
                p.complete(first ? firstStatus : 200, first ? retryAfter : null);
              }
            });
    return seen;
  }

  Duration now() {
    return Duration.ofNanos(scheduler.now(TimeUnit.NANOSECONDS));
  }

  /** Advances {@code d} one millisecond at a time, each step after Redis has answered. */
  void advance(Duration d) {
    for (long ms = 0; ms < d.toMillis(); ms++) {
      settle();
      scheduler.advanceTimeBy(Duration.ofMillis(1));
    }
    settle();
  }

  /** Delivers the ledgers' answers here until no call is in flight. */
  private void settle() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      Runnable answer;
      while ((answer = answers.poll()) != null) {
        answer.run();
      }
      if (calls.get() == 0 && answers.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Redis did not answer within 10 s");
      }
      LockSupport.parkNanos(100_000);
    }
  }

  /** Virtual times (ms) of the releases of {@code host}, by any worker, in order. */
  List<Long> releaseTimes(String host) {
    synchronized (releases) {
      return releases.stream()
          .map(s -> s.split(" "))
          .filter(s -> s[1].equals(host))
          .map(s -> Long.parseLong(s[2]))
          .sorted()
          .toList();
    }
  }

  /** The workers that released pages of {@code host}. */
  List<String> workersOf(String host) {
    synchronized (releases) {
      return releases.stream()
          .map(s -> s.split(" "))
          .filter(s -> s[1].equals(host))
          .map(s -> s[0])
          .distinct()
          .sorted()
          .toList();
    }
  }

  @Override
  public void close() throws Exception {
    for (RedisSharedSpacing l : ledgers) {
      l.close();
    }
    cache.close();
    scheduler.dispose();
    testThread.dispose();
  }
}
