package io.github.reactiverobots.spring;

import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;

/**
 * Adjusts the auto-configured fetcher's builder after the {@code reactive-robots.fetcher.*}
 * properties are applied and before {@code build()}: for an {@code SslContext}, trust anchors, a
 * proxy with credentials, an address resolver or an address policy with exemptions. Every bean of
 * this type is applied, in {@code @Order}; none applies when the application defines its own {@code
 * RobotsFetcher} or {@code RobotsCache}.
 */
@FunctionalInterface
public interface NettyRobotsFetcherBuilderCustomizer {
  /**
   * Adjusts {@code builder}; called once, on the thread creating the bean.
   *
   * @param builder the builder, with the User-Agent and the properties set
   */
  void customize(NettyRobotsFetcherBuilder builder);
}
