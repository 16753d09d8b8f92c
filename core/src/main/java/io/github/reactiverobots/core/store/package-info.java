/**
 * The second-level store a fleet of caches shares ({@link
 * io.github.reactiverobots.core.store.RobotsStore}), with the values it holds ({@link
 * io.github.reactiverobots.core.store.StoredRobots}) and its fetch leases ({@link
 * io.github.reactiverobots.core.store.RobotsStore.Lease}). Plugged into a cache with {@code
 * RobotsCacheBuilder.store(RobotsStore)}; module {@code redis} implements it on Redis.
 */
package io.github.reactiverobots.core.store;
