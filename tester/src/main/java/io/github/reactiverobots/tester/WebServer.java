package io.github.reactiverobots.tester;

import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The tester's web page on reactor-netty: static assets from the jar, loaded once at start, and
 * three JSON endpoints ({@code /api/analyze}, {@code /api/diff}, {@code /api/live}) taking
 * form-encoded POSTs. Requests larger than {@link #MAX_BODY} are refused; a request whose Host
 * header is not the server's own (DNS rebinding) or that lacks the page's own header (a cross-site
 * form) is refused. Live fetches refuse non-public addresses unless {@code allowPrivate}.
 */
final class WebServer implements AutoCloseable {
  /** The largest request body accepted: two versions of a file at the parse limit, encoded. */
  static final int MAX_BODY = 4 * 1024 * 1024;

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
  private final DisposableServer server;

  private WebServer(String host, int port, LiveFetch.Settings live) {
    this.assets = loadAssets();
    this.live = live;
    this.server =
        HttpServer.create()
            .host(host)
            .port(port)
            .httpRequestDecoder(spec -> spec.maxInitialLineLength(8192).maxHeaderSize(16384))
            .idleTimeout(Duration.ofSeconds(60))
            .handle(this::handle)
            .bindNow();
  }

  /**
   * Starts a server.
   *
   * @param host the address to bind (127.0.0.1 by default)
   * @param port the port, 0 for any free one
   * @param resolves name mappings for live fetches
   * @param allowPrivate whether live fetches may connect to non-public addresses
   */
  static WebServer start(String host, int port, Resolves resolves, boolean allowPrivate) {
    return new WebServer(
        host,
        port,
        new LiveFetch.Settings(
            resolves,
            allowPrivate ? AddressPolicy.permitAll() : AddressPolicy.publicOnly(),
            b -> b.deadline(Duration.ofSeconds(30))));
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
          case "/api/diff" -> form -> cpu(() -> Api.diff(form));
          case "/api/live" -> this::live;
          default -> null;
        };
    if (api == null) {
      return text(res, HttpResponseStatus.NOT_FOUND, "not found");
    }
    long declared = req.requestHeaders().getInt(HttpHeaderNames.CONTENT_LENGTH, 0);
    if (declared > MAX_BODY) {
      return json(
          res,
          HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
          error("request larger than " + MAX_BODY + " bytes"));
    }
    return req.receive()
        .aggregate()
        .asString(StandardCharsets.UTF_8)
        .defaultIfEmpty("")
        .map(body -> new QueryStringDecoder(body, StandardCharsets.UTF_8, false, 64).parameters())
        .flatMap(api)
        .flatMap(body -> json(res, HttpResponseStatus.OK, body))
        .onErrorResume(
            e ->
                json(
                    res,
                    HttpResponseStatus.BAD_REQUEST,
                    error(e.getMessage() == null ? e.toString() : e.getMessage())));
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
    if (r.fetched() != null && r.fetched().hasStatus()) {
      byte[] bytes = r.fetched().bodyBytes();
      body = new String(bytes, 0, Math.min(bytes.length, r.parseLimit()), StandardCharsets.UTF_8);
    }
    return new Json()
        .begin()
        .field("allowed", r.verdict().allowed())
        .strings("lines", r.lines())
        .field("body", body)
        .field(
            "hasBody",
            r.fetched() != null && r.fetched().hasStatus() && r.state().failure() == null)
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
