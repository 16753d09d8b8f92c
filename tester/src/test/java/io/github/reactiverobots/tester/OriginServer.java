package io.github.reactiverobots.tester;

import io.netty.pkitesting.X509Bundle;
import java.util.function.BiFunction;
import org.reactivestreams.Publisher;
import reactor.netty.DisposableServer;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** A site's server for one test: reactor-netty on 127.0.0.1 and an ephemeral port. */
final class OriginServer implements AutoCloseable {
  private final DisposableServer server;

  private OriginServer(DisposableServer server) {
    this.server = server;
  }

  static OriginServer start(
      BiFunction<? super HttpServerRequest, ? super HttpServerResponse, ? extends Publisher<Void>>
          handler) {
    return new OriginServer(
        HttpServer.create().host("127.0.0.1").port(0).handle(handler).bindNow());
  }

  /** A TLS server presenting {@code certificate} (its chain and key), HTTP/1.1. */
  static OriginServer startTls(
      X509Bundle certificate,
      BiFunction<? super HttpServerRequest, ? super HttpServerResponse, ? extends Publisher<Void>>
          handler)
      throws Exception {
    Http11SslContextSpec spec = Http11SslContextSpec.forServer(certificate.toKeyManagerFactory());
    return new OriginServer(
        HttpServer.create()
            .host("127.0.0.1")
            .port(0)
            .secure(ssl -> ssl.sslContext(spec))
            .handle(handler)
            .bindNow());
  }

  int port() {
    return server.port();
  }

  /** The {@code --resolve} mapping of {@code host} on this server's port to 127.0.0.1. */
  String resolve(String host) {
    return host + ":" + port() + ":127.0.0.1";
  }

  @Override
  public void close() {
    server.disposeNow();
  }
}
