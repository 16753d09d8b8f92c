/**
 * Actuator support: the {@code robots} endpoint ({@link
 * io.github.reactiverobots.spring.actuate.RobotsEndpoint}) and the fetcher's health contributor
 * ({@link io.github.reactiverobots.spring.actuate.RobotsHealthIndicator}).
 *
 * <p>The endpoint is thread-safe and its read never blocks; the health contributor is cheap and
 * non-blocking.
 */
package io.github.reactiverobots.spring.actuate;
