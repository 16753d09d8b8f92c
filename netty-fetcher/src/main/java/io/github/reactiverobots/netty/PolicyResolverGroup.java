package io.github.reactiverobots.netty;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.UnsupportedAddressTypeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Wraps a resolver group so that every address the client is about to connect to passes the {@link
 * AddressPolicy} first. Addresses that are already resolved (IP literals) are checked too: this
 * resolver never reports an address as resolved, so the connector always asks it. Of the addresses
 * a name resolves to, the permitted ones are kept; when none is, resolution fails with {@link
 * AddressRefusedException}. Thread-safe; closing it does not close the delegate.
 */
final class PolicyResolverGroup extends AddressResolverGroup<InetSocketAddress> {
  private final AddressResolverGroup<InetSocketAddress> delegate;
  private final AddressPolicy policy;

  PolicyResolverGroup(AddressResolverGroup<InetSocketAddress> delegate, AddressPolicy policy) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  @Override
  protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
    return new PolicyResolver(executor, delegate.getResolver(executor), policy);
  }

  private static final class PolicyResolver implements AddressResolver<InetSocketAddress> {
    private final EventExecutor executor;
    private final AddressResolver<InetSocketAddress> delegate;
    private final AddressPolicy policy;

    PolicyResolver(
        EventExecutor executor, AddressResolver<InetSocketAddress> delegate, AddressPolicy policy) {
      this.executor = executor;
      this.delegate = delegate;
      this.policy = policy;
    }

    @Override
    public boolean isSupported(SocketAddress address) {
      return address instanceof InetSocketAddress;
    }

    @Override
    public boolean isResolved(SocketAddress address) {
      return false;
    }

    @Override
    public Future<InetSocketAddress> resolve(SocketAddress address) {
      return resolve(address, executor.newPromise());
    }

    @Override
    public Future<InetSocketAddress> resolve(
        SocketAddress address, Promise<InetSocketAddress> promise) {
      Promise<List<InetSocketAddress>> all = executor.newPromise();
      all.addListener(
          f -> {
            if (f.isSuccess()) {
              promise.trySuccess(all.getNow().get(0));
            } else {
              promise.tryFailure(f.cause());
            }
          });
      resolveAll(address, all);
      return promise;
    }

    @Override
    public Future<List<InetSocketAddress>> resolveAll(SocketAddress address) {
      return resolveAll(address, executor.newPromise());
    }

    @Override
    public Future<List<InetSocketAddress>> resolveAll(
        SocketAddress address, Promise<List<InetSocketAddress>> promise) {
      if (!(address instanceof InetSocketAddress)) {
        promise.tryFailure(new UnsupportedAddressTypeException());
        return promise;
      }
      InetSocketAddress requested = (InetSocketAddress) address;
      if (!requested.isUnresolved()) {
        filter(requested, List.of(requested), promise);
        return promise;
      }
      delegate
          .resolveAll(requested)
          .addListener(
              f -> {
                if (f.isSuccess()) {
                  @SuppressWarnings("unchecked")
                  List<InetSocketAddress> resolved = (List<InetSocketAddress>) f.getNow();
                  filter(requested, resolved, promise);
                } else {
                  promise.tryFailure(f.cause());
                }
              });
      return promise;
    }

    private void filter(
        InetSocketAddress requested,
        List<InetSocketAddress> resolved,
        Promise<List<InetSocketAddress>> promise) {
      List<InetSocketAddress> permitted = new ArrayList<>(resolved.size());
      for (InetSocketAddress a : resolved) {
        if (policy.permits(a)) {
          permitted.add(a);
        }
      }
      if (permitted.isEmpty()) {
        promise.tryFailure(
            resolved.isEmpty()
                ? new java.net.UnknownHostException(requested.getHostString())
                : new AddressRefusedException(requested, resolved.get(0)));
      } else {
        promise.trySuccess(permitted);
      }
    }

    @Override
    public void close() {
      // The delegate's resolvers belong to the delegate group, which closes them.
    }
  }
}
