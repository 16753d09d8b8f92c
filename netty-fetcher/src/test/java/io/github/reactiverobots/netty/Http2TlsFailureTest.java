package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;
import reactor.netty.tcp.SslProvider;
import reactor.netty.tcp.TcpServer;

/**
 * A TLS failure is {@code TLS} on every attempt, with HTTP/2 offered as with HTTP/1.1: two fetches
 * in a row of each failing origin, each {@code TLS}, none waiting for its deadline. The client
 * trusts a test CA made here; the servers present a self-signed certificate, a certificate of the
 * CA that has expired, or no TLS at all (a plain HTTP port), and one completes the handshake and
 * closes before a byte of HTTP/2. A server with a valid certificate of the CA is the control. Each
 * fetch's elapsed time is printed (for the record, not asserted).
 */
class Http2TlsFailureTest extends FetcherTestSupport {
  private static final Map<String, String> PROTOCOLS = new ConcurrentHashMap<>();
  private static final List<AutoCloseable> SERVERS = new ArrayList<>();
  private static X509Bundle ca;
  private static final Map<String, Integer> PORTS = new ConcurrentHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    ca =
        new CertificateBuilder()
            .subject("CN=reactive-robots test CA")
            .setIsCertificateAuthority(true)
            .algorithm(CertificateBuilder.Algorithm.ecp256)
            .buildSelfSigned();
    X509Bundle valid = leaf("valid.test").buildIssuedBy(ca);
    Instant now = Instant.now();
    X509Bundle expired =
        leaf("expired.test")
            .notBefore(now.minus(30, ChronoUnit.DAYS))
            .notAfter(now.minus(1, ChronoUnit.DAYS))
            .buildIssuedBy(ca);
    X509Bundle selfSigned =
        leaf("self-signed.test").setIsCertificateAuthority(true).buildSelfSigned();
    https("valid", valid);
    https("expired", expired);
    https("self-signed", selfSigned);
    TestServer plain = TestServer.start((req, res) -> res.sendString(Mono.just(ROBOTS)).then());
    SERVERS.add(plain);
    PORTS.put("plain-port", plain.port());
    Http2SslContextSpec h2 = Http2SslContextSpec.forServer(valid.toKeyManagerFactory());
    DisposableServer silent =
        TcpServer.create()
            .host("127.0.0.1")
            .port(0)
            .secure(spec -> spec.sslContext((SslProvider.GenericSslContextSpec<?>) h2))
            .handle((in, out) -> Mono.empty())
            .bindNow();
    SERVERS.add(silent::disposeNow);
    PORTS.put("closes-after-handshake", silent.port());
    DisposableServer closing =
        TcpServer.create()
            .host("127.0.0.1")
            .port(0)
            .doOnConnection(connection -> connection.dispose())
            .bindNow();
    SERVERS.add(closing::disposeNow);
    PORTS.put("closes-during-handshake", closing.port());
  }

  private static CertificateBuilder leaf(String host) {
    return new CertificateBuilder()
        .subject("CN=" + host)
        .addSanDnsName(host)
        .algorithm(CertificateBuilder.Algorithm.ecp256);
  }

  private static void https(String name, X509Bundle cert) throws Exception {
    Http2SslContextSpec spec = Http2SslContextSpec.forServer(cert.toKeyManagerFactory());
    TestServer server =
        TestServer.start(
            HttpServer.create()
                .protocol(HttpProtocol.H2, HttpProtocol.HTTP11)
                .secure(ssl -> ssl.sslContext(spec)),
            (req, res) -> {
              PROTOCOLS.put(name, req.protocol());
              return res.sendString(Mono.just(ROBOTS)).then();
            });
    SERVERS.add(server);
    PORTS.put(name, server.port());
  }

  @AfterAll
  static void stop() throws Exception {
    for (AutoCloseable server : SERVERS) {
      server.close();
    }
  }

  private NettyRobotsFetcher fetcher(boolean http2) throws Exception {
    return fetcher(fetcherBuilder().http2(http2).trustManager(ca.toTrustManagerFactory()));
  }

  @ParameterizedTest(name = "{0}, HTTP/2 offered: {1}")
  @CsvSource({
    "self-signed, true, self-signed.test, TLS, unable to find valid certification path",
    "self-signed, false, self-signed.test, TLS, unable to find valid certification path",
    "expired, true, expired.test, TLS, validity check failed",
    "expired, false, expired.test, TLS, validity check failed",
    "plain-port, true, plain-port.test, TLS, not an SSL/TLS record",
    "plain-port, false, plain-port.test, TLS, not an SSL/TLS record",
    "closes-during-handshake, true, valid.test, RESET, ''",
    "closes-during-handshake, false, valid.test, RESET, ''",
    "closes-after-handshake, true, valid.test, RESET, connection closed before the response",
  })
  void aFailedConnectionFailsTheSameWayOnEveryAttempt(
      String server, boolean http2, String host, FailureKind kind, String cause) throws Exception {
    NettyRobotsFetcher f = fetcher(http2);
    String origin = "https://" + host + ":" + PORTS.get(server);
    List<String> times = new ArrayList<>();
    for (int attempt = 1; attempt <= 2; attempt++) {
      FetchResult r = fetch(f, origin);
      assertThat(r.failure()).as("attempt %d: %s", attempt, r.failureDetail()).isEqualTo(kind);
      assertThat(r.failureDetail()).contains(cause);
      times.add(r.elapsed().toMillis() + " ms");
    }
    System.out.println("TIMES " + server + " http2=" + http2 + " " + kind + " twice: " + times);
  }

  @ParameterizedTest(name = "HTTP/2 offered: {0}")
  @ValueSource(booleans = {true, false})
  void aValidCertificateOfTheCaIsAnsweredOnEveryAttempt(boolean http2) throws Exception {
    NettyRobotsFetcher f = fetcher(http2);
    String origin = "https://valid.test:" + PORTS.get("valid");
    for (int attempt = 1; attempt <= 2; attempt++) {
      FetchResult r = fetch(f, origin);
      assertThat(r.status()).as("attempt %d: %s", attempt, r.failureDetail()).isEqualTo(200);
      assertThat(text(r)).isEqualTo(ROBOTS);
      assertThat(PROTOCOLS.get("valid")).isEqualTo(http2 ? "HTTP/2.0" : "HTTP/1.1");
    }
  }
}
