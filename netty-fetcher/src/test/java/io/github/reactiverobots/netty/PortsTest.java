package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import java.net.InetAddress;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * Every port reaches the right socket address and the resolver sees the host alone: reactor-netty
 * would take {@code a.test:1} for the host of {@code http://a.test:1/} from a String URI.
 */
class PortsTest extends FetcherTestSupport {
  /** A loopback address of its own, so that low ports are free on it. */
  private static final byte[] ADDRESS = {127, 24, 0, 1};

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 65535})
  void everyPortReachesItsServerAndTheResolverSeesOnlyTheHost(int port) throws Exception {
    Queue<String> asked = new ConcurrentLinkedQueue<>();
    InetAddress loopback = InetAddress.getByAddress(ADDRESS);
    NettyRobotsFetcher f =
        fetcher(
            NettyRobotsFetcher.builder()
                .userAgent(AGENT)
                .addressPolicy(AddressPolicy.permitAll())
                .resolver(
                    host -> {
                      asked.add(host);
                      return List.of(loopback);
                    }));
    String[] hostHeader = new String[1];
    DisposableServer server = bind(port, hostHeader);
    try {
      FetchResult r = fetch(f, "http://p" + port + ".test:" + port);
      assertThat(asked).containsOnly("p" + port + ".test");
      if (server != null) {
        assertThat(r.status()).as(String.valueOf(r.failureDetail())).isEqualTo(200);
        assertThat(hostHeader[0]).isEqualTo("p" + port + ".test:" + port);
      } else {
        // Low ports need privileges to bind: then the connection is refused at that very port.
        assertThat(r.failure()).as(r.failureDetail()).isEqualTo(FailureKind.CONNECT);
        assertThat(r.failureDetail()).contains(":" + port);
      }
      FetchResult literal = fetch(f, "http://127.24.0.1:" + port);
      assertThat(asked).as("an IP literal is never looked up").hasSize(1);
      assertThat(literal.hasStatus()).isEqualTo(server != null);
    } finally {
      if (server != null) {
        server.disposeNow();
      }
    }
  }

  private static DisposableServer bind(int port, String[] hostHeader) {
    try {
      return HttpServer.create()
          .host("127.24.0.1")
          .port(port)
          .handle(
              (req, res) -> {
                hostHeader[0] = req.requestHeaders().get("Host");
                return res.sendString(Mono.just("User-agent: *\nDisallow: /x\n")).then();
              })
          .bindNow();
    } catch (RuntimeException e) {
      return null;
    }
  }
}
