package io.github.reactiverobots.pacing;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * A pacer over a cache on virtual time: robots.txt bodies served from memory, the pacer's waits on
 * the same {@link VirtualTimeScheduler} and its wall clock following it from a chosen instant.
 * {@link Crawl} subscribes like a crawler and records when each item came out.
 */
final class PacerHarness implements AutoCloseable {
  static final String AGENT = "TestBot";

  final CacheFixture cache = new CacheFixture();
  final VirtualTimeScheduler scheduler = cache.clock.scheduler();
  private Instant wallStart = CacheFixture.T0;

  /** Serves {@code body} as the robots.txt of {@code origin} (e.g. {@code http://a.test}). */
  PacerHarness serve(String origin, String body) {
    cache.fetcher.answer(Origin.of(origin), CacheFixture.ok(body));
    return this;
  }

  /** Starts the pacer's wall clock at {@code start} (virtual time zero). */
  PacerHarness wallClockAt(Instant start) {
    this.wallStart = start;
    return this;
  }

  /** The pacer's wall clock: {@code wallStart} plus the virtual time elapsed. */
  Clock wallClock() {
    Instant start = wallStart;
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
        return start.plusNanos(scheduler.now(TimeUnit.NANOSECONDS));
      }
    };
  }

  Pacer pacer(UnaryOperator<PacerBuilder> config) {
    return config
        .apply(Pacer.builder(cache.cache).agent(AGENT).scheduler(scheduler).clock(wallClock()))
        .build();
  }

  Pacer pacer() {
    return pacer(b -> b);
  }

  void advance(Duration d) {
    scheduler.advanceTimeBy(d);
  }

  Duration now() {
    return Duration.ofNanos(scheduler.now(TimeUnit.NANOSECONDS));
  }

  /** Subscribes with unbounded demand, reporting 200 for every released item at once. */
  Crawl<String> crawl(Pacer pacer, Publisher<String> urls) {
    return crawl(pacer, urls, Long.MAX_VALUE, 200);
  }

  /**
   * Subscribes requesting {@code initialRequest} (0 for none), reporting {@code reportStatus} for
   * every released item at once (0 to leave them unreported).
   */
  Crawl<String> crawl(Pacer pacer, Publisher<String> urls, long initialRequest, int reportStatus) {
    Crawl<String> c = new Crawl<>(this, initialRequest, reportStatus);
    pacer.pace(urls).subscribe(c);
    return c;
  }

  @Override
  public void close() {
    cache.close();
  }

  /** A subscriber that records each item with the virtual time it came out. */
  static final class Crawl<T> extends BaseSubscriber<Paced<T>> {
    record Seen<T>(Duration at, Paced<T> paced) {}

    private final PacerHarness harness;
    private final long initialRequest;

    /** The status reported at once for each released item, or 0 to leave it unreported. */
    private final int reportStatus;

    final List<Seen<T>> seen = new ArrayList<>();
    boolean completed;
    Throwable error;

    Crawl(PacerHarness harness, long initialRequest, int reportStatus) {
      this.harness = harness;
      this.initialRequest = initialRequest;
      this.reportStatus = reportStatus;
    }

    @Override
    protected void hookOnSubscribe(Subscription s) {
      if (initialRequest > 0) {
        s.request(initialRequest);
      }
    }

    @Override
    protected void hookOnNext(Paced<T> p) {
      seen.add(new Seen<>(harness.now(), p));
      if (p.isReleased() && reportStatus > 0) {
        p.complete(reportStatus);
      }
    }

    @Override
    protected void hookOnComplete() {
      completed = true;
    }

    @Override
    protected void hookOnError(Throwable t) {
      error = t;
    }

    List<Paced<T>> released() {
      return seen.stream().map(Seen::paced).filter(Paced::isReleased).toList();
    }

    /** When each released item of {@code origin} came out, in order. */
    List<Duration> releaseTimes(String origin) {
      Origin o = Origin.of(origin);
      return seen.stream()
          .filter(s -> s.paced().isReleased())
          .filter(s -> s.paced().origin().orElseThrow().equals(o))
          .map(Seen::at)
          .collect(Collectors.toList());
    }

    List<Paced<T>> ofKind(Paced.Kind kind) {
      return seen.stream().map(Seen::paced).filter(p -> p.kind() == kind).toList();
    }
  }

  static List<Duration> seconds(double... s) {
    List<Duration> out = new ArrayList<>();
    for (double v : s) {
      out.add(Duration.ofNanos(Math.round(v * 1e9)));
    }
    return out;
  }
}
