package io.github.reactiverobots.netty;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Objects;

/** Adapts a {@link HostResolver} to Netty; IP literals are parsed here, never passed on. */
final class HostResolverGroup extends AddressResolverGroup<InetSocketAddress> {
  private final HostResolver hosts;

  HostResolverGroup(HostResolver hosts) {
    this.hosts = Objects.requireNonNull(hosts, "hosts");
  }

  @Override
  protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
    return new InetNameResolver(executor) {
      @Override
      protected void doResolve(String host, Promise<InetAddress> promise) {
        try {
          promise.setSuccess(lookup(host).get(0));
        } catch (UnknownHostException | RuntimeException e) {
          promise.setFailure(e);
        }
      }

      @Override
      protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
        try {
          promise.setSuccess(lookup(host));
        } catch (UnknownHostException | RuntimeException e) {
          promise.setFailure(e);
        }
      }
    }.asAddressResolver();
  }

  private List<InetAddress> lookup(String host) throws UnknownHostException {
    String literal =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    byte[] ip = NetUtil.createByteArrayFromIpAddressString(literal);
    if (ip != null) {
      return List.of(InetAddress.getByAddress(ip));
    }
    List<InetAddress> found = hosts.resolve(host);
    if (found == null || found.isEmpty()) {
      throw new UnknownHostException(host + ": the crawler's resolver has no address for it");
    }
    return List.copyOf(found);
  }
}
