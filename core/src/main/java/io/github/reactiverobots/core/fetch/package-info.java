/**
 * The fetcher a cache gets {@code /robots.txt} through: {@link
 * io.github.reactiverobots.core.fetch.RobotsFetcher} turns an origin into one {@link
 * io.github.reactiverobots.core.fetch.FetchResult} (a status with its body and caching headers, or
 * a {@code FailureKind}), conditionally when it is given the held copy's validators ({@code
 * RobotsFetcher.Conditional}). Module {@code netty-fetcher}'s {@code NettyRobotsFetcher} is the
 * library's implementation; a test or an application may supply its own.
 *
 * <p>A fetcher must be thread-safe and must never block the subscribing thread; its {@code Mono} is
 * lazy and emits exactly one result for every outcome, network failures included. {@code
 * FetchResult} is immutable and thread-safe (its body is copied in and exposed read-only); {@code
 * FetchResult.Builder} is not thread-safe.
 */
package io.github.reactiverobots.core.fetch;
