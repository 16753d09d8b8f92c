package io.github.reactiverobots.spring;

import io.github.reactiverobots.robotstxt.model.Profile;
import java.time.Duration;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The {@code reactive-robots.*} properties: the crawler's identity and the settings of the
 * robots.txt cache, its fetcher, its shared store on Redis, the pacer and the Actuator endpoint.
 * Each maps to one setting of {@code RobotsCache.builder()}, {@code NettyRobotsFetcher.builder()},
 * {@code RedisRobotsStore.builder()} or {@code Pacer.builder(cache)}, with the same default; the
 * builders validate the values when the beans are created. Immutable.
 *
 * @param userAgent User-Agent header the fetcher sends, such as "MyCrawler/1.0
 *     (+https://example.com/bot)". Its leading product token (MyCrawler) is the crawler whose
 *     robots.txt groups decide checks that name no agent. Required unless the application defines
 *     its own RobotsCache or RobotsFetcher bean.
 * @param crawlerToken Product token robots.txt groups are selected by, when it differs from the
 *     User-Agent's leading token (letters, '_' and '-' only).
 * @param profile How robots.txt is read: rfc-9309 (the standard) or google (Google's published
 *     behaviour).
 * @param parseLimit How much of a robots.txt body is parsed; at least 500KB, the RFC 9309 minimum.
 * @param explicitAgents Comma-separated list of product tokens that never fall back to the '*'
 *     group, such as adsbot-google.
 * @param cache Cache bounds, freshness and backoff.
 * @param fetcher Fetcher timeouts, caps and address policy.
 * @param redis Shared store on Redis for a fleet of crawlers.
 * @param pacer Politeness pacer.
 * @param endpoint The robots Actuator endpoint.
 */
@ConfigurationProperties("reactive-robots")
public record RobotsProperties(
    @Nullable String userAgent,
    @Nullable String crawlerToken,
    @DefaultValue("rfc-9309") Profile profile,
    @DefaultValue("500KB") DataSize parseLimit,
    @DefaultValue Set<String> explicitAgents,
    @DefaultValue Cache cache,
    @DefaultValue Fetcher fetcher,
    @DefaultValue Redis redis,
    @DefaultValue Pacer pacer,
    @DefaultValue Endpoint endpoint) {

  /**
   * The cache's settings ({@code RobotsCache.builder()}).
   *
   * @param maximumWeight Bound on the summed weight of the cached entries, which is the heap they
   *     retain; a quarter of the JVM's maximum heap, at most 256MB, when unset
   *     (docs/performance.md, "Sizing the heap").
   * @param maximumOrigins Bound on the number of origins held, in addition to the weight bound;
   *     none when unset.
   * @param minimumTtl Shortest time a fetched robots.txt is kept, whatever its Cache-Control says.
   * @param maximumTtl Longest time a fetched robots.txt is kept; also the time kept when its
   *     headers give none.
   * @param retryBackoffInitial Wait before fetching again after a failed fetch (429, 5xx, no
   *     response), doubling per failure in a row.
   * @param retryBackoffMaximum Longest wait between failed fetches.
   * @param staleCopyWindow How long the last good copy is used while an origin keeps failing.
   * @param staleWhileRevalidate How long after expiry a good copy still answers while one refresh
   *     runs.
   * @param allowAllWhenUnreachableTooLong Whether an origin unreachable for the whole stale-copy
   *     window, without a good copy, is allowed (RFC 9309) rather than disallowed.
   * @param botChallengesUnreachable Whether a 401, 403 or 503 that identifies itself as a bot
   *     challenge is read as unreachable (the good copy, else disallow all, retried with backoff)
   *     rather than by its status.
   * @param fetchTimeout Safety net for a fetcher that never answers.
   * @param checkAllConcurrency Checks of one checkAll call that run at once.
   * @param minimumResidency How long an entry fetched for a caller is kept from eviction; zero
   *     turns that off.
   * @param residencyShare Share of the maximum weight that entries kept by the minimum residency
   *     may take, from 0 to 0.5.
   * @param storeWait Longest wait for one call to the shared store (a RobotsStore bean, or Redis
   *     when reactive-robots.redis.uri is set); past it the cache fetches itself.
   * @param storeLease How long a worker's fetch lease on an origin lasts in the shared store, and
   *     so the longest another worker waits for its result; longer than the fetcher's deadline.
   * @param storeCooldown How long the shared store (or, on a Redis Cluster, the failing primary's
   *     origins) is skipped after three calls in a row failed or timed out; zero asks it every
   *     time.
   */
  public record Cache(
      @Nullable DataSize maximumWeight,
      @Nullable Long maximumOrigins,
      @DefaultValue("5m") Duration minimumTtl,
      @DefaultValue("24h") Duration maximumTtl,
      @DefaultValue("1m") Duration retryBackoffInitial,
      @DefaultValue("1h") Duration retryBackoffMaximum,
      @DefaultValue("30d") Duration staleCopyWindow,
      @DefaultValue("1h") Duration staleWhileRevalidate,
      @DefaultValue("true") boolean allowAllWhenUnreachableTooLong,
      @DefaultValue("true") boolean botChallengesUnreachable,
      @DefaultValue("5m") Duration fetchTimeout,
      @DefaultValue("256") int checkAllConcurrency,
      @DefaultValue("5m") Duration minimumResidency,
      @DefaultValue("0.1") double residencyShare,
      @DefaultValue("1s") Duration storeWait,
      @DefaultValue("30s") Duration storeLease,
      @DefaultValue("1s") Duration storeCooldown) {}

  /**
   * The fetcher's settings ({@code NettyRobotsFetcher.builder()}); used when the application
   * defines no {@code RobotsFetcher} of its own.
   *
   * @param connectTimeout Time allowed to establish a TCP connection.
   * @param responseTimeout Time allowed between two reads of a response.
   * @param deadline Time allowed for a whole fetch, redirects included.
   * @param maxBodySize Most decoded body bytes kept; the parse limit when unset.
   * @param maxRedirects Redirects followed at most, 0 to 20.
   * @param maxInFlight Fetches running at once at most; the others wait in a queue. The robots
   *     health contributor reports the fetcher's use of this capacity.
   * @param maxHeaderSize Response headers accepted at most, 1KB to 1MB.
   * @param maxConnectionsPerHost No effect (deprecated): robots.txt connections are not pooled, one
   *     per request, so open connections stay within max-in-flight.
   * @param maxIdleTime No effect (deprecated): robots.txt connections are not pooled.
   * @param evictionInterval No effect (deprecated): robots.txt connections are not pooled.
   * @param http2 Whether to offer HTTP/2 over TLS.
   * @param addressPolicy Which resolved addresses may be connected to: public-only (the default:
   *     refuses loopback, private, link-local, unique-local and other special-purpose addresses,
   *     for the first fetch and after every redirect), or permit-all (for servers on this machine
   *     or an internal network). Not applied through a proxy.
   * @param proxy Proxy to fetch through.
   */
  public record Fetcher(
      @DefaultValue("5s") Duration connectTimeout,
      @DefaultValue("10s") Duration responseTimeout,
      @DefaultValue("20s") Duration deadline,
      @Nullable DataSize maxBodySize,
      @DefaultValue("5") int maxRedirects,
      @DefaultValue("512") int maxInFlight,
      @DefaultValue("16KB") DataSize maxHeaderSize,
      @DefaultValue("8") int maxConnectionsPerHost,
      @DefaultValue("30s") Duration maxIdleTime,
      @DefaultValue("15s") Duration evictionInterval,
      @DefaultValue("false") boolean http2,
      @DefaultValue("public-only") AddressPolicyChoice addressPolicy,
      @DefaultValue Proxy proxy) {}

  /** Which addresses the fetcher may connect to. */
  public enum AddressPolicyChoice {
    /** Every address. */
    PERMIT_ALL,
    /** Public unicast addresses only ({@code AddressPolicy.publicOnly()}): the default. */
    PUBLIC_ONLY
  }

  /**
   * A proxy for the fetcher; an address policy cannot be combined with one.
   *
   * @param type Kind of proxy: none, http (CONNECT tunnels) or socks (SOCKS5).
   * @param host Proxy's host name or address.
   * @param port Proxy's port.
   */
  public record Proxy(
      @DefaultValue("none") ProxyType type, @Nullable String host, @DefaultValue("0") int port) {}

  /** The kind of proxy. */
  public enum ProxyType {
    /** No proxy. */
    NONE,
    /** An HTTP proxy, through CONNECT tunnels. */
    HTTP,
    /** A SOCKS5 proxy. */
    SOCKS
  }

  /**
   * The shared store on Redis ({@code RedisRobotsStore.builder()}): defined when {@code uri} is
   * set, the {@code reactive-robots-redis} module is on the class path and the application defines
   * no {@code RobotsStore} of its own. The caches of a fleet sharing it fetch each robots.txt once
   * between them, and a restarted worker starts warm.
   *
   * @param uri Redis server, such as redis://127.0.0.1:6379/0 (rediss:// for TLS; a password or
   *     database in the URI), or a Redis Cluster as redis+cluster:// (rediss+cluster:// for TLS)
   *     and its seed nodes, comma-separated, such as redis+cluster://10.0.0.1:6379,10.0.0.2:6379.
   *     Connected to at start-up: a Redis that cannot be reached then fails the start; later
   *     outages only make the cache fetch for itself.
   * @param keyPrefix Prefix of every key and channel; give each fleet (or crawler identity) its
   *     own.
   * @param commandTimeout Lettuce's own timeout per command, a safety net behind the cache's store
   *     wait.
   * @param waitBackoffMinimum First delay between a waiting worker's fallback re-reads, in case a
   *     notification is lost; doubles up to the maximum.
   * @param waitBackoffMaximum Longest delay between a waiting worker's fallback re-reads.
   */
  public record Redis(
      @Nullable String uri,
      @DefaultValue("robots:") String keyPrefix,
      @DefaultValue("5s") Duration commandTimeout,
      @DefaultValue("50ms") Duration waitBackoffMinimum,
      @DefaultValue("1s") Duration waitBackoffMaximum) {}

  /**
   * The politeness pacer's settings ({@code Pacer.builder(cache)}).
   *
   * @param enabled Whether a Pacer bean is defined.
   * @param agent Crawler whose groups decide verdicts and pacing; the cache's crawler when unset.
   * @param minimumDelay Shortest interval between two requests to one origin.
   * @param maximumDelay Cap on the interval a crawl-delay or request-rate asks for.
   * @param perOriginConcurrency Released items per origin whose fetch is not reported yet.
   * @param perOriginQueue Items one origin may hold; the next one comes back deferred, or with
   *     defer-when-full false stops the source until that origin has room.
   * @param deferWhenFull Whether an item whose origin's queue is full comes back at once as
   *     DEFERRED (for the frontier to re-queue), so that one busy origin never holds up the others;
   *     false keeps it and stops the source.
   * @param totalQueue Items one pace subscription holds in total.
   * @param backoffInitial Pause after a 429, 503 or failure without Retry-After, doubling per
   *     slow-down in a row.
   * @param backoffMaximum Longest pause; also caps Retry-After.
   * @param lease How long a released item holds its origin's slot without a report.
   */
  public record Pacer(
      @DefaultValue("true") boolean enabled,
      @Nullable String agent,
      @DefaultValue("1s") Duration minimumDelay,
      @DefaultValue("30s") Duration maximumDelay,
      @DefaultValue("1") int perOriginConcurrency,
      @DefaultValue("100") int perOriginQueue,
      @DefaultValue("true") boolean deferWhenFull,
      @DefaultValue("10000") int totalQueue,
      @DefaultValue("1s") Duration backoffInitial,
      @DefaultValue("1h") Duration backoffMaximum,
      @DefaultValue("5m") Duration lease) {}

  /**
   * The {@code robots} Actuator endpoint's settings. Its invalidation (a {@code DELETE}) is enabled
   * by Actuator's own {@code management.endpoint.robots.access=unrestricted}; the endpoint is
   * read-only by default.
   *
   * @param fetch Whether reading the endpoint fetches the robots.txt of an origin the cache does
   *     not hold. When false it answers from the cache only, so that reading it never makes the
   *     application contact a site.
   */
  public record Endpoint(@DefaultValue("false") boolean fetch) {}
}
