/**
 * Actuator support: the {@code robots} endpoint ({@link
 * io.github.reactiverobots.spring.actuate.RobotsEndpoint}) and the fetcher's health contributor
 * ({@link io.github.reactiverobots.spring.actuate.RobotsHealthIndicator}).
 */
package io.github.reactiverobots.spring.actuate;
