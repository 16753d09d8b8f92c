package io.github.reactiverobots.netty;

import java.util.function.BiFunction;
import org.reactivestreams.Publisher;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.Connection;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** A real reactor-netty HTTP server on 127.0.0.1 and an ephemeral port, for one test. */
final class TestServer implements AutoCloseable {
  final DisposableServer server;

  private TestServer(DisposableServer server) {
    this.server = server;
  }

  static TestServer start(
      BiFunction<? super HttpServerRequest, ? super HttpServerResponse, ? extends Publisher<Void>>
          handler) {
    return start(HttpServer.create(), handler);
  }

  static TestServer start(
      HttpServer base,
      BiFunction<? super HttpServerRequest, ? super HttpServerResponse, ? extends Publisher<Void>>
          handler) {
    return new TestServer(base.host("127.0.0.1").port(0).handle(handler).bindNow());
  }

  /**
   * A scheduler on the event loop of {@code response}'s connection, for timed server behaviour:
   * Netty's buffer allocator must not be used from Reactor's timer threads, where BlockHound
   * reports its internal lock.
   */
  static Scheduler loopOf(HttpServerResponse response) {
    return Schedulers.fromExecutor(((Connection) response).channel().eventLoop());
  }

  int port() {
    return server.port();
  }

  /** The NAME of the {@code NAME.test} origin {@code request} was sent to (its Host header). */
  static String originName(HttpServerRequest request) {
    String host = request.requestHeaders().get("Host");
    return host.substring(0, host.indexOf('.'));
  }

  /** {@code http://NAME.test:PORT} for this server. */
  String origin(String name) {
    return "http://" + name + ".test:" + port();
  }

  @Override
  public void close() {
    server.disposeNow();
  }
}
