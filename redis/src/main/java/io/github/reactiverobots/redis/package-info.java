/**
 * Redis for crawler fleets, on Lettuce's reactive API (standalone or Redis Cluster): {@link
 * io.github.reactiverobots.redis.RedisRobotsStore} is the {@code RobotsStore} a fleet's caches
 * share (one fetch per origin for the fleet, a restarted worker comes back warm), and {@link
 * io.github.reactiverobots.redis.RedisSharedSpacing} the {@code SharedSpacing} its pacers share.
 * Start with {@code RedisRobotsStore.builder()} or {@code RedisSharedSpacing.builder()}.
 *
 * <p>Both are thread-safe and send their commands from threads of their own, never from the
 * caller's; {@code RedisRobotsStore} blocks only in {@code build()} and {@code close()}. A Redis
 * that is down or slow never fails a check or holds up a release: the cache and the pacer bound
 * each call and fall back to their local rules.
 */
package io.github.reactiverobots.redis;
