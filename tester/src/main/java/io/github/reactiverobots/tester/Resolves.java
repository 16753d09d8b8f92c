package io.github.reactiverobots.tester;

import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --resolve HOST:PORT:ADDRESS} mappings, as curl has them: a connection to HOST on PORT goes
 * to ADDRESS without asking DNS; other names are resolved by the fetcher's own resolver. Immutable.
 */
final class Resolves {
  private final Map<String, InetAddress> map;

  private Resolves(Map<String, InetAddress> map) {
    this.map = map;
  }

  static Resolves none() {
    return new Resolves(Map.of());
  }

  /**
   * Parses the mappings.
   *
   * @throws IllegalArgumentException naming a mapping that is not HOST:PORT:ADDRESS with a literal
   *     IP address (an IPv6 address may be in brackets)
   */
  static Resolves parse(List<String> specs) {
    Map<String, InetAddress> map = new TreeMap<>();
    for (String spec : specs) {
      int first = spec.indexOf(':');
      int second = first < 0 ? -1 : spec.indexOf(':', first + 1);
      if (first <= 0 || second < 0) {
        throw bad(spec);
      }
      String host = spec.substring(0, first).toLowerCase(Locale.ROOT);
      int port;
      try {
        port = Integer.parseInt(spec.substring(first + 1, second));
      } catch (NumberFormatException e) {
        throw bad(spec);
      }
      String address = spec.substring(second + 1);
      if (address.startsWith("[") && address.endsWith("]")) {
        address = address.substring(1, address.length() - 1);
      }
      byte[] ip = NetUtil.createByteArrayFromIpAddressString(address);
      if (ip == null || port < 1 || port > 65535) {
        throw bad(spec);
      }
      try {
        map.put(host + ":" + port, InetAddress.getByAddress(host, ip));
      } catch (UnknownHostException e) {
        throw bad(spec);
      }
    }
    return new Resolves(map);
  }

  private static IllegalArgumentException bad(String spec) {
    return new IllegalArgumentException(
        "--resolve '"
            + Text.printable(spec)
            + "' is not"
            + " HOST:PORT:ADDRESS with a literal IP address (such as example.com:443:192.0.2.7)");
  }

  boolean isEmpty() {
    return map.isEmpty();
  }

  /** A resolver group: mapped names first, then {@code fallback}. */
  AddressResolverGroup<InetSocketAddress> over(AddressResolverGroup<InetSocketAddress> fallback) {
    return new AddressResolverGroup<>() {
      @Override
      protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        AddressResolver<InetSocketAddress> next = fallback.getResolver(executor);
        return new AbstractAddressResolver<InetSocketAddress>(executor) {
          @Override
          protected boolean doIsResolved(InetSocketAddress address) {
            return !address.isUnresolved();
          }

          @Override
          protected void doResolve(
              InetSocketAddress unresolved, Promise<InetSocketAddress> promise) {
            InetAddress to = lookup(unresolved);
            if (to != null) {
              promise.setSuccess(new InetSocketAddress(to, unresolved.getPort()));
            } else {
              next.resolve(unresolved)
                  .addListener(
                      f -> {
                        if (f.isSuccess()) {
                          promise.setSuccess((InetSocketAddress) f.getNow());
                        } else {
                          promise.setFailure(f.cause());
                        }
                      });
            }
          }

          @Override
          protected void doResolveAll(
              InetSocketAddress unresolved, Promise<List<InetSocketAddress>> promise) {
            InetAddress to = lookup(unresolved);
            if (to != null) {
              promise.setSuccess(List.of(new InetSocketAddress(to, unresolved.getPort())));
            } else {
              next.resolveAll(unresolved)
                  .addListener(
                      f -> {
                        if (f.isSuccess()) {
                          @SuppressWarnings("unchecked")
                          List<InetSocketAddress> all = (List<InetSocketAddress>) f.getNow();
                          promise.setSuccess(all);
                        } else {
                          promise.setFailure(f.cause());
                        }
                      });
            }
          }
        };
      }
    };
  }

  private InetAddress lookup(SocketAddress address) {
    InetSocketAddress a = (InetSocketAddress) address;
    return map.get(a.getHostString().toLowerCase(Locale.ROOT) + ":" + a.getPort());
  }
}
