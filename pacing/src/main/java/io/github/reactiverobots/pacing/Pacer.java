package io.github.reactiverobots.pacing;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.internal.http.RetryAfter;
import io.github.reactiverobots.robotstxt.model.Pacing;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;

/**
 * Politeness as an operator (SEMANTICS.md §10): takes a stream of work items, each with a URL, and
 * releases each one when its origin may be contacted, by the rules a {@link RobotsCache} holds for
 * the pacer's crawler.
 *
 * <ul>
 *   <li>A URL that robots.txt disallows is reported ({@link Paced.Kind#DISALLOWED}, with the
 *       verdict), never released; so is every URL of an origin whose robots.txt is unreachable and
 *       has no good copy (the cache's verdict, which carries its retry time). An invalid URL is
 *       reported as {@link Paced.Kind#INVALID_URL}. The verdict is made when the item arrives.
 *   <li>Two releases to one origin are at least its interval apart, and a release comes at least
 *       its interval after the previous fetch of that origin was reported: the interval is the
 *       longest of the minimum delay, the group's {@code crawl-delay} and {@code 1 / request-rate},
 *       the last two capped at the maximum delay (capping is reported to the listeners and in
 *       {@link Paced#capped()}).
 *   <li>With a {@code visit-time} window, releases happen only inside it (UTC, by the pacer's
 *       clock; a window may cross midnight).
 *   <li>At most {@code perOriginConcurrency} released items per origin (default 1) whose fetch has
 *       not been reported; a 429 or 503 reported for a page pauses its origin as its {@code
 *       Retry-After} says (or for a doubling backoff), and a later other status restores the
 *       interval.
 *   <li>Fair: releases go round-robin over the origins that may release now; an origin waiting for
 *       its interval, a backoff or its window waits on a timer of the scheduler, apart, and never
 *       holds up the others.
 *   <li>Bounded: a subscription holds at most {@code totalQueue} items, requesting from the source
 *       only while there is room. When an item's origin already holds {@code perOriginQueue}, the
 *       item is handed back at once as {@link Paced.Kind#DEFERRED} and the source keeps flowing, so
 *       one busy origin never holds up the others: offer deferred items again later (a frontier
 *       re-queues them). With {@link PacerBuilder#deferWhenFull deferWhenFull(false)} the pacer
 *       keeps the item and stops requesting until that origin has room instead, which slows a
 *       source that sends one origin's items in a long run to that origin's pace.
 *   <li>Demand: an item is released only when the subscriber has requested one, so an origin's
 *       interval never elapses on an item that sits in a buffer.
 *   <li>Across a fleet ({@link PacerBuilder#sharedSpacing}): once the local rules let an origin go,
 *       its slot is reserved in the fleet's {@link SharedSpacing} (the other origins keep being
 *       released meanwhile), and each fetch's end is reported there; a ledger that fails or answers
 *       too late leaves the release to the local rules alone, counted in {@link
 *       #sharedSpacingFallbacks()} and reported to the listeners.
 * </ul>
 *
 * <p>Items of one origin are released in the order they arrived (a deferred item comes out at once,
 * ahead of the ones its origin holds). The returned {@code Flux} completes once the source has
 * completed and every item has been emitted (fetches still in flight need no pacing any more); a
 * source error is signalled after the items it sent. Each subscription paces its own items: two
 * concurrent subscriptions do not see each other's requests, so send a whole crawl (or a partition
 * of its origins) through one. Cancelling drops what is held.
 *
 * <p>Nothing blocks: every event is handled by one drain loop per subscription, on the thread that
 * brought it (the source's, a robots.txt answer's, a timer of the scheduler, a report's, the
 * subscriber's request), and items are emitted on that thread. Thread-safe.
 *
 * <pre>{@code
 * Pacer pacer = Pacer.builder(robots).minimumDelay(Duration.ofSeconds(1)).build();
 * pacer.pace(urls)
 *     .doOnNext(p -> { if (p.kind() == Paced.Kind.DEFERRED) frontier.offer(p.item()); })
 *     .filter(Paced::isReleased)
 *     .flatMap(p -> http.get().uri(p.url()).response()
 *         .doOnNext(r -> p.complete(r.status().code(), r.responseHeaders().get("Retry-After")))
 *         .doOnError(e -> p.fail()), 256)
 *     .subscribe();
 * }</pre>
 */
public final class Pacer {
  private final RobotsCache cache;
  private final String agent;
  private final PacerBuilder.Settings settings;
  private final PacerEvents events = new PacerEvents();
  private final LongAdder waiting = new LongAdder();
  private final LongAdder inFlight = new LongAdder();
  private final LongAdder sharedFallbacks = new LongAdder();
  private final String holderPrefix = UUID.randomUUID() + ":";
  private final AtomicLong holders = new AtomicLong();

  Pacer(
      RobotsCache cache,
      String agent,
      PacerBuilder.Settings settings,
      List<PacerListener> listeners) {
    this.cache = cache;
    this.agent = agent;
    this.settings = settings;
    listeners.forEach(events::add);
  }

  /**
   * A builder of pacers over {@code cache}'s rules.
   *
   * @param cache where verdicts and pacing records come from; the crawler identity set on its
   *     builder is the default agent
   * @return a builder with the default settings
   */
  public static PacerBuilder builder(RobotsCache cache) {
    return new PacerBuilder(cache);
  }

  /**
   * Paces {@code items}, each fetched at the URL {@code urlOf} gives. Lazy: the source is
   * subscribed to once per subscription.
   *
   * @param items the work items
   * @param urlOf the absolute http(s) URL of an item; an exception it throws (or a null URL) ends
   *     the {@code Flux} with that error
   * @param <T> the type of the work items
   * @return every item once, released or reported, as described above; an error when the cache is
   *     closed
   */
  public <T> Flux<Paced<T>> pace(Publisher<? extends T> items, Function<? super T, String> urlOf) {
    Objects.requireNonNull(items, "items");
    Objects.requireNonNull(urlOf, "urlOf");
    return Flux.create(
        sink -> new PacingRun<T>(this, items, urlOf, sink).start(),
        FluxSink.OverflowStrategy.IGNORE);
  }

  /**
   * Paces URLs; see {@link #pace(Publisher, Function)}.
   *
   * @param urls absolute http(s) URLs
   * @return every URL once, released or reported
   */
  public Flux<Paced<String>> pace(Publisher<String> urls) {
    return pace(urls, Function.identity());
  }

  /**
   * The interval this pacer spaces an origin's requests by, for a group's pacing records.
   *
   * @param pacing the records, as {@code RobotsRules.pacing()} gives them
   * @return the longest of the minimum delay, the crawl-delay and {@code 1 / request-rate}, the
   *     last two capped at the maximum delay
   */
  public Duration interval(Pacing pacing) {
    Objects.requireNonNull(pacing, "pacing");
    return Duration.ofNanos(
        Spacing.of(pacing, settings.minimumDelayNanos(), settings.maximumDelayNanos())
            .intervalNanos());
  }

  /**
   * The pacing a frontier that owns the queue must apply to {@code url}'s origin, by this pacer's
   * rules: see {@link QueuePacing}. Hand it over after each robots.txt lookup that may have changed
   * it, and after each 429 or 503, e.g. to url-frontier:
   *
   * <pre>{@code
   * pacer.queuePacing(url, res.responseHeaders().get("Retry-After"))
   *     .subscribe(p -> {
   *       frontier.setDelay(p.queueKey(), p.delaySeconds());
   *       frontier.blockQueueUntil(p.queueKey(), p.blockUntilEpochSeconds(Instant.now()));
   *     });
   * }</pre>
   *
   * @param url an absolute http(s) URL of the origin
   * @param retryAfter a {@code Retry-After} value the crawler got from the origin (seconds or an
   *     HTTP-date, relative to the pacer's clock; capped at the maximum backoff), or null
   * @return the pacing, once the origin's rules are known; an error for an invalid URL or a closed
   *     cache
   */
  public Mono<QueuePacing> queuePacing(String url, String retryAfter) {
    Objects.requireNonNull(url, "url");
    return cache
        .rules(url)
        .map(
            rules -> {
              Instant now = settings.clock().instant();
              Pacing pacing = rules.pacing(agent);
              Spacing spacing =
                  Spacing.of(pacing, settings.minimumDelayNanos(), settings.maximumDelayNanos());
              Instant retryUntil =
                  retryAfter == null
                      ? null
                      : RetryAfter.parse(retryAfter, now)
                          .map(
                              d ->
                                  now.plusNanos(
                                      Math.min(
                                          Spacing.saturatedNanos(d),
                                          settings.maximumBackoffNanos())))
                          .orElse(null);
              boolean disallowAll =
                  rules.isBlanket() && !rules.check(rules.origin() + "/", agent).allowed();
              return QueuePacing.builder()
                  .origin(rules.origin())
                  .interval(Duration.ofNanos(spacing.intervalNanos()))
                  .requestRate(pacing.requestRate().orElse(null))
                  .window(spacing.window())
                  .retryAfterUntil(retryUntil)
                  .disallowAll(disallowAll)
                  .disallowedUntil(disallowAll ? rules.state().expiresAt() : null)
                  .build();
            });
  }

  /**
   * The agent whose groups decide.
   *
   * @return the crawler's product token, or the string starting with it that was given
   */
  public String agent() {
    return agent;
  }

  /**
   * Items held now, over every subscription: waiting for robots.txt, for their turn, or for room in
   * their origin's queue.
   *
   * @return the number of items
   */
  public long waiting() {
    return waiting.sum();
  }

  /**
   * Released items whose fetch has not been reported yet, over every running subscription.
   *
   * @return the number of items
   */
  public long inFlight() {
    return inFlight.sum();
  }

  /**
   * Releases that went ahead under the local rules alone because the {@linkplain
   * PacerBuilder#sharedSpacing shared spacing} failed or answered too late, since the pacer was
   * built.
   *
   * @return the number of releases
   */
  public long sharedSpacingFallbacks() {
    return sharedFallbacks.sum();
  }

  /**
   * Adds a listener; it receives events from now on.
   *
   * @param listener the listener
   */
  public void addListener(PacerListener listener) {
    events.add(listener);
  }

  RobotsCache cache() {
    return cache;
  }

  PacerBuilder.Settings settings() {
    return settings;
  }

  PacerEvents events() {
    return events;
  }

  /** A holder name unique across the fleet: this pacer's random prefix and a counter. */
  String nextHolder() {
    return holderPrefix + holders.incrementAndGet();
  }

  void sharedFallback() {
    sharedFallbacks.increment();
  }

  void waitingChanged(long delta) {
    waiting.add(delta);
  }

  void inFlightChanged(long delta) {
    inFlight.add(delta);
  }
}
