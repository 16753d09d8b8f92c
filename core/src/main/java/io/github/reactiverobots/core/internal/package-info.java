/**
 * Internal, not API (not exported): how a {@code RobotsCache} answers ({@code CacheAnswers}, {@code
 * WarmPath})), its local cache of entries on Caffeine, the SEMANTICS.md §6 policy, single flight,
 * the origin resolver and the cache's side of a shared store.
 */
package io.github.reactiverobots.core.internal;
