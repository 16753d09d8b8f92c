package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.fetch.RobotsFetcher.FetcherStats;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.ChannelGroupFuture;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.HttpResources;
import reactor.netty.http.client.HttpClient;
import reactor.netty.tcp.SslProvider;
import reactor.netty.transport.NameResolverProvider;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * A {@link RobotsFetcher} on reactor-netty's {@link HttpClient}: {@code GET /robots.txt} with the
 * crawler's {@code User-Agent} and {@code Accept-Encoding: gzip, deflate}, conditional headers on
 * refresh, redirects followed here (each hop recorded, loops detected), connect, between-bytes and
 * overall time limits, a body cap applied after decompression (the connection is closed as soon as
 * it is reached, so a gzip bomb costs the cap and no more), and a global cap on fetches in flight
 * with a FIFO queue behind it.
 *
 * <p>Every fetch emits exactly one {@link FetchResult}; network trouble is a {@link FailureKind},
 * never an error signal. A fetch that has been subscribed runs to its end even if every caller
 * cancels (the cache wants the answer): cancelling only detaches the caller. The deadline and
 * {@link FetchResult#elapsed()} count from when the fetch leaves the queue, not from subscription.
 * Failures map as: DNS failure {@code DNS}; refused or timed-out connect {@code CONNECT}; handshake
 * or certificate {@code TLS}; no byte for the response timeout, or the deadline passed, {@code
 * TIMEOUT}; connection reset or closed before the response {@code RESET}; closed before the
 * declared length or the last chunk, or a gzip or deflate stream that does not reach its end or
 * whose gzip trailer (CRC-32, length) does not match, {@code BODY_CUT_SHORT}; refused by the {@link
 * AddressPolicy} {@code ADDRESS_REFUSED}; oversized headers, corrupt compression, an encoding not
 * asked for or an unusable {@code Location} {@code OTHER}. A response that identifies itself as a
 * bot challenge by a marker its CDN documents (Cloudflare's {@code cf-mitigated: challenge}, AWS
 * WAF's {@code x-amzn-waf-action: challenge} or {@code captcha}) is a response with its status, the
 * marker in {@link FetchResult#botChallenge()}; the cache decides what it means.
 *
 * <p>An ordinary site failure is quiet: nothing is logged above DEBUG, by this class or by
 * reactor-netty and Netty underneath (a failure before the response is taken off the connection
 * before reactor-netty, which would log it at WARN with its stack trace, sees it). Each failed
 * fetch logs one DEBUG line, with the origin, the failure kind and the cause (a bot challenge: the
 * origin, the status and the marker), under the logger named after this class, through Reactor's
 * {@code Loggers} (SLF4J when present).
 *
 * <p>Connections are not pooled: each request has its own, closed once its response is read, so the
 * descriptors held never exceed the fetches in flight (robots.txt connections are almost never
 * reused, and idle ones across many origins would exhaust the process's descriptors). A failure on
 * the crawler's own side (no descriptor or local port to be had, the fetcher closed) is {@code
 * CRAWLER_FAULT}, never an outcome of the origin.
 *
 * <p>Thread-safe and non-blocking. Build one per application with {@link #builder()} and {@link
 * #close()} it at shutdown to release its connections and resolver (a cache made by {@link
 * RobotsCaches} from the fetcher's settings does this itself).
 */
public final class NettyRobotsFetcher implements RobotsFetcher, FetcherStats, AutoCloseable {
  /** One DEBUG line per failed fetch; named after this class. */
  private static final Logger LOG = Loggers.getLogger(NettyRobotsFetcher.class);

  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final HttpClient client;

  /** Every connection open now; each leaves the group when it closes. */
  private final ChannelGroup connections =
      new DefaultChannelGroup("reactive-robots", GlobalEventExecutor.INSTANCE);

  private final AddressResolverGroup<?> ownedResolver;
  private final AddressResolverGroup<?> policyResolver;
  private final InFlightLimiter limiter;
  private final String userAgent;
  private final int maxBodyBytes;
  private final int maxRedirects;
  private final Duration deadline;
  private final AtomicLong completed = new AtomicLong();
  private final LongAdder wireBytes = new LongAdder();

  /** The fetches running now, each with the sink its callers wait on. */
  private final Map<Sinks.One<FetchResult>, Disposable.Swap> running = new ConcurrentHashMap<>();

  private volatile boolean closed;

  NettyRobotsFetcher(NettyRobotsFetcherBuilder b) {
    this.userAgent = b.userAgent;
    this.maxBodyBytes = b.maxBodyBytes;
    this.maxRedirects = b.maxRedirects;
    this.deadline = b.deadline;
    this.limiter = new InFlightLimiter(b.maxInFlight);
    // No connection pool, one connection per request, closed when its response is read
    // ("Connection: close"): a crawler asks each origin for robots.txt about once a day, so a
    // kept-alive connection is almost never reused, while an idle pool across thousands of new
    // origins holds a descriptor per origin until eviction and starves every other socket of the
    // process. Open connections stay within the in-flight cap, whatever the number of origins.
    HttpClient c =
        HttpClient.newConnection()
            .option(
                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int) Math.min(Integer.MAX_VALUE, b.connectTimeout.toMillis()))
            .doOnChannelInit((observer, channel, remote) -> connections.add(channel))
            .responseTimeout(b.responseTimeout)
            .followRedirect(false)
            .compress(false)
            .keepAlive(false)
            .httpResponseDecoder(
                spec -> spec.maxHeaderSize(b.maxHeaderSize).maxInitialLineLength(b.maxHeaderSize))
            .headers(
                h ->
                    h.set(HttpHeaderNames.USER_AGENT, b.userAgent)
                        .set(HttpHeaderNames.ACCEPT_ENCODING, "gzip, deflate")
                        .set(HttpHeaderNames.ACCEPT, "text/plain, */*;q=0.5"));
    if (b.http2) {
      c = c.protocol(HttpProtocol.H2, HttpProtocol.HTTP11);
    }
    if (b.sslContext != null) {
      c = c.secure(spec -> spec.sslContext(b.sslContext));
    } else if (b.trustManagerFactory != null) {
      SslProvider.GenericSslContextSpec<?> spec =
          b.http2
              ? Http2SslContextSpec.forClient()
                  .configure(ssl -> ssl.trustManager(b.trustManagerFactory))
              : Http11SslContextSpec.forClient()
                  .configure(ssl -> ssl.trustManager(b.trustManagerFactory));
      c = c.secure(ssl -> ssl.sslContext(spec));
    }
    if (b.proxy != null) {
      c = c.proxy(b.proxy);
    }
    AddressPolicy policy = b.effectiveAddressPolicy();
    AddressResolverGroup<InetSocketAddress> base = b.resolver;
    AddressResolverGroup<InetSocketAddress> owned = null;
    if (b.hostResolver != null) {
      owned = new HostResolverGroup(b.hostResolver);
      base = owned;
    } else if (policy != null && base == null) {
      owned =
          NameResolverProvider.builder().build().newNameResolverGroup(HttpResources.get(), true);
      base = owned;
    }
    this.ownedResolver = owned;
    if (policy != null) {
      PolicyResolverGroup guarded = new PolicyResolverGroup(base, policy);
      this.policyResolver = guarded;
      c = c.resolver(guarded);
    } else {
      this.policyResolver = null;
      if (base != null) {
        c = c.resolver(base);
      }
    }
    this.client = QuietFailures.install(c);
  }

  /**
   * A builder; {@link NettyRobotsFetcherBuilder#userAgent(String)} is required.
   *
   * @return a new builder with the defaults
   */
  public static NettyRobotsFetcherBuilder builder() {
    return new NettyRobotsFetcherBuilder();
  }

  /**
   * Fetches {@code origin}'s robots.txt. Lazy: each subscription queues one fetch behind the
   * in-flight cap. Never signals an error; emits exactly one result.
   */
  @Override
  public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
    Objects.requireNonNull(origin, "origin");
    return fetchUrl(origin, "/robots.txt", validators == null ? Conditional.NONE : validators);
  }

  /**
   * Fetches another resource of {@code origin} (TDMRep's {@code /.well-known/tdmrep.json}) as
   * robots.txt is fetched: the same in-flight cap, address policy, redirects, deadline and body
   * cap. Never signals an error; emits exactly one result.
   */
  @Override
  public Mono<FetchResult> fetchResource(Origin origin, String path) {
    Objects.requireNonNull(origin, "origin");
    if (!Objects.requireNonNull(path, "path").startsWith("/")) {
      throw new IllegalArgumentException("path does not start with '/': " + path);
    }
    return fetchUrl(origin, path, Conditional.NONE);
  }

  private Mono<FetchResult> fetchUrl(Origin origin, String path, Conditional v) {
    return Mono.defer(
        () -> {
          if (closed) {
            return Mono.just(closedResult());
          }
          Sinks.One<FetchResult> sink = Sinks.one();
          limiter.submit(() -> start(origin, path, v, sink));
          return sink.asMono();
        });
  }

  private void start(
      Origin origin, String path, Conditional validators, Sinks.One<FetchResult> sink) {
    if (closed) {
      limiter.release();
      sink.tryEmitValue(closedResult());
      return;
    }
    // Registered before it starts, so that a fetch finishing at once leaves nothing behind and
    // close() can reach every fetch; a swap disposed first disposes what is put in it later.
    Disposable.Swap exchange = Disposables.swap();
    running.put(sink, exchange);
    try {
      exchange.update(
          RobotsExchange.run(
                  client,
                  maxBodyBytes,
                  maxRedirects,
                  deadline,
                  origin.key() + path,
                  validators,
                  wireBytes)
              .doFinally(
                  signal -> {
                    running.remove(sink);
                    limiter.release();
                  })
              .subscribe(
                  result -> {
                    completed.incrementAndGet();
                    logFailure(origin, path, result);
                    sink.tryEmitValue(result);
                  },
                  error ->
                      sink.tryEmitValue(
                          FetchResult.failure(FailureKind.OTHER, FailureClassifier.detail(error))
                              .build())));
      if (closed) {
        cancel(sink);
      }
    } catch (RuntimeException e) {
      running.remove(sink);
      limiter.release();
      sink.tryEmitValue(
          FetchResult.failure(FailureKind.OTHER, FailureClassifier.detail(e)).build());
    }
  }

  /** Ends a running fetch: its callers hear that the fetcher closed; its connection closes. */
  private void cancel(Sinks.One<FetchResult> sink) {
    Disposable exchange = running.remove(sink);
    if (exchange != null) {
      sink.tryEmitValue(closedResult());
      exchange.dispose();
    }
  }

  private static FetchResult closedResult() {
    return FetchResult.failure(FailureKind.CRAWLER_FAULT, "the fetcher was closed").build();
  }

  private static void logFailure(Origin origin, String path, FetchResult result) {
    if (!LOG.isDebugEnabled()) {
      return;
    }
    if (!result.hasStatus()) {
      LOG.debug(
          "{} fetch failed: origin={} kind={} cause={}",
          path.substring(1),
          origin.key(),
          result.failure(),
          result.failureDetail());
    } else if (result.botChallenge() != null) {
      LOG.debug(
          "{} fetch answered by a bot challenge: origin={} status={} marker={}",
          path.substring(1),
          origin.key(),
          result.status(),
          result.botChallenge());
    }
  }

  /** Fetches running now (never above the in-flight cap). */
  @Override
  public int activeFetches() {
    return limiter.active();
  }

  /** Fetches waiting for a slot under the in-flight cap. */
  @Override
  public int queuedFetches() {
    return limiter.queued();
  }

  /**
   * The in-flight cap.
   *
   * @return the most fetches that run at once
   */
  public int maxInFlight() {
    return limiter.max();
  }

  /**
   * The {@code User-Agent} header this fetcher sends.
   *
   * @return the header
   */
  @Override
  public String userAgent() {
    return userAgent;
  }

  /**
   * The body cap in bytes, after decompression.
   *
   * @return the most decoded body bytes kept
   */
  @Override
  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  /**
   * Connections open now: never more than the fetches in flight, and each closes when its response
   * has been read.
   *
   * @return the connections this fetcher holds open
   */
  public int openConnections() {
    return connections.size();
  }

  /** Fetches that ran to a result (whether or not a caller was still waiting for it). */
  long completedFetches() {
    return completed.get();
  }

  /** Body bytes read from the network so far, before decompression (2xx bodies only). */
  long wireBodyBytes() {
    return wireBytes.sum();
  }

  /**
   * Closes the fetcher: fetches running or queued end at once with {@link
   * FailureKind#CRAWLER_FAULT} ("the fetcher was closed") and their connections close; fetches
   * subscribed afterwards fail the same way; the resolver this fetcher created is released. Called
   * from a thread that may block, it waits (up to 5 s) until its connections have closed, so that
   * none is left open when it returns; from a non-blocking thread it returns at once and they close
   * shortly after. Idempotent and thread-safe.
   */
  @Override
  public void close() {
    synchronized (running) {
      if (closed) {
        return;
      }
      closed = true;
    }
    running.keySet().forEach(this::cancel);
    ChannelGroupFuture closing = connections.close();
    if (!Schedulers.isInNonBlockingThread()) {
      closing.awaitUninterruptibly(CLOSE_WAIT.toMillis());
    }
    if (policyResolver != null) {
      policyResolver.close();
    }
    if (ownedResolver != null) {
      ownedResolver.close();
    }
  }
}
