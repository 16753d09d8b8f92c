/**
 * A hardened, non-blocking robots.txt fetcher on reactor-netty: {@link
 * io.github.reactiverobots.netty.NettyRobotsFetcher} (configured by {@link
 * io.github.reactiverobots.netty.NettyRobotsFetcherBuilder}), the {@link
 * io.github.reactiverobots.netty.AddressPolicy} that keeps a crawler off internal addresses, and
 * {@link io.github.reactiverobots.netty.RobotsCaches} for a ready {@code RobotsCache}.
 */
package io.github.reactiverobots.netty;
