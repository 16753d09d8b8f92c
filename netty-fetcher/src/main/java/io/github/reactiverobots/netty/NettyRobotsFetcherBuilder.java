package io.github.reactiverobots.netty;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.netty.handler.ssl.SslContext;
import io.netty.resolver.AddressResolverGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import javax.net.ssl.TrustManagerFactory;
import reactor.netty.transport.ProxyProvider;

/**
 * Configures a {@link NettyRobotsFetcher}. Every setter validates its argument at once and throws
 * {@link IllegalArgumentException} (or {@link NullPointerException}) naming the setting; {@link
 * #build()} checks the combination. Not thread-safe; reusable after {@code build()}.
 *
 * <p>Defaults: body cap 500 KiB (the RFC 9309 minimum parse limit), connect timeout 5 s, response
 * timeout between bytes 10 s, overall deadline 20 s, 5 redirects, 512 fetches in flight, 16 KiB of
 * response headers, one connection per request (no pooling), HTTP/1.1, TLS with the JDK's trust
 * store, Netty's non-blocking DNS resolver with caching that respects TTLs, no proxy, and the
 * {@link AddressPolicy#publicOnly()} address policy: loopback, private, link-local and other
 * special-purpose addresses are refused, for the first fetch and every redirect, unless another
 * policy is set (tests and local simulators set {@link AddressPolicy#permitAll()} to reach loopback
 * servers).
 */
public final class NettyRobotsFetcherBuilder {
  String userAgent;
  int maxBodyBytes = ParseOptions.MIN_PARSE_LIMIT;
  Duration connectTimeout = Duration.ofSeconds(5);
  Duration responseTimeout = Duration.ofSeconds(10);
  Duration deadline = Duration.ofSeconds(20);
  int maxRedirects = 5;
  int maxInFlight = 512;
  int maxHeaderSize = 16 * 1024;
  int maxConnectionsPerHost = 8;
  Duration maxIdleTime = Duration.ofSeconds(30);
  Duration evictionInterval = Duration.ofSeconds(15);
  boolean http2;
  SslContext sslContext;
  TrustManagerFactory trustManagerFactory;
  Consumer<? super ProxyProvider.TypeSpec> proxy;
  AddressResolverGroup<InetSocketAddress> resolver;
  HostResolver hostResolver;
  AddressPolicy addressPolicy = AddressPolicy.publicOnly();
  boolean addressPolicySet;

  NettyRobotsFetcherBuilder() {}

  /**
   * The full {@code User-Agent} header, e.g. {@code MyBot/1.0 (+https://example.com/bot)}.
   * Required.
   *
   * @param userAgent printable ASCII, not blank
   * @return this builder
   */
  public NettyRobotsFetcherBuilder userAgent(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent");
    if (userAgent.isBlank()) {
      throw new IllegalArgumentException("userAgent must not be blank");
    }
    for (int i = 0; i < userAgent.length(); i++) {
      char c = userAgent.charAt(i);
      if (c < 0x20 || c >= 0x7f) {
        throw new IllegalArgumentException(
            "userAgent must be printable ASCII, found char " + (int) c);
      }
    }
    this.userAgent = userAgent;
    return this;
  }

  /**
   * Decoded body bytes kept at most; at least {@link ParseOptions#MIN_PARSE_LIMIT}. Match it to the
   * cache's parse limit.
   *
   * @param bytes the body cap in bytes, after decompression
   * @return this builder
   */
  public NettyRobotsFetcherBuilder maxBodyBytes(int bytes) {
    if (bytes < ParseOptions.MIN_PARSE_LIMIT) {
      throw new IllegalArgumentException(
          "maxBodyBytes must be at least " + ParseOptions.MIN_PARSE_LIMIT + ", was " + bytes);
    }
    this.maxBodyBytes = bytes;
    return this;
  }

  /**
   * Time allowed to establish a TCP connection.
   *
   * @param timeout a positive duration
   * @return this builder
   */
  public NettyRobotsFetcherBuilder connectTimeout(Duration timeout) {
    this.connectTimeout = positive(timeout, "connectTimeout");
    return this;
  }

  /**
   * Time allowed between two reads while waiting for or reading a response.
   *
   * @param timeout a positive duration
   * @return this builder
   */
  public NettyRobotsFetcherBuilder responseTimeout(Duration timeout) {
    this.responseTimeout = positive(timeout, "responseTimeout");
    return this;
  }

  /**
   * Time allowed for a whole fetch, redirects included, from when it leaves the queue.
   *
   * @param deadline a positive duration
   * @return this builder
   */
  public NettyRobotsFetcherBuilder deadline(Duration deadline) {
    this.deadline = positive(deadline, "deadline");
    return this;
  }

  /**
   * Redirects followed at most (0 to 20); one more is {@code TOO_MANY_REDIRECTS}.
   *
   * @param max redirects to follow, 0 to 20
   * @return this builder
   */
  public NettyRobotsFetcherBuilder maxRedirects(int max) {
    this.maxRedirects = range(max, 0, 20, "maxRedirects");
    return this;
  }

  /**
   * Fetches running at once at most; the others wait in a FIFO queue.
   *
   * @param max fetches at once, 1 to 1,000,000
   * @return this builder
   */
  public NettyRobotsFetcherBuilder maxInFlight(int max) {
    this.maxInFlight = range(max, 1, 1_000_000, "maxInFlight");
    return this;
  }

  /**
   * Bytes of response headers (and of the status line) accepted at most.
   *
   * @param bytes 1 KiB to 1 MiB
   * @return this builder
   */
  public NettyRobotsFetcherBuilder maxHeaderSize(int bytes) {
    this.maxHeaderSize = range(bytes, 1024, 1024 * 1024, "maxHeaderSize");
    return this;
  }

  /**
   * Pooled connections per remote host at most.
   *
   * <p>No effect: connections are no longer pooled (a robots.txt connection is almost never reused,
   * and idle ones across many origins exhausted the process's descriptors); the argument is still
   * validated.
   *
   * @deprecated connections are not pooled; this setting has no effect
   * @param max connections, 1 to 10,000
   * @return this builder
   */
  @Deprecated(since = "0.2", forRemoval = true)
  public NettyRobotsFetcherBuilder maxConnectionsPerHost(int max) {
    this.maxConnectionsPerHost = range(max, 1, 10_000, "maxConnectionsPerHost");
    return this;
  }

  /**
   * How long an idle pooled connection is kept.
   *
   * <p>No effect: connections are no longer pooled (a robots.txt connection is almost never reused,
   * and idle ones across many origins exhausted the process's descriptors); the argument is still
   * validated.
   *
   * @deprecated connections are not pooled; this setting has no effect
   * @param idle a positive duration
   * @return this builder
   */
  @Deprecated(since = "0.2", forRemoval = true)
  public NettyRobotsFetcherBuilder maxIdleTime(Duration idle) {
    this.maxIdleTime = positive(idle, "maxIdleTime");
    return this;
  }

  /**
   * How often idle connections are evicted in the background; zero turns that off.
   *
   * <p>No effect: connections are no longer pooled (a robots.txt connection is almost never reused,
   * and idle ones across many origins exhausted the process's descriptors); the argument is still
   * validated.
   *
   * @deprecated connections are not pooled; this setting has no effect
   * @param interval a duration, zero or positive
   * @return this builder
   */
  @Deprecated(since = "0.2", forRemoval = true)
  public NettyRobotsFetcherBuilder evictionInterval(Duration interval) {
    Objects.requireNonNull(interval, "evictionInterval");
    if (interval.isNegative()) {
      throw new IllegalArgumentException("evictionInterval must not be negative: " + interval);
    }
    this.evictionInterval = interval;
    return this;
  }

  /**
   * Whether to offer HTTP/2 (negotiated by ALPN over TLS; plain HTTP stays HTTP/1.1).
   *
   * @param enabled {@code true} to offer HTTP/2
   * @return this builder
   */
  public NettyRobotsFetcherBuilder http2(boolean enabled) {
    this.http2 = enabled;
    return this;
  }

  /**
   * A client {@link SslContext} to use in place of the JDK trust store. With {@link
   * #http2(boolean)}, it must be configured for ALPN by the caller.
   *
   * @param context a client context
   * @return this builder
   */
  public NettyRobotsFetcherBuilder sslContext(SslContext context) {
    Objects.requireNonNull(context, "sslContext");
    if (!context.isClient()) {
      throw new IllegalArgumentException("sslContext must be a client context");
    }
    this.sslContext = context;
    return this;
  }

  /**
   * Trust anchors to use in place of the JDK trust store, for the default TLS setup.
   *
   * @param factory the trust anchors
   * @return this builder
   */
  public NettyRobotsFetcherBuilder trustManager(TrustManagerFactory factory) {
    this.trustManagerFactory = Objects.requireNonNull(factory, "trustManager");
    return this;
  }

  /**
   * Sends requests through an HTTP proxy (CONNECT tunnels).
   *
   * @param host the proxy's host name or address
   * @param port the proxy's port, 1 to 65535
   * @return this builder
   */
  public NettyRobotsFetcherBuilder httpProxy(String host, int port) {
    return proxy(ProxyProvider.Proxy.HTTP, host, port);
  }

  /**
   * Sends requests through a SOCKS5 proxy.
   *
   * @param host the proxy's host name or address
   * @param port the proxy's port, 1 to 65535
   * @return this builder
   */
  public NettyRobotsFetcherBuilder socksProxy(String host, int port) {
    return proxy(ProxyProvider.Proxy.SOCKS5, host, port);
  }

  /**
   * Full proxy configuration (credentials, non-proxy hosts), as reactor-netty takes it.
   *
   * @param spec configures reactor-netty's proxy specification
   * @return this builder
   */
  public NettyRobotsFetcherBuilder proxy(Consumer<? super ProxyProvider.TypeSpec> spec) {
    this.proxy = Objects.requireNonNull(spec, "proxy");
    return this;
  }

  private NettyRobotsFetcherBuilder proxy(ProxyProvider.Proxy type, String host, int port) {
    Objects.requireNonNull(host, "proxy host");
    range(port, 1, 65535, "proxy port");
    this.proxy = spec -> spec.type(type).host(host).port(port);
    return this;
  }

  /**
   * The Netty resolver group to use instead of Netty's DNS resolver. The fetcher does not close it.
   * Replaces a {@link #resolver(HostResolver)} set before.
   *
   * @param group the resolver group
   * @return this builder
   */
  public NettyRobotsFetcherBuilder resolver(AddressResolverGroup<InetSocketAddress> group) {
    this.resolver = Objects.requireNonNull(group, "resolver");
    this.hostResolver = null;
    return this;
  }

  /**
   * The crawler's own name resolution instead of Netty's DNS resolver: {@code hosts} maps a host
   * name to its addresses (see {@link HostResolver} for the contract: it must not block). The
   * address policy still applies to what it returns. Replaces a resolver group set before.
   *
   * @param hosts the crawler's host-to-addresses function
   * @return this builder
   */
  public NettyRobotsFetcherBuilder resolver(HostResolver hosts) {
    this.hostResolver = Objects.requireNonNull(hosts, "resolver");
    this.resolver = null;
    return this;
  }

  /**
   * Which resolved addresses may be connected to, checked on every connection (redirects too).
   * Default {@link AddressPolicy#publicOnly()}; {@link AddressPolicy#permitAll()} turns the check
   * off (for tests and servers on this machine). A policy other than {@code permitAll} cannot be
   * combined with a proxy, which resolves names itself; with a proxy and no policy set, the proxy
   * alone decides where connections go.
   *
   * @param policy the policy to apply
   * @return this builder
   */
  public NettyRobotsFetcherBuilder addressPolicy(AddressPolicy policy) {
    this.addressPolicy = Objects.requireNonNull(policy, "addressPolicy");
    this.addressPolicySet = true;
    return this;
  }

  /** The policy the fetcher applies, or null for none (permit-all, or the default and a proxy). */
  AddressPolicy effectiveAddressPolicy() {
    if (addressPolicy == AddressPolicy.permitAll() || proxy != null && !addressPolicySet) {
      return null;
    }
    return addressPolicy;
  }

  /**
   * A new fetcher.
   *
   * @return the fetcher
   * @throws IllegalStateException if {@code userAgent} is missing, or settings conflict
   */
  public NettyRobotsFetcher build() {
    if (userAgent == null) {
      throw new IllegalStateException("userAgent is required");
    }
    if (sslContext != null && trustManagerFactory != null) {
      throw new IllegalStateException("set sslContext or trustManager, not both");
    }
    if (effectiveAddressPolicy() != null && proxy != null) {
      throw new IllegalStateException(
          "an address policy cannot be enforced through a proxy, which resolves names itself");
    }
    if (deadline.compareTo(connectTimeout) < 0) {
      throw new IllegalStateException(
          "deadline " + deadline + " is shorter than connectTimeout " + connectTimeout);
    }
    return new NettyRobotsFetcher(this);
  }

  private static Duration positive(Duration d, String name) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be positive: " + d);
    }
    return d;
  }

  private static int range(int v, int min, int max, String name) {
    if (v < min || v > max) {
      throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], was " + v);
    }
    return v;
  }
}
