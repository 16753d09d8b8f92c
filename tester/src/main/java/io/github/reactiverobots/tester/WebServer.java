package io.github.reactiverobots.tester;

import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.NettyRobotsFetcherBuilder;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.netty.channel.ChannelException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.ChannelBindException;
import reactor.netty.DisposableServer;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.AbortedException;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The tester's web page on reactor-netty: static assets from the jar, loaded once at start, and
 * four JSON endpoints ({@code /api/analyze}, {@code /api/check}, {@code /api/diff}, {@code
 * /api/live}) taking form-encoded POSTs. What it reads and writes is bounded ({@link Limits}): a
 * request body is counted as it arrives, whatever its framing, and refused with 413 past {@link
 * Limits#maxBody()} (at once when its declared length is over); a body not complete within {@link
 * Limits#readTimeout()} of its headers is answered 408 and the connection closed; answers are
 * bounded by {@link Api}. A request the HTTP decoder cannot read is answered by {@link
 * MalformedRequests} and logged on the console at most once a minute. A request whose Host header
 * is not the server's own (DNS rebinding) or that lacks the page's own header (a cross-site form)
 * is refused. Live fetches refuse non-public addresses unless {@code allowPrivate}.
 */
final class WebServer implements AutoCloseable {
  /**
   * What the server accepts.
   *
   * @param maxBody the largest request body, in bytes
   * @param readTimeout how long a request's body may take to arrive once its headers are in
   */
  record Limits(int maxBody, Duration readTimeout) {
    /** Two versions of a file at the parse limit, encoded, in 30 s. */
    static final Limits DEFAULT = new Limits(4 * 1024 * 1024, Duration.ofSeconds(30));
  }

  /** The shortest time between two console lines about malformed requests. */
  static final Duration LOG_PERIOD = Duration.ofMinutes(1);

  private static final String CSP =
      "default-src 'none'; script-src 'self'; style-src 'self';"
          + " img-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none';"
          + " base-uri 'none'";
  private static final Map<String, String> ASSETS =
      Map.of(
          "/",
          "index.html",
          "/index.html",
          "index.html",
          "/app.js",
          "app.js",
          "/app.css",
          "app.css");

  private final Map<String, byte[]> assets;
  private final LiveFetch.Settings live;
  private final Limits limits;
  private final ThrottledLog malformed;
  private final DisposableServer server;

  private WebServer(
      String host, int port, LiveFetch.Settings live, Limits limits, Consumer<String> console) {
    this.assets = loadAssets();
    this.live = live;
    this.limits = limits;
    this.malformed =
        new ThrottledLog(
            LOG_PERIOD,
            System::nanoTime,
            line -> Schedulers.boundedElastic().schedule(() -> console.accept(line)));
    MalformedRequests guard = new MalformedRequests(malformed);
    this.server =
        HttpServer.create()
            .host(host)
            .port(port)
            .httpRequestDecoder(spec -> spec.maxInitialLineLength(8192).maxHeaderSize(16384))
            .idleTimeout(Duration.ofSeconds(60))
            .doOnChannelInit(
                (observer, channel, remote) -> {
                  if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                    channel.pipeline().addAfter(NettyPipeline.HttpCodec, "malformed", guard);
                  }
                })
            .handle(this::handle)
            .bindNow();
  }

  /**
   * Starts a server with the default limits and a silent console (the tests').
   *
   * @param host the address to bind (127.0.0.1 by default)
   * @param port the port, 0 for any free one
   * @param resolves name mappings for live fetches
   * @param allowPrivate whether live fetches may connect to non-public addresses
   */
  static WebServer start(String host, int port, Resolves resolves, boolean allowPrivate) {
    return start(
        host,
        port,
        liveSettings(resolves, allowPrivate, UnaryOperator.identity()),
        Limits.DEFAULT,
        line -> {});
  }

  /**
   * Starts a server.
   *
   * @param host the address to bind
   * @param port the port, 0 for any free one
   * @param live how live fetches are made
   * @param limits what the server accepts
   * @param console where the server's own lines go (malformed requests, at most once a minute)
   * @throws IllegalStateException naming {@code --port} or {@code --bind} when the port is taken or
   *     the address cannot be bound
   */
  static WebServer start(
      String host, int port, LiveFetch.Settings live, Limits limits, Consumer<String> console) {
    try {
      return new WebServer(host, port, live, limits, console);
    } catch (ChannelBindException e) {
      String why = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
      throw new IllegalStateException(
          "cannot listen on "
              + host
              + ":"
              + port
              + ": "
              + why
              + " (choose another port with --port, 0 for any free one, or another address"
              + " with --bind)",
          e);
    }
  }

  /** Live fetches as the page makes them: a 30 s deadline, public addresses unless allowed. */
  static LiveFetch.Settings liveSettings(
      Resolves resolves, boolean allowPrivate, UnaryOperator<NettyRobotsFetcherBuilder> configure) {
    return new LiveFetch.Settings(
        resolves,
        allowPrivate ? AddressPolicy.permitAll() : AddressPolicy.publicOnly(),
        b -> configure.apply(b).deadline(Duration.ofSeconds(30)));
  }

  int port() {
    return server.port();
  }

  String url() {
    return "http://" + server.host() + ":" + server.port() + "/";
  }

  Mono<Void> onDispose() {
    return server.onDispose();
  }

  /** How many malformed requests were refused, logged or not. */
  long malformedRequests() {
    return malformed.events();
  }

  @Override
  public void close() {
    server.disposeNow();
  }

  private Mono<Void> handle(HttpServerRequest req, HttpServerResponse res) {
    if (!ownHost(req.requestHeaders().get(HttpHeaderNames.HOST))) {
      return text(res, HttpResponseStatus.MISDIRECTED_REQUEST, "unknown host");
    }
    String path = new QueryStringDecoder(req.uri()).path();
    if (req.method().name().equals("GET") && ASSETS.containsKey(path)) {
      String name = ASSETS.get(path);
      return send(res, HttpResponseStatus.OK, type(name), assets.get(name));
    }
    if (!req.method().name().equals("POST") || !path.startsWith("/api/")) {
      return text(res, HttpResponseStatus.NOT_FOUND, "not found");
    }
    if (!"1".equals(req.requestHeaders().get("X-Robots-Tester"))) {
      return text(res, HttpResponseStatus.FORBIDDEN, "missing X-Robots-Tester header");
    }
    Function<Map<String, List<String>>, Mono<String>> api =
        switch (path) {
          case "/api/analyze" -> form -> cpu(() -> Api.analyze(form));
          case "/api/check" -> form -> cpu(() -> Api.check(form));
          case "/api/diff" -> form -> cpu(() -> Api.diff(form));
          case "/api/live" -> this::live;
          default -> null;
        };
    if (api == null) {
      return text(res, HttpResponseStatus.NOT_FOUND, "not found");
    }
    if (declaredLength(req) > limits.maxBody()) {
      return tooLarge(res);
    }
    return body(req, limits.maxBody())
        .timeout(limits.readTimeout())
        .map(body -> new QueryStringDecoder(body, StandardCharsets.UTF_8, false, 64).parameters())
        .flatMap(api)
        .flatMap(body -> json(res, HttpResponseStatus.OK, body))
        .onErrorResume(e -> failed(res, e));
  }

  /** The declared Content-Length; 0 when there is none (the codec refuses a malformed one). */
  private static long declaredLength(HttpServerRequest req) {
    String value = req.requestHeaders().get(HttpHeaderNames.CONTENT_LENGTH);
    if (value == null) {
      return 0;
    }
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }

  /** The body as text, its bytes counted as they arrive: past {@code max}, {@link TooLarge}. */
  private static Mono<String> body(HttpServerRequest req, int max) {
    return req.receive()
        .reduceWith(
            ByteArrayOutputStream::new,
            (out, buf) -> {
              int n = buf.readableBytes();
              if (n > max - out.size()) {
                throw new TooLarge();
              }
              byte[] chunk = new byte[n];
              buf.readBytes(chunk);
              out.writeBytes(chunk);
              return out;
            })
        .map(out -> out.toString(StandardCharsets.UTF_8));
  }

  /** A body past the cap: no stack trace, it is the client's doing. */
  private static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge() {
      super("request body too large", null, false, false);
    }
  }

  private Mono<Void> tooLarge(HttpServerResponse res) {
    return json(
        res.keepAlive(false),
        HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
        error("request larger than " + limits.maxBody() + " bytes"));
  }

  /**
   * The answer to a request that failed: 413 past the body cap, 400 for input the user must
   * correct, nothing when the connection is gone (a body that never came, a client that left), 500
   * otherwise.
   */
  private Mono<Void> failed(HttpServerResponse res, Throwable e) {
    if (e instanceof TooLarge) {
      return tooLarge(res);
    }
    if (e instanceof TimeoutException) {
      return json(
          res.keepAlive(false),
          HttpResponseStatus.REQUEST_TIMEOUT,
          error(
              "the request body did not arrive within " + limits.readTimeout().toSeconds() + " s"));
    }
    if (e instanceof ChannelException
        || e instanceof IOException
        || e instanceof AbortedException) {
      return Mono.empty();
    }
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    return e instanceof IllegalArgumentException || e instanceof Api.BadInput
        ? json(res, HttpResponseStatus.BAD_REQUEST, error(message))
        : json(res, HttpResponseStatus.INTERNAL_SERVER_ERROR, error("internal error: " + message));
  }

  private Mono<String> live(Map<String, List<String>> form) {
    String url = Api.field(form, "url");
    String agent = Api.field(form, "agent");
    Profile profile = Api.profiles(Api.field(form, "profile")).get(0);
    return LiveFetch.run(url, agent.isEmpty() ? "robots-tester" : agent, profile, live)
        .map(WebServer::liveJson);
  }

  private static String liveJson(LiveFetch.Report r) {
    String body = "";
    if (r.hasBody()) {
      byte[] bytes = r.fetched().bodyBytes();
      body = new String(bytes, 0, Math.min(bytes.length, r.parseLimit()), StandardCharsets.UTF_8);
    }
    return r.json(new Json().begin())
        .strings("lines", r.lines())
        .field("body", body)
        .field("hasBody", r.hasBody() && r.state().failure() == null)
        .end()
        .toString();
  }

  private static Mono<String> cpu(java.util.concurrent.Callable<String> work) {
    return Mono.fromCallable(work).subscribeOn(Schedulers.parallel());
  }

  private boolean ownHost(String host) {
    if (host == null || server == null) {
      return false;
    }
    int port = server.port();
    return host.equals("127.0.0.1:" + port)
        || host.equals("localhost:" + port)
        || host.equals("[::1]:" + port)
        || host.equals(server.host() + ":" + port);
  }

  private static String error(String message) {
    return new Json().begin().field("error", Text.printable(message)).end().toString();
  }

  private static Mono<Void> json(HttpServerResponse res, HttpResponseStatus status, String body) {
    return send(
        res, status, "application/json; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }

  private static Mono<Void> text(HttpServerResponse res, HttpResponseStatus status, String s) {
    return send(res, status, "text/plain; charset=utf-8", s.getBytes(StandardCharsets.UTF_8));
  }

  private static Mono<Void> send(
      HttpServerResponse res, HttpResponseStatus status, String type, byte[] body) {
    return res.status(status)
        .header(HttpHeaderNames.CONTENT_TYPE, type)
        .header("Content-Security-Policy", CSP)
        .header("X-Content-Type-Options", "nosniff")
        .header("Referrer-Policy", "no-referrer")
        .header(HttpHeaderNames.CACHE_CONTROL, "no-store")
        .sendByteArray(Mono.just(body))
        .then();
  }

  private static String type(String name) {
    if (name.endsWith(".js")) {
      return "text/javascript; charset=utf-8";
    }
    return name.endsWith(".css") ? "text/css; charset=utf-8" : "text/html; charset=utf-8";
  }

  private static Map<String, byte[]> loadAssets() {
    Map<String, byte[]> out = new java.util.HashMap<>();
    for (String name : List.of("index.html", "app.js", "app.css")) {
      try (InputStream in = WebServer.class.getResourceAsStream("web/" + name)) {
        if (in == null) {
          throw new IllegalStateException("asset missing from the jar: " + name);
        }
        out.put(name, in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return Map.copyOf(out);
  }
}
