/**
 * The internals of {@link io.github.reactiverobots.core.RobotsCache}: the SEMANTICS.md §6
 * policy ({@link io.github.reactiverobots.core.cache.CachePolicy}) and the HTTP caching headers
 * it reads, the immutable per-origin {@link io.github.reactiverobots.core.cache.Entry}, the
 * Caffeine-backed store bounded by weight, single flight, the event fan-out and the cache's
 * time source. Public only so that the cache can use them across packages: not API, and may
 * change without notice.
 */
package io.github.reactiverobots.core.cache;
