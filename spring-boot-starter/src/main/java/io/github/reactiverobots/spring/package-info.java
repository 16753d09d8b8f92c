/**
 * Spring Boot auto-configuration for reactive-robots: a {@code RobotsCache} and a {@code Pacer}
 * from the {@code reactive-robots.*} properties ({@link
 * io.github.reactiverobots.spring.RobotsProperties}), a shared store on Redis when {@code
 * reactive-robots.redis.uri} is set, their meters in the application's {@code MeterRegistry}, and,
 * with Actuator, the {@code robots} endpoint and health contributor (package {@code .actuate}).
 * Customizer beans adjust the builders after the properties.
 *
 * <p>{@code RobotsProperties} is immutable; the beans made from it (the cache, its fetcher, the
 * pacer) are thread-safe singletons, and the context closes the cache and the fetcher when it shuts
 * down.
 */
package io.github.reactiverobots.spring;
