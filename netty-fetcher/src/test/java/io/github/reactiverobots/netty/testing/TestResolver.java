package io.github.reactiverobots.netty.testing;

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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Resolves every {@code *.test} name to 127.0.0.1 without any lookup, and fails every other name
 * with {@link UnknownHostException}: tests never resolve a real name. Shared with the other
 * modules' tests through this module's test-jar. Thread-safe.
 */
public final class TestResolver extends AddressResolverGroup<InetSocketAddress> {
  private static final byte[] LOOPBACK = {127, 0, 0, 1};
  private final AtomicInteger lookups = new AtomicInteger();

  /** A resolver that has looked nothing up yet. */
  public TestResolver() {}

  /** The names looked up so far, one per resolution asked for. */
  public int lookups() {
    return lookups.get();
  }

  @Override
  protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
    return new InetNameResolver(executor) {
      @Override
      protected void doResolve(String host, Promise<InetAddress> promise) {
        lookups.incrementAndGet();
        try {
          promise.setSuccess(lookup(host));
        } catch (UnknownHostException e) {
          promise.setFailure(e);
        }
      }

      @Override
      protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
        lookups.incrementAndGet();
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
