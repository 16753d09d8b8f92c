package io.github.reactiverobots.bench.sim;

import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Resolves every {@code *.test} host to the origin farm's loopback address and port, whatever port
 * was asked for, and fails every other name: the simulator never performs a real DNS lookup and can
 * reach nothing but the farm. Thread-safe.
 */
public final class FarmResolver extends AddressResolverGroup<InetSocketAddress> {
  private final IntFunction<InetSocketAddress> byOrigin;

  /** Resolves to {@code farm}, which must be a loopback address. */
  public FarmResolver(InetSocketAddress farm) {
    this(index -> farm);
    loopback(farm);
  }

  /**
   * Resolves {@code o<index>.test} to origin {@code index}'s own server of {@code farm}, any other
   * {@code *.test} name to its first.
   */
  public FarmResolver(OriginFarm farm) {
    this(index -> index < 0 ? farm.address() : farm.address(index));
    for (int i = 0; i < farm.addresses(); i++) {
      loopback(farm.address(i));
    }
  }

  private FarmResolver(IntFunction<InetSocketAddress> byOrigin) {
    this.byOrigin = byOrigin;
  }

  private static void loopback(InetSocketAddress farm) {
    if (farm.isUnresolved() || !farm.getAddress().isLoopbackAddress()) {
      throw new IllegalArgumentException("the farm must listen on loopback, not " + farm);
    }
  }

  private InetSocketAddress farm(String host) {
    return byOrigin.apply(OriginFarm.indexOf(host));
  }

  @Override
  protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
    return new AbstractAddressResolver<>(executor) {
      @Override
      protected boolean doIsResolved(InetSocketAddress address) {
        return !address.isUnresolved();
      }

      @Override
      protected void doResolve(InetSocketAddress unresolved, Promise<InetSocketAddress> promise) {
        String host = unresolved.getHostString();
        if (host.endsWith(OriginFarm.DOMAIN)) {
          promise.setSuccess(farm(host));
        } else {
          promise.setFailure(new UnknownHostException(host + " is outside the simulated farm"));
        }
      }

      @Override
      protected void doResolveAll(
          InetSocketAddress unresolved, Promise<List<InetSocketAddress>> promise) {
        String host = unresolved.getHostString();
        if (host.endsWith(OriginFarm.DOMAIN)) {
          promise.setSuccess(List.of(farm(host)));
        } else {
          promise.setFailure(new UnknownHostException(host + " is outside the simulated farm"));
        }
      }
    };
  }
}
