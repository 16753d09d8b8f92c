package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.tcp.TcpClient;
import reactor.netty.tcp.TcpServer;

/** Requests go through an HTTP (CONNECT) proxy when one is configured. */
class ProxyTest extends FetcherTestSupport {

  /**
   * A minimal CONNECT proxy on 127.0.0.1: it records each target and tunnels to 127.0.0.1 at the
   * requested port, whatever the host name (every test name lives on loopback).
   */
  private static DisposableServer connectProxy(List<String> targets) {
    return TcpServer.create()
        .host("127.0.0.1")
        .port(0)
        .handle(
            (in, out) ->
                in.receive()
                    .retain()
                    .switchOnFirst(
                        (first, rest) -> {
                          ByteBuf head = first.get();
                          if (head == null) {
                            return rest.then();
                          }
                          String request = head.toString(StandardCharsets.US_ASCII);
                          head.release();
                          String target = request.split(" ", 3)[1];
                          targets.add(request.substring(0, request.indexOf('\r')));
                          int port =
                              Integer.parseInt(target.substring(target.lastIndexOf(':') + 1));
                          return TcpClient.newConnection()
                              .host("127.0.0.1")
                              .port(port)
                              .connect()
                              .flatMap(
                                  upstream ->
                                      out.sendString(
                                              Mono.just(
                                                  "HTTP/1.1 200 Connection established\r\n\r\n"))
                                          .then()
                                          .then(
                                              Mono.when(
                                                  upstream.outbound().send(rest.skip(1)).then(),
                                                  out.send(upstream.inbound().receive().retain())
                                                      .then()))
                                          .doFinally(s -> upstream.dispose()));
                        })
                    .then())
        .bindNow();
  }

  @Test
  void requestsGoThroughTheHttpProxy() {
    List<String> targets = new CopyOnWriteArrayList<>();
    DisposableServer proxy = connectProxy(targets);
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(ROBOTS)).then())) {
      NettyRobotsFetcher f =
          fetcher(
              NettyRobotsFetcher.builder().userAgent(AGENT).httpProxy("127.0.0.1", proxy.port()));
      FetchResult r = fetch(f, s.origin("proxied"));
      assertThat(r.status()).isEqualTo(200);
      assertThat(text(r)).isEqualTo(ROBOTS);
      // The name went to the proxy unresolved: no resolver was needed on this side.
      assertThat(targets).containsExactly("CONNECT proxied.test:" + s.port() + " HTTP/1.1");
    } finally {
      proxy.disposeNow();
    }
  }

  @Test
  void aProxyThatIsDownIsAFailureNotADirectConnection() {
    int deadPort = refusingPort();
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(ROBOTS)).then())) {
      NettyRobotsFetcher f =
          fetcher(NettyRobotsFetcher.builder().userAgent(AGENT).httpProxy("127.0.0.1", deadPort));
      FetchResult r = fetch(f, s.origin("proxied"));
      assertThat(r.hasStatus()).isFalse();
      assertThat(r.failure()).isEqualTo(FailureKind.CONNECT);
    }
  }
}
