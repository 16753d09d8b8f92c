/**
 * The second-level store a fleet of caches shares ({@link
 * io.github.reactiverobots.core.store.RobotsStore}), with the values it holds ({@link
 * io.github.reactiverobots.core.store.StoredRobots}) and its fetch leases ({@link
 * io.github.reactiverobots.core.store.RobotsStore.Lease}). Plugged into a cache with {@code
 * RobotsCacheBuilder.store(RobotsStore)}; module {@code redis} implements it on Redis. The store is
 * never the local cache: a cache keeps its entries itself, and reads and writes the store only
 * inside an origin's flight, when it has no fresh entry of its own.
 *
 * <p>A store must be thread-safe (one may serve several caches) and must never block the
 * subscribing thread. {@code StoredRobots} and {@code Lease} are immutable and thread-safe; {@code
 * StoredRobots.Builder} is not thread-safe.
 */
package io.github.reactiverobots.core.store;
