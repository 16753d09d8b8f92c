package io.github.reactiverobots.core;

/**
 * A snapshot of a {@link RobotsCache}'s size and fetch activity, for gauges; made by {@link
 * RobotsCache#stats()}. Immutable; the figures are read one after another without a lock, so they
 * are each accurate but not mutually consistent.
 *
 * @param origins the approximate number of origins with an entry
 * @param weightBytes the summed estimated weight of the entries, in bytes
 * @param fetchesActive fetches running: the fetcher's own figure when it implements {@link
 *     io.github.reactiverobots.core.fetch.RobotsFetcher.FetcherStats}, else the cache's fetches in
 *     flight
 * @param fetchesQueued fetches waiting for a slot in the fetcher, or 0 when the fetcher does not
 *     report it
 */
public record CacheStats(long origins, long weightBytes, int fetchesActive, int fetchesQueued) {}
