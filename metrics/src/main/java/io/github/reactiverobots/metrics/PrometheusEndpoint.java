package io.github.reactiverobots.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A minimal HTTP endpoint serving a {@link PrometheusMeterRegistry}'s scrape on reactor-netty, for
 * applications without a web framework. It answers {@code GET} on one path (default {@code
 * /metrics}, and the same with a trailing slash, {@code /metrics/}) with the Prometheus text
 * exposition format, version 0.0.4, and {@code HEAD} there with the same headers and no body (for
 * load balancers and health checks); any other request gets 404.
 *
 * <pre>{@code
 * PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
 * RobotsMetrics.bind(cache, registry);
 * PrometheusEndpoint endpoint =
 *     PrometheusEndpoint.builder(registry).host("0.0.0.0").port(9464).bindNow();
 * }</pre>
 *
 * <p>The scrape itself (walking every meter and taking histogram snapshots, which synchronise with
 * recording threads) runs on a scheduler that tolerates blocking, {@link
 * Schedulers#boundedElastic()} unless another is given, never on a Netty event loop.
 *
 * <p>Thread-safe. {@link #close()} blocks until the server has stopped, so call it from a thread
 * that may block, or use {@link #closeAsync()}.
 */
public final class PrometheusEndpoint implements AutoCloseable {
  /** The content type of the Prometheus text exposition format this endpoint serves. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

  private final DisposableServer server;
  private final String path;

  private PrometheusEndpoint(DisposableServer server, String path) {
    this.server = server;
    this.path = path;
  }

  /**
   * A builder serving {@code registry}.
   *
   * @param registry the registry whose scrape is served
   * @return a new builder
   */
  public static Builder builder(PrometheusMeterRegistry registry) {
    return new Builder(registry);
  }

  /**
   * The address the server is bound to, with the actual port when port 0 was asked for.
   *
   * @return the bound address
   */
  public InetSocketAddress address() {
    return (InetSocketAddress) server.address();
  }

  /**
   * The path the scrape is served on.
   *
   * @return the path, starting with {@code /}
   */
  public String path() {
    return path;
  }

  /**
   * Stops the server without waiting; the returned Mono completes once it has stopped.
   *
   * @return a Mono that completes when the server has stopped
   */
  public Mono<Void> closeAsync() {
    return Mono.defer(
        () -> {
          server.dispose();
          return server.onDispose();
        });
  }

  /** Stops the server and waits (up to 10 seconds) until it has. Blocks: not for event loops. */
  @Override
  public void close() {
    server.disposeNow(STOP_TIMEOUT);
  }

  @Override
  public String toString() {
    return "PrometheusEndpoint[" + address() + path + "]";
  }

  /** Configures and starts a {@link PrometheusEndpoint}. Not thread-safe; validates eagerly. */
  public static final class Builder {
    private final PrometheusMeterRegistry registry;
    private String host = "127.0.0.1";
    private int port = 9464;
    private String path = "/metrics";
    private Scheduler scrapeScheduler = Schedulers.boundedElastic();

    private Builder(PrometheusMeterRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * The address to listen on, default {@code 127.0.0.1} (local scrapers only); use {@code
     * 0.0.0.0} to let a remote Prometheus scrape.
     *
     * @param host a host name or address, not blank
     * @return this builder
     */
    public Builder host(String host) {
      Objects.requireNonNull(host, "host");
      if (host.isBlank()) {
        throw new IllegalArgumentException("host must not be blank");
      }
      this.host = host;
      return this;
    }

    /**
     * The port to listen on, default 9464; 0 picks a free port (see {@link #address()}).
     *
     * @param port 0 to 65535
     * @return this builder
     */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be in 0..65535, was " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * The path to serve, default {@code /metrics}; must start with {@code /}.
     *
     * @param path the path, starting with {@code /}
     * @return this builder
     */
    public Builder path(String path) {
      Objects.requireNonNull(path, "path");
      if (!path.startsWith("/")) {
        throw new IllegalArgumentException("path must start with '/', was '" + path + "'");
      }
      this.path = path;
      return this;
    }

    /**
     * Where scrapes run, default {@link Schedulers#boundedElastic()}; must tolerate blocking.
     *
     * @param scheduler the scheduler scrapes run on
     * @return this builder
     */
    public Builder scrapeScheduler(Scheduler scheduler) {
      this.scrapeScheduler = Objects.requireNonNull(scheduler, "scheduler");
      return this;
    }

    /**
     * Starts the server; the Mono emits the endpoint once it is listening.
     *
     * @return a Mono of the listening endpoint
     */
    public Mono<PrometheusEndpoint> bind() {
      String servedPath = path;
      return server().bind().map(s -> new PrometheusEndpoint(s, servedPath));
    }

    /**
     * Starts the server and waits until it is listening. Blocks: not for event loops.
     *
     * @return the listening endpoint
     */
    public PrometheusEndpoint bindNow() {
      return new PrometheusEndpoint(server().bindNow(), path);
    }

    private HttpServer server() {
      PrometheusMeterRegistry source = registry;
      Scheduler scheduler = scrapeScheduler;
      String servedPath = path;
      String alias =
          servedPath.endsWith("/")
              ? servedPath.substring(0, servedPath.length() - 1)
              : servedPath + "/";
      return HttpServer.create()
          .host(host)
          .port(port)
          .route(
              routes -> {
                for (String p :
                    alias.isEmpty()
                        ? new String[] {servedPath}
                        : new String[] {servedPath, alias}) {
                  routes
                      .get(p, (request, response) -> serve(response, source, scheduler, true))
                      .head(p, (request, response) -> serve(response, source, scheduler, false));
                }
              });
    }

    /** The scrape with its headers; for HEAD the same headers, Content-Length included, alone. */
    private static Publisher<Void> serve(
        HttpServerResponse response,
        PrometheusMeterRegistry registry,
        Scheduler scheduler,
        boolean withBody) {
      return Mono.fromCallable(() -> registry.scrape().getBytes(StandardCharsets.UTF_8))
          .subscribeOn(scheduler)
          .flatMap(
              bytes -> {
                HttpServerResponse r =
                    response
                        .header(HttpHeaderNames.CONTENT_TYPE, CONTENT_TYPE)
                        .header(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                        .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(bytes.length));
                return withBody ? r.sendByteArray(Mono.just(bytes)).then() : r.send().then();
              });
    }
  }
}
