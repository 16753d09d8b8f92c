package io.github.reactiverobots.spring;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Resolves every {@code *.test} name to 127.0.0.1 without any lookup and fails every other
 * name, as netty-fetcher's tests do: the application test never uses the system resolver.
 */
final class LoopbackResolver extends AddressResolverGroup<InetSocketAddress> {
  private static final byte[] LOOPBACK = {127, 0, 0, 1};

  @Override
  protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
    return new InetNameResolver(executor) {
      @Override
      protected void doResolve(String host, Promise<InetAddress> promise) {
        try {
          promise.setSuccess(lookup(host));
        } catch (UnknownHostException e) {
          promise.setFailure(e);
        }
      }

      @Override
      protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
        try {
          promise.setSuccess(List.of(lookup(host)));
        } catch (UnknownHostException e) {
          promise.setFailure(e);
        }
      }
    }.asAddressResolver();
  }

  private static InetAddress lookup(String host) throws UnknownHostException {
    if (host.toLowerCase(Locale.ROOT).endsWith(".test")) {
      return InetAddress.getByAddress(host, LOOPBACK);
    }
    throw new UnknownHostException(host + ": only *.test names resolve in tests");
  }
}
