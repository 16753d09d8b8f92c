/**
 * The reactor-netty robots.txt fetcher: {@link io.github.reactiverobots.netty.NettyRobotsFetcher}
 * and {@link io.github.reactiverobots.netty.RobotsCaches}, the one-line start.
 */
module io.github.reactiverobots.netty {
  requires transitive io.github.reactiverobots.core;
  // The builder's API takes reactor-netty's ProxyProvider and Netty's SslContext and resolver.
  requires transitive reactor.netty.core;
  requires transitive io.netty.handler;
  requires transitive io.netty.resolver;
  requires reactor.netty.http;
  requires io.netty.buffer;
  requires io.netty.codec;
  requires io.netty.codec.http;
  requires io.netty.common;
  requires io.netty.resolver.dns;
  requires io.netty.transport;

  exports io.github.reactiverobots.netty;
}
