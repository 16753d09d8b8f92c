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
 * <h2>The cache's contracts</h2>
 *
 * <ul>
 *   <li>Single flight: at most one fetch per origin runs at a time, whatever the number of callers;
 *       callers that arrive while it runs share its result. A caller that cancels does not cancel
 *       the fetch others wait on (nor the fetch itself: its result is stored). A failed fetch
 *       becomes an entry (disallow all, or a stale copy) with a retry time; it is not retried by
 *       each waiter.
 *   <li>Nothing blocks. Bodies are parsed on the parse scheduler, never on the fetcher's thread.
 *       Verdicts are emitted on the thread that completed the lookup: the caller's for a cached
 *       entry; after a fetch, the thread that stored the entry, which is a {@code boundedElastic}
 *       one when the parse scheduler is non-blocking (Caffeine may make a writer wait under a burst
 *       of writes, so entries are never written on a non-blocking thread).
 *   <li>An expired good copy (or disallow-all) answers at once while one refresh runs in the
 *       background, for up to the stale-while-revalidate window after expiry (and a copy never past
 *       the stale-copy window); the refresh is conditional on the copy's {@code ETag}/{@code
 *       Last-Modified}, and a 304 keeps the copy. An expired allow-all does not answer: callers
 *       wait for the refetch, which may now disallow.
 *   <li>Memory: entries are weighed as the heap they retain: {@code RobotsTxt.estimatedWeight()}
 *       with the matcher of the crawler's agent compiled (the identity's token, else the first
 *       agent a check names), plus a fixed charge for the entry, its state, Caffeine's node and the
 *       origin, and a byte per character of the origin's key (an allow-all or disallow-all entry is
 *       that charge and its key alone); the estimate is held to the measured heap within 10 %
 *       (docs/performance.md, "Sizing the heap"). A further agent's matcher is not weighed. Entries
 *       are evicted (Caffeine's W-TinyLFU) to stay within the weight bound and the optional origin
 *       bound. Fetches in flight are held apart from the entries, so eviction never affects their
 *       waiters.
 *   <li>Every verdict carries the origin's {@link
 *       io.github.reactiverobots.robotstxt.model.OriginState}.
 *   <li>Times: every freshness decision reads the builder's ticker; the instants in {@code
 *       OriginState} are that ticker anchored once to the builder's {@code Clock}.
 *   <li>A null argument throws {@link NullPointerException} at once. An invalid URL makes the
 *       returned {@code Mono} signal {@link
 *       io.github.reactiverobots.robotstxt.url.InvalidUrlException}; the synchronous methods throw
 *       it; {@code checkAll} answers it as that input's {@link
 *       io.github.reactiverobots.core.CheckResult}.
 *   <li>Closed: after {@link io.github.reactiverobots.core.RobotsCache#close()}, every method that
 *       uses the cache fails: the returned {@code Mono}s and {@code Flux}es signal, and the
 *       synchronous methods ({@code checkIfCached}, {@code put}, {@code invalidate}, {@code
 *       addListener}) throw, {@link IllegalStateException}. The methods that only report keep
 *       answering: {@link io.github.reactiverobots.core.RobotsCache#stats()} (an empty cache, no
 *       fetch active or queued) and {@link io.github.reactiverobots.core.RobotsCache#crawler()}.
 *       {@code close()} itself is idempotent and safe to call from several threads at once.
 * </ul>
 *
 * <p>Thread-safety: a {@code RobotsCache} serves any number of threads and subscribers and never
 * blocks one; {@code CheckResult}, {@code RobotsRules} and {@code CacheStats} are immutable. A
 * {@code RobotsCacheBuilder} is not thread-safe. The implementation lives in {@code
 * io.github.reactiverobots.core.internal}, which is not exported.
 */
package io.github.reactiverobots.core;
