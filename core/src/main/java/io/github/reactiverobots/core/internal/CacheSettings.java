package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.time.Duration;

/**
 * A cache's settings, as validated by {@code RobotsCacheBuilder}; the defaults are SEMANTICS.md
 * §6's.
 *
 * @param parseOptions how bodies are parsed and matched
 * @param crawler the crawler's identity, or null when every check names its agent
 * @param maximumWeight the bound on the summed entry weights, in bytes
 * @param maximumOrigins the bound on the number of entries, or 0 for none
 * @param ttlMin the shortest time a successful response is kept
 * @param ttlMax the longest, also the time to keep when headers say nothing
 * @param backoffInitial the retry delay after a first failure
 * @param backoffMax the longest retry delay, also the cap on {@code Retry-After}
 * @param staleCopyWindow how long a good copy serves through an outage
 * @param staleWhileRevalidate how long an expired copy answers while a refresh runs
 * @param allowAllWhenUnreachableTooLong whether a long outage with no copy ends in allow-all
 * @param botChallengesUnreachable whether a 401, 403 or 503 bot challenge is read as unreachable
 * @param fetchTimeout the safety net for a fetcher that never answers
 * @param checkAllConcurrency checks {@code checkAll} runs at once
 * @param minimumResidency how long an entry fetched for a caller is kept from eviction
 * @param residencyShare the share of the weight bound such entries may take while kept
 */
public record CacheSettings(
    ParseOptions parseOptions,
    CrawlerIdentity crawler,
    long maximumWeight,
    long maximumOrigins,
    Duration ttlMin,
    Duration ttlMax,
    Duration backoffInitial,
    Duration backoffMax,
    Duration staleCopyWindow,
    Duration staleWhileRevalidate,
    boolean allowAllWhenUnreachableTooLong,
    boolean botChallengesUnreachable,
    Duration fetchTimeout,
    int checkAllConcurrency,
    Duration minimumResidency,
    double residencyShare) {}
