/**
 * The reactive robots.txt cache: start with {@link
 * io.github.reactiverobots.core.RobotsCache#builder()} (a {@link
 * io.github.reactiverobots.core.RobotsCacheBuilder}: a fetcher is required, every other setting has
 * SEMANTICS.md §6's default), or with {@code RobotsCaches.create(userAgent)} of module {@code
 * netty-fetcher}. The {@link io.github.reactiverobots.core.RobotsCache} answers {@code check(url,
 * agent)} as a {@code Mono<Verdict>}, fetching each origin's robots.txt once (one fetch in flight
 * per origin) and keeping the compiled rules in a local cache bounded by weight; {@code
 * checkIfCached(url, agent)} answers synchronously from what is cached, never fetching; {@code
 * checkAll} answers a stream of URLs as {@link io.github.reactiverobots.core.CheckResult}s; {@code
 * rules(url)} gives an origin's {@link io.github.reactiverobots.core.RobotsRules}; {@code stats()}
 * a {@link io.github.reactiverobots.core.CacheStats} snapshot.
 *
 * <p>Thread-safety: a {@code RobotsCache} serves any number of threads and subscribers and never
 * blocks one; {@code CheckResult}, {@code RobotsRules} and {@code CacheStats} are immutable. A
 * {@code RobotsCacheBuilder} is not thread-safe. The implementation lives in {@code
 * io.github.reactiverobots.core.internal}, which is not exported.
 */
package io.github.reactiverobots.core;
