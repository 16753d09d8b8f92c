package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The settings a {@code RobotsCacheBuilder} holds, with their defaults (SEMANTICS.md §6's), each
 * validated by the builder as it is set; what the builder hands the cache it builds. Not
 * thread-safe.
 */
public final class CacheDraft {
  private static final LongSupplier SYSTEM_TICKER = System::nanoTime;

  public RobotsFetcher fetcher;
  public boolean closeFetcherOnClose;
  public CrawlerIdentity crawler;
  public boolean allowIdentityMismatch;
  public Profile profile = Profile.RFC_9309;
  public int parseLimit = ParseOptions.MIN_PARSE_LIMIT;
  public Set<String> explicitAgents = Set.of();
  public long maximumWeight = CacheLimits.defaultMaximumWeight(Runtime.getRuntime().maxMemory());
  public long maximumOrigins;
  public Duration ttlMin = Duration.ofMinutes(5);
  public Duration ttlMax = Duration.ofHours(24);
  public Duration backoffInitial = Duration.ofMinutes(1);
  public Duration backoffMax = Duration.ofHours(1);
  public Duration staleCopyWindow = Duration.ofDays(30);
  public Duration staleWhileRevalidate = Duration.ofHours(1);
  public boolean allowAllWhenUnreachableTooLong = true;
  public boolean botChallengesUnreachable = true;
  public Duration fetchTimeout = Duration.ofMinutes(5);
  public int checkAllConcurrency = 256;
  public Duration minimumResidency = Duration.ofMinutes(5);
  public double residencyShare = 0.1;
  public LongSupplier ticker = SYSTEM_TICKER;
  public Clock clock = Clock.systemUTC();
  public Scheduler parseScheduler;
  public RobotsStore store;
  public Duration storeWait = Duration.ofSeconds(1);
  public Duration storeLease = Duration.ofSeconds(30);
  public Duration storeCooldown = Duration.ofSeconds(1);
  public final List<RobotsCacheListener> listeners = new ArrayList<>();

  /** Checks the settings that depend on each other, at {@code build()}. */
  public void requireBuildable() {
    if (fetcher == null) {
      throw new IllegalStateException("a fetcher is required");
    }
    IdentityMatch.require(crawler, fetcher.userAgent(), allowIdentityMismatch);
    CacheLimits.requireHeapHolds(maximumWeight, Runtime.getRuntime().maxMemory());
    if (parseLimit > fetcher.maxBodyBytes()) {
      throw new IllegalStateException(
          "parseLimit ("
              + parseLimit
              + " bytes) is above the fetcher's body cap maxBodyBytes ("
              + fetcher.maxBodyBytes()
              + " bytes), so it could never be reached: raise the fetcher's maxBodyBytes or lower"
              + " parseLimit");
    }
  }

  /** The settings as they stand. */
  public CacheSettings settings() {
    ParseOptions parse = new ParseOptions(profile, parseLimit, explicitAgents);
    return new CacheSettings(
        crawler == null ? parse : parse.withFallbacks(crawler),
        crawler,
        maximumWeight,
        maximumOrigins,
        ttlMin,
        ttlMax,
        backoffInitial,
        backoffMax,
        staleCopyWindow,
        staleWhileRevalidate,
        allowAllWhenUnreachableTooLong,
        botChallengesUnreachable,
        fetchTimeout,
        checkAllConcurrency,
        minimumResidency,
        residencyShare);
  }

  /** What the cache is wired to, as set. */
  public CacheWiring wiring() {
    return new CacheWiring(
        fetcher,
        closeFetcherOnClose,
        ticker,
        clock,
        listeners,
        parseScheduler != null ? parseScheduler : Schedulers.parallel(),
        store,
        storeWait,
        storeLease,
        storeCooldown);
  }
}
