package io.github.reactiverobots.core;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.internal.CacheDraft;
import io.github.reactiverobots.core.internal.CacheLimits;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.internal.settings.Limits;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Configures and builds a {@link RobotsCache}. Every setter validates its argument at once (null,
 * negative or out-of-range values throw); {@link #build()} checks what needs several settings
 * together. Only {@link #fetcher} is required; the defaults are SEMANTICS.md §6's. Not thread-safe;
 * a builder may build several independent caches.
 */
public final class RobotsCacheBuilder {
  private final CacheDraft draft = new CacheDraft();

  RobotsCacheBuilder() {}

  /**
   * The fetcher of robots.txt bodies (required).
   *
   * @param fetcher the fetcher
   * @return this builder
   */
  public RobotsCacheBuilder fetcher(RobotsFetcher fetcher) {
    draft.fetcher = Objects.requireNonNull(fetcher, "fetcher");
    return this;
  }

  /**
   * Whether {@link RobotsCache#close()} also closes the fetcher (when it is {@link AutoCloseable});
   * default false: a fetcher passed in is the caller's to close, and may serve several caches. A
   * cache made by a factory that builds its own fetcher owns it.
   *
   * @param close true to hand the fetcher's lifecycle to the cache
   * @return this builder
   */
  public RobotsCacheBuilder closeFetcherOnClose(boolean close) {
    draft.closeFetcherOnClose = close;
    return this;
  }

  /**
   * The crawler's identity, set once: its product token selects the robots.txt groups for every
   * check that names no agent ({@code check(url)}, {@code allowed(url)}...), and its {@linkplain
   * CrawlerIdentity#fallbacks() fallback chain} is followed whenever its token is checked. Default
   * none: then every check must name its agent.
   *
   * @param crawler the identity
   * @return this builder
   */
  public RobotsCacheBuilder crawler(CrawlerIdentity crawler) {
    draft.crawler = Objects.requireNonNull(crawler, "crawler");
    return this;
  }

  /**
   * Whether a crawler identity whose product token differs from the one of the fetcher's {@code
   * User-Agent} is accepted; default false: {@link #build()} refuses it, since the groups matched
   * would not be those of the identity the sites see. Say true only to check on behalf of another
   * crawler on purpose.
   *
   * @param allow true to accept a mismatch
   * @return this builder
   */
  public RobotsCacheBuilder allowIdentityMismatch(boolean allow) {
    draft.allowIdentityMismatch = allow;
    return this;
  }

  /**
   * The crawler's identity from the {@code User-Agent} it sends, its product token being the
   * leading {@code A-Z a-z _ -} run ({@code MyCrawler/1.0 (+https://example.com/bot)} checks as
   * {@code MyCrawler}); see {@link #crawler(CrawlerIdentity)}, which names the token of a crawler
   * whose header does not start with it.
   *
   * @param userAgent the User-Agent header value, or a bare product token
   * @return this builder
   * @throws IllegalArgumentException if it does not start with a product token, or starts with
   *     {@code Mozilla}, a browser's token (see {@link CrawlerIdentity#requireCrawlerToken})
   */
  public RobotsCacheBuilder crawler(String userAgent) {
    return crawler(CrawlerIdentity.of(userAgent));
  }

  /**
   * The profile bodies are parsed and matched with; default {@link Profile#RFC_9309}.
   *
   * @param profile the profile
   * @return this builder
   */
  public RobotsCacheBuilder profile(Profile profile) {
    draft.profile = Objects.requireNonNull(profile, "profile");
    return this;
  }

  /**
   * Bytes of a body parsed at most; default and minimum 500 KiB ({@link
   * ParseOptions#MIN_PARSE_LIMIT}).
   *
   * @param bytes the parse limit, in bytes
   * @return this builder
   * @throws IllegalArgumentException if {@code bytes} is below the minimum
   */
  public RobotsCacheBuilder parseLimit(int bytes) {
    draft.parseLimit = CacheLimits.parseLimit(bytes);
    return this;
  }

  /**
   * Crawler tokens that never fall back to the {@code *} group; default none. Matched
   * case-insensitively; replaces any set given before.
   *
   * @param agents the product tokens ({@code A-Z a-z _ -} only, as {@code crawler(...)}'s); copied
   * @return this builder
   * @throws IllegalArgumentException if one is not a product token (a User-Agent string such as
   *     {@code MyBot/1.0}, a blank, a space)
   */
  public RobotsCacheBuilder explicitAgents(Set<String> agents) {
    draft.explicitAgents = CacheLimits.productTokens(agents);
    return this;
  }

  /**
   * The bound on the summed estimated weight of the entries, in bytes; default a quarter of the
   * JVM's maximum heap ({@link Runtime#maxMemory()}), at most 256 MiB. {@link #build()} refuses a
   * bound over three quarters of the maximum heap. An entry's weight is an estimate of the heap it
   * retains, held to the measured heap within 10 % by the bench, so this bound is heap. The fixed
   * indexes of the 16,384 most recently seen origins and the history of uses that admission reads
   * (16 bytes per 4 KB of this bound) come on top. What an origin weighs on real sites:
   * docs/performance.md, "Sizing the heap".
   *
   * @param bytes the bound, in bytes
   * @return this builder
   * @throws IllegalArgumentException if {@code bytes} is not positive
   */
  public RobotsCacheBuilder maximumWeight(long bytes) {
    draft.maximumWeight = Limits.positive(bytes, "maximumWeight");
    return this;
  }

  /**
   * A bound on the number of origins held, in addition to the weight bound; default none. With both
   * bounds an entry is charged at least {@code maximumWeight / origins}, so fewer entries than
   * either bound alone allows may be held.
   *
   * @param origins the bound, in origins
   * @return this builder
   * @throws IllegalArgumentException if {@code origins} is not positive
   */
  public RobotsCacheBuilder maximumOrigins(long origins) {
    draft.maximumOrigins = Limits.positive(origins, "maximumOrigins");
    return this;
  }

  /**
   * The bounds a successful response's header freshness is clamped to; default [5 min, 24 h]. The
   * maximum is also the time to keep when headers give none, for an allow-all and for a preloaded
   * body.
   *
   * @param min the shortest time to keep, zero or more
   * @param max the longest time to keep, positive
   * @return this builder
   * @throws IllegalArgumentException if either is negative or longer than 3650 days, {@code max} is
   *     zero, or {@code min} is greater than {@code max}
   */
  public RobotsCacheBuilder ttlBounds(Duration min, Duration max) {
    Limits.nonNegative(min, "ttl minimum");
    Limits.positive(max, "ttl maximum");
    Limits.ordered(min, max, "ttl");
    draft.ttlMin = min;
    draft.ttlMax = max;
    return this;
  }

  /**
   * The retry delay after a failure, doubling per consecutive failure up to {@code max}, which also
   * caps {@code Retry-After} (itself raised to at least 1 s); default 1 min to 1 h.
   *
   * @param initial the delay after a first failure, positive
   * @param max the longest delay, positive
   * @return this builder
   * @throws IllegalArgumentException if either is not positive or is longer than 3650 days, or
   *     {@code initial} is greater than {@code max}
   */
  public RobotsCacheBuilder retryBackoff(Duration initial, Duration max) {
    Limits.positive(initial, "backoff initial");
    Limits.positive(max, "backoff maximum");
    Limits.ordered(initial, max, "backoff");
    draft.backoffInitial = initial;
    draft.backoffMax = max;
    return this;
  }

  /**
   * How long after it was last confirmed a good copy serves through an outage, and how long an
   * outage must last before giving up; default 30 days.
   *
   * @param window the window, zero or more
   * @return this builder
   * @throws IllegalArgumentException if {@code window} is negative or longer than 3650 days
   */
  public RobotsCacheBuilder staleCopyWindow(Duration window) {
    draft.staleCopyWindow = Limits.nonNegative(window, "staleCopyWindow");
    return this;
  }

  /**
   * How long after expiring a good copy (or a disallow-all) still answers at once while one refresh
   * runs; past it, callers wait for the refresh; default 1 h.
   *
   * @param window the window, zero or more
   * @return this builder
   * @throws IllegalArgumentException if {@code window} is negative or longer than 3650 days
   */
  public RobotsCacheBuilder staleWhileRevalidate(Duration window) {
    draft.staleWhileRevalidate = Limits.nonNegative(window, "staleWhileRevalidate");
    return this;
  }

  /**
   * Whether an origin unreachable for the whole stale-copy window with no good copy is allowed in
   * full (true, the default) or kept disallowed.
   *
   * @param allowAll true to allow all, false to keep disallowing
   * @return this builder
   */
  public RobotsCacheBuilder allowAllWhenUnreachableTooLong(boolean allowAll) {
    draft.allowAllWhenUnreachableTooLong = allowAll;
    return this;
  }

  /**
   * Whether a 401, 403 or 503 that identifies itself as a bot challenge ({@link
   * io.github.reactiverobots.core.fetch.FetchResult#botChallenge()}) is read as unreachable (true,
   * the default: disallow all or the good copy, retried with backoff, failure kind {@link
   * io.github.reactiverobots.robotstxt.model.FailureKind#BOT_CHALLENGE}) or by the plain status
   * rule like any other 401, 403 or 503 (false: a 401 or 403 allows all).
   *
   * @param unreachable true to read a bot challenge as unreachable, false for the status rule
   * @return this builder
   */
  public RobotsCacheBuilder botChallengesUnreachable(boolean unreachable) {
    draft.botChallengesUnreachable = unreachable;
    return this;
  }

  /**
   * A safety net for a fetcher that never answers: no result within it counts as a {@link
   * io.github.reactiverobots.robotstxt.model.FailureKind#TIMEOUT}; default 5 min (the fetcher's own
   * timeouts should be shorter).
   *
   * @param timeout the timeout, positive
   * @return this builder
   * @throws IllegalArgumentException if {@code timeout} is not positive or is longer than 3650 days
   */
  public RobotsCacheBuilder fetchTimeout(Duration timeout) {
    draft.fetchTimeout = Limits.positive(timeout, "fetchTimeout");
    return this;
  }

  /**
   * Checks {@code checkAll} runs at once when no concurrency is passed to it; default 256.
   *
   * @param concurrency the number of checks, positive
   * @return this builder
   * @throws IllegalArgumentException if {@code concurrency} is not positive
   */
  public RobotsCacheBuilder checkAllConcurrency(int concurrency) {
    draft.checkAllConcurrency = Limits.positive(concurrency, "concurrency");
    return this;
  }

  /**
   * How long an origin's entry, once fetched for a caller, is kept from eviction, so that the
   * checks that caused the fetch (a crawler visits a new site several times in a row) use it; then
   * it competes for its place like any other. Default 5 minutes; zero turns it off.
   *
   * @param residency the minimum residency
   * @return this builder
   */
  public RobotsCacheBuilder minimumResidency(Duration residency) {
    draft.minimumResidency = Limits.nonNegative(residency, "minimumResidency");
    return this;
  }

  /**
   * The share of {@link #maximumWeight} that entries kept by {@link #minimumResidency} may take
   * together; past it the least recently read of them compete like any other entry, so that a burst
   * of new origins never flushes the ones in steady use. An entry read within the last two seconds
   * is kept until they weigh twice the share, the other entries giving up the room, so that the
   * cache stays within its weight. Default 0.1; 0 turns the residency off.
   *
   * @param share a fraction from 0 to 0.5
   * @return this builder
   * @throws IllegalArgumentException if {@code share} is outside [0, 0.5]
   */
  public RobotsCacheBuilder residencyShare(double share) {
    draft.residencyShare = CacheLimits.residencyShare(share);
    return this;
  }

  /**
   * The time source for every freshness and retention decision (for tests): a monotonic reading in
   * nanoseconds, like {@link System#nanoTime()} (the default). It is read on the calling threads,
   * so it must not block.
   *
   * @param ticker the ticker, read in nanoseconds
   * @return this builder
   */
  public RobotsCacheBuilder ticker(LongSupplier ticker) {
    draft.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * The wall clock the ticker is anchored to once, at build time, for reported instants; default
   * {@link Clock#systemUTC()}.
   *
   * @param clock the clock
   * @return this builder
   */
  public RobotsCacheBuilder clock(Clock clock) {
    draft.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * Adds a listener for events (metrics, tracing); every cache built afterwards notifies it.
   *
   * @param listener the listener
   * @return this builder
   */
  public RobotsCacheBuilder listener(RobotsCacheListener listener) {
    draft.listeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  /**
   * Where bodies are parsed (never on the fetcher's thread); default {@link Schedulers#parallel()}.
   *
   * @param scheduler the scheduler
   * @return this builder
   */
  public RobotsCacheBuilder parseScheduler(Scheduler scheduler) {
    draft.parseScheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * A second-level store shared by the caches of a fleet (module {@code redis} has one on Redis);
   * default none, and then nothing below changes the cache's behaviour. On a miss (and before a
   * refresh) the origin's flight reads the store and takes a fresh value from it instead of
   * fetching; otherwise it takes the origin's fleet-wide lease and fetches, writing what it got for
   * the others, or waits for the value of the worker holding the lease. Each worker parses and
   * compiles locally. A store that fails or is slow never fails a check: see {@link
   * #storeWait(Duration)}.
   *
   * @param store the shared store
   * @return this builder
   */
  public RobotsCacheBuilder store(RobotsStore store) {
    draft.store = Objects.requireNonNull(store, "store");
    return this;
  }

  /**
   * The longest wait for one call to the shared store; past it (or on an error) the flight goes on
   * without the store (a local fetch), and a few such calls in a row make the store skipped for the
   * cool-down; default 1 s, long enough for a fleet's cold start, when every worker's misses reach
   * the store at once, to keep one fetch per origin (see docs/fleet.md).
   *
   * @param wait the bound, positive
   * @return this builder
   * @throws IllegalArgumentException if {@code wait} is not positive or is longer than 3650 days
   */
  public RobotsCacheBuilder storeWait(Duration wait) {
    draft.storeWait = Limits.positive(wait, "storeWait");
    return this;
  }

  /**
   * How long a worker's fetch lease on an origin lasts in the shared store, and so the longest
   * another worker waits for its result before fetching itself; default 30 s. Make it longer than
   * the fetcher's own deadline.
   *
   * @param lease the lease time, positive
   * @return this builder
   * @throws IllegalArgumentException if {@code lease} is not positive or is longer than 3650 days
   */
  public RobotsCacheBuilder storeLease(Duration lease) {
    draft.storeLease = Limits.positive(lease, "storeLease");
    return this;
  }

  /**
   * How long the shared store is skipped after three calls in a row failed or timed out (with no
   * answer between), so that a store that is down costs a few waits per cool-down instead of one
   * per origin, while one slow call in a burst turns nothing off; zero asks it every time; default
   * 1 s. Calls are counted, and skipped, per {@linkplain RobotsStore#shard shard}: on a Redis
   * Cluster, a lost primary turns off only its own origins.
   *
   * @param cooldown the cool-down, zero or more
   * @return this builder
   * @throws IllegalArgumentException if {@code cooldown} is negative or longer than 3650 days
   */
  public RobotsCacheBuilder storeCooldown(Duration cooldown) {
    draft.storeCooldown = Limits.nonNegative(cooldown, "storeCooldown");
    return this;
  }

  /**
   * Builds a new cache with the settings as they stand; later changes to this builder do not affect
   * it.
   *
   * @return the new cache
   * @throws IllegalStateException when no fetcher was set, the parse limit is above the fetcher's
   *     body cap ({@link RobotsFetcher#maxBodyBytes()}), or the crawler's token is not the product
   *     token of the fetcher's {@link RobotsFetcher#userAgent()} (unless {@link
   *     #allowIdentityMismatch(boolean)}), or {@link #maximumWeight} is more than the heap can hold
   */
  public RobotsCache build() {
    draft.requireBuildable();
    return new RobotsCache(draft.settings(), draft.wiring());
  }
}
