/**
 * Politeness as a Reactor operator (SEMANTICS.md §10): start with {@link
 * io.github.reactiverobots.pacing.Pacer#builder(io.github.reactiverobots.core.RobotsCache)} (a
 * {@link io.github.reactiverobots.pacing.PacerBuilder}); {@code Pacer.pace(urls)} releases each
 * item, as a {@link io.github.reactiverobots.pacing.Paced}, when its origin may be contacted by the
 * rules the cache holds (crawl-delay, request-rate, visit-time, a minimum delay, one fetch in
 * flight per origin), reports disallowed and invalid URLs instead of releasing them, and slows an
 * origin down when its fetches are reported as 429, 503 or no response. {@link
 * io.github.reactiverobots.pacing.QueuePacing} is the same pacing handed to a frontier that spaces
 * its own queues; {@link io.github.reactiverobots.pacing.SharedSpacing} is the ledger a fleet's
 * pacers share (module {@code redis}'s {@code RedisSharedSpacing}); {@link
 * io.github.reactiverobots.pacing.PacerListener} receives the pacer's events.
 *
 * <p>Thread-safety: a {@code Pacer} is thread-safe and never blocks; each subscription of {@code
 * pace} is paced by its own drain loop. {@code QueuePacing} and {@code SharedSpacing.Request} are
 * immutable; a {@code Paced} is immutable apart from its one report ({@code complete} or {@code
 * fail}), which may come from any thread. Builders are not thread-safe; listeners and {@code
 * SharedSpacing} implementations must be thread-safe.
 */
package io.github.reactiverobots.pacing;
