/**
 * A hardened, non-blocking robots.txt fetcher on reactor-netty: {@link
 * io.github.reactiverobots.netty.NettyRobotsFetcher} (configured by {@link
 * io.github.reactiverobots.netty.NettyRobotsFetcherBuilder}), the {@link
 * io.github.reactiverobots.netty.AddressPolicy} that keeps a crawler off internal addresses, and
 * {@link io.github.reactiverobots.netty.RobotsCaches} for a ready {@code RobotsCache}.
 *
 * <p>{@code NettyRobotsFetcher} is thread-safe and non-blocking, and {@code RobotsCaches}
 * stateless; a {@code NettyRobotsFetcherBuilder} is not thread-safe. {@code AddressPolicy} and
 * {@code HostResolver} implementations must be thread-safe, and an address policy must not block:
 * it runs on event-loop threads.
 */
package io.github.reactiverobots.netty;
