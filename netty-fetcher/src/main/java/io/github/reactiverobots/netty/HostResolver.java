package io.github.reactiverobots.netty;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * A crawler's own name resolution, plugged into the fetcher with {@link
 * NettyRobotsFetcherBuilder#resolver(HostResolver)}: a host name in, its addresses out. The fetcher
 * adapts it to Netty; the address policy is applied to what it returns; IP literals never reach it,
 * and it sees the host alone, never a port.
 *
 * <pre>{@code
 * Map<String, InetAddress> hosts = ...; // the crawler's own DNS cache
 * NettyRobotsFetcher.builder().userAgent("MyBot/1.0")
 *     .resolver(host -> {
 *       InetAddress a = hosts.get(host);
 *       if (a == null) {
 *         throw new UnknownHostException(host);
 *       }
 *       return List.of(a);
 *     });
 * }</pre>
 *
 * <p>Contract: {@link #resolve(String)} is called on a Netty event-loop thread, once for every
 * connection the fetcher opens (redirects too), so it must return at once and never block: read a
 * map or a cache the crawler fills elsewhere, never a blocking lookup such as {@link
 * InetAddress#getByName(String)}. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface HostResolver {

  /**
   * The addresses of {@code host}, in order of preference (the first is connected to).
   *
   * @param host the host name, as in the URL (lower case, IDN in punycode)
   * @return the addresses; empty when the name has none
   * @throws UnknownHostException when the name does not resolve (reported as {@code
   *     FailureKind.DNS}, as is an empty list)
   */
  List<InetAddress> resolve(String host) throws UnknownHostException;
}
