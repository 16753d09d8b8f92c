package io.github.reactiverobots.pacing;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Builds a {@link Pacer}; every setting is optional and validated when set, their order at {@link
 * #build()}. Not thread-safe; a builder may build several pacers.
 */
public final class PacerBuilder {
  private static final Duration LONGEST = Duration.ofDays(3650);

  private final RobotsCache cache;
  private String agent;
  private Duration minimumDelay = Duration.ofSeconds(1);
  private Duration maximumDelay = Duration.ofSeconds(30);
  private int perOriginConcurrency = 1;
  private int perOriginQueue = 100;
  private int totalQueue = 10_000;
  private boolean deferWhenFull = true;
  private Duration initialBackoff = Duration.ofSeconds(1);
  private Duration maximumBackoff = Duration.ofHours(1);
  private Duration lease = Duration.ofMinutes(5);
  private Scheduler scheduler = Schedulers.parallel();
  private Clock clock = Clock.systemUTC();
  private SharedSpacing sharedSpacing;
  private Duration sharedSpacingWait = Duration.ofMillis(250);
  private final List<PacerListener> listeners = new ArrayList<>();

  PacerBuilder(RobotsCache cache) {
    this.cache = Objects.requireNonNull(cache, "cache");
  }

  /**
   * The crawler whose robots.txt groups decide verdicts and pacing; default the cache's crawler
   * identity ({@code RobotsCacheBuilder.crawler}).
   *
   * @param agent the crawler's product token, or the User-Agent it sends when that starts with its
   *     token (never a browser's {@code Mozilla/5.0 ...})
   * @return this builder
   * @throws IllegalArgumentException if {@code agent}'s product token is empty or {@code Mozilla}
   *     (see {@link CrawlerIdentity#requireCrawlerToken})
   */
  public PacerBuilder agent(String agent) {
    this.agent = CrawlerIdentity.requireCrawlerToken(Objects.requireNonNull(agent, "agent"));
    return this;
  }

  /**
   * The shortest interval between two requests to one origin, whatever its robots.txt says; default
   * 1 s.
   *
   * @param delay zero or more
   * @return this builder
   * @throws IllegalArgumentException if negative or longer than 3650 days
   */
  public PacerBuilder minimumDelay(Duration delay) {
    this.minimumDelay = requireNonNegative(delay, "minimumDelay");
    return this;
  }

  /**
   * The cap on the interval a {@code crawl-delay} or {@code request-rate} asks for; a longer one
   * (say {@code Crawl-delay: 86400}) is paced at this and reported to the listeners and in {@link
   * Paced#capped()}; default 30 s.
   *
   * @param delay positive, at least the minimum delay (checked at build)
   * @return this builder
   * @throws IllegalArgumentException if not positive or longer than 3650 days
   */
  public PacerBuilder maximumDelay(Duration delay) {
    this.maximumDelay = requirePositive(delay, "maximumDelay");
    return this;
  }

  /**
   * Released items per origin whose fetch has not been reported yet; default 1.
   *
   * @param concurrency at least 1
   * @return this builder
   * @throws IllegalArgumentException if below 1
   */
  public PacerBuilder perOriginConcurrency(int concurrency) {
    this.perOriginConcurrency = requireAtLeastOne(concurrency, "perOriginConcurrency");
    return this;
  }

  /**
   * Items one origin may hold; what happens to the next one of that origin is {@link
   * #deferWhenFull}'s choice; default 100.
   *
   * @param items at least 1
   * @return this builder
   * @throws IllegalArgumentException if below 1
   */
  public PacerBuilder perOriginQueue(int items) {
    this.perOriginQueue = requireAtLeastOne(items, "perOriginQueue");
    return this;
  }

  /**
   * Items one {@code pace} subscription holds in total (waiting for robots.txt, for their turn, or
   * for room in their origin's queue, and not yet emitted); the source is asked for no more;
   * default 10,000.
   *
   * @param items at least 1
   * @return this builder
   * @throws IllegalArgumentException if below 1
   */
  public PacerBuilder totalQueue(int items) {
    this.totalQueue = requireAtLeastOne(items, "totalQueue");
    return this;
  }

  /**
   * What the pacer does with an item whose origin already holds {@link #perOriginQueue} items. With
   * {@code true} (the default) it hands the item back at once as {@link Paced.Kind#DEFERRED}, for
   * the caller to offer again later, and keeps pulling from the source: one busy origin never holds
   * up the others, and the pacer still holds at most {@link #totalQueue} items. With {@code false}
   * it keeps the item and stops requesting from the source until that origin has room, so a source
   * that sends one origin's items in a long run is slowed to that origin's pace.
   *
   * @param defer whether to hand the excess back
   * @return this builder
   */
  public PacerBuilder deferWhenFull(boolean defer) {
    this.deferWhenFull = defer;
    return this;
  }

  /**
   * The pause after a 429, 503 or failure without {@code Retry-After}: {@code initial} (or the
   * origin's interval, if longer) doubling per consecutive slow-down up to {@code max}, which also
   * caps {@code Retry-After}; default 1 s to 1 h.
   *
   * @param initial positive
   * @param max positive, at least {@code initial}
   * @return this builder
   * @throws IllegalArgumentException if either is not positive or longer than 3650 days, or {@code
   *     initial} is greater than {@code max}
   */
  public PacerBuilder backoff(Duration initial, Duration max) {
    requirePositive(initial, "backoff initial");
    requirePositive(max, "backoff maximum");
    if (initial.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          "backoff initial " + initial + " is greater than maximum " + max);
    }
    this.initialBackoff = initial;
    this.maximumBackoff = max;
    return this;
  }

  /**
   * How long a released item holds its origin's slot without a report before the slot is given back
   * (the pace unchanged); default 5 min. Longer than any fetch should take.
   *
   * @param lease positive
   * @return this builder
   * @throws IllegalArgumentException if not positive or longer than 3650 days
   */
  public PacerBuilder lease(Duration lease) {
    this.lease = requirePositive(lease, "lease");
    return this;
  }

  /**
   * Where every wait runs, and whose {@code now} measures waits; default {@link
   * Schedulers#parallel()}. A {@code VirtualTimeScheduler} in tests.
   *
   * @param scheduler the scheduler
   * @return this builder
   */
  public PacerBuilder scheduler(Scheduler scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * The wall clock for {@code visit-time} windows (UTC) and {@code Retry-After} dates; default
   * {@link Clock#systemUTC()}.
   *
   * @param clock the clock
   * @return this builder
   */
  public PacerBuilder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * Spaces each origin's requests across a fleet as well: before each release (once the local rules
   * let the origin go) the pacer reserves the origin's slot in {@code spacing}, and it reports each
   * fetch's end there, with the pause it applies locally (the interval, or the {@code Retry-After}
   * or backoff after a slow-down). A denied reservation waits on a timer as the ledger says,
   * without holding up other origins. Default: none, local spacing only.
   *
   * @param spacing the fleet's ledger, e.g. {@code RedisSharedSpacing}
   * @return this builder
   */
  public PacerBuilder sharedSpacing(SharedSpacing spacing) {
    this.sharedSpacing = Objects.requireNonNull(spacing, "spacing");
    return this;
  }

  /**
   * How long a reservation may take before the pacer releases under its local rules alone, and
   * reports the fallback ({@link PacerListener#onSharedSpacingFallback}); default 250 ms.
   *
   * @param wait positive
   * @return this builder
   * @throws IllegalArgumentException if not positive or longer than 3650 days
   */
  public PacerBuilder sharedSpacingWait(Duration wait) {
    this.sharedSpacingWait = requirePositive(wait, "sharedSpacingWait");
    return this;
  }

  /**
   * Adds a listener (metrics, tracing).
   *
   * @param listener the listener
   * @return this builder
   */
  public PacerBuilder listener(PacerListener listener) {
    this.listeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  /**
   * Builds a pacer with the settings as they stand.
   *
   * @return the pacer
   * @throws IllegalStateException if no agent was set and the cache has no crawler identity
   * @throws IllegalArgumentException if the minimum delay is longer than the maximum delay
   */
  public Pacer build() {
    String crawler =
        agent != null
            ? agent
            : cache
                .crawler()
                .map(CrawlerIdentity::token)
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "no agent: set PacerBuilder.agent(...) or RobotsCacheBuilder.crawler(...)"));
    if (minimumDelay.compareTo(maximumDelay) > 0) {
      throw new IllegalArgumentException(
          "minimumDelay " + minimumDelay + " is longer than maximumDelay " + maximumDelay);
    }
    Settings settings =
        new Settings(
            minimumDelay.toNanos(),
            maximumDelay.toNanos(),
            perOriginConcurrency,
            perOriginQueue,
            totalQueue,
            deferWhenFull,
            initialBackoff.toNanos(),
            maximumBackoff.toNanos(),
            lease.toNanos(),
            scheduler,
            clock,
            sharedSpacing,
            sharedSpacingWait);
    return new Pacer(cache, crawler, settings, listeners);
  }

  /** A pacer's settings, durations in nanoseconds. */
  record Settings(
      long minimumDelayNanos,
      long maximumDelayNanos,
      int perOriginConcurrency,
      int perOriginQueue,
      int totalQueue,
      boolean deferWhenFull,
      long initialBackoffNanos,
      long maximumBackoffNanos,
      long leaseNanos,
      Scheduler scheduler,
      Clock clock,
      SharedSpacing sharedSpacing,
      Duration sharedSpacingWait) {}

  private static Duration requireNonNegative(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.compareTo(LONGEST) > 0) {
      throw new IllegalArgumentException(what + " must be 0 to " + LONGEST + ", was " + d);
    }
    return d;
  }

  private static Duration requirePositive(Duration d, String what) {
    if (requireNonNegative(d, what).isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + d);
    }
    return d;
  }

  private static int requireAtLeastOne(int n, String what) {
    if (n < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, was " + n);
    }
    return n;
  }
}
