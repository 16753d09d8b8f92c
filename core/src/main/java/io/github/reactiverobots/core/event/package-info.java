/**
 * A cache's events, for metrics and tracing: {@link
 * io.github.reactiverobots.core.event.RobotsCacheListener} is told how each check found its
 * origin's entry ({@code Lookup}), how each fetch ended, what the shared store did ({@code
 * StoreEvent}) and why an entry left ({@code EvictionCause}). Add one with {@code
 * RobotsCacheBuilder.listener} or {@code RobotsCache.addListener}; module {@code metrics}'s {@code
 * RobotsMetrics} is one.
 *
 * <p>A listener is called synchronously on the thread that produced the event, often a Reactor or
 * Netty thread: it must be thread-safe, fast and never block. What it throws is caught and dropped,
 * and never changes a verdict.
 */
package io.github.reactiverobots.core.event;
