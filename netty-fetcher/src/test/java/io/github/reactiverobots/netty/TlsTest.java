package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;
import reactor.netty.tcp.SslProvider;

/** TLS with a self-signed certificate: refused with the JDK trust store, accepted when trusted. */
class TlsTest extends FetcherTestSupport {
  private static final Map<String, String> PROTOCOLS = new ConcurrentHashMap<>();
  private static X509Bundle cert;
  private static TestServer https;
  private static TestServer h2;
  private static TestServer plain;

  @BeforeAll
  static void start() throws Exception {
    cert =
        new CertificateBuilder()
            .subject("CN=tls.test")
            .addSanDnsName("tls.test")
            .addSanDnsName("h2.test")
            .setIsCertificateAuthority(true)
            .algorithm(CertificateBuilder.Algorithm.ecp256)
            .buildSelfSigned();
    https =
        TestServer.start(
            HttpServer.create().secure(spec -> spec.sslContext(tryForServer())),
            (req, res) -> {
              PROTOCOLS.put("https", req.protocol());
              return res.sendString(Mono.just(ROBOTS)).then();
            });
    h2 =
        TestServer.start(
            HttpServer.create()
                .protocol(HttpProtocol.H2, HttpProtocol.HTTP11)
                .secure(spec -> spec.sslContext(tryForH2Server())),
            (req, res) -> {
              PROTOCOLS.put("h2", req.protocol());
              return res.sendString(Mono.just(ROBOTS)).then();
            });
    plain =
        TestServer.start(
            (req, res) ->
                res.status(301)
                    .header("Location", "https://tls.test:" + https.port() + "/robots.txt")
                    .send());
  }

  private static SslProvider.GenericSslContextSpec<?> tryForServer() {
    try {
      return Http11SslContextSpec.forServer(cert.toKeyManagerFactory());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static SslProvider.GenericSslContextSpec<?> tryForH2Server() {
    try {
      return Http2SslContextSpec.forServer(cert.toKeyManagerFactory());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @AfterAll
  static void stop() {
    https.close();
    h2.close();
    plain.close();
  }

  private static SslContext trusting() throws Exception {
    return SslContextBuilder.forClient().trustManager(cert.toTrustManagerFactory()).build();
  }

  @Test
  void aSelfSignedCertificateIsRefusedByDefault() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = "https://tls.test:" + https.port();
    FetchResult r = fetch(f, origin);
    assertThat(r.failure()).isEqualTo(FailureKind.TLS);
    Verdict v = verdict(f, origin + "/page");
    assertThat(v.allowed()).isFalse();
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
  }

  @Test
  void aCustomSslContextTrustingItIsAccepted() throws Exception {
    NettyRobotsFetcher f = fetcher(fetcherBuilder().sslContext(trusting()));
    String origin = "https://tls.test:" + https.port();
    FetchResult r = fetch(f, origin);
    assertThat(r.status()).isEqualTo(200);
    assertThat(text(r)).isEqualTo(ROBOTS);
    assertThat(PROTOCOLS.get("https")).isEqualTo("HTTP/1.1");
    Verdict v = verdict(f, origin + "/private");
    assertThat(v.allowed()).isFalse();
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
  }

  @Test
  void theHostNameIsVerifiedEvenWithACustomContext() throws Exception {
    FetchResult r =
        fetch(
            fetcher(fetcherBuilder().sslContext(trusting())), "https://other.test:" + https.port());
    assertThat(r.failure()).isEqualTo(FailureKind.TLS);
  }

  @Test
  void aRedirectFromHttpToHttpsIsFollowed() throws Exception {
    NettyRobotsFetcher f = fetcher(fetcherBuilder().sslContext(trusting()));
    FetchResult r = fetch(f, plain.origin("plain"));
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.hops()).containsExactly("https://tls.test:" + https.port() + "/robots.txt");
  }

  @Test
  void http2IsNegotiatedOverTlsWhenEnabled() throws Exception {
    NettyRobotsFetcher f =
        fetcher(fetcherBuilder().http2(true).trustManager(cert.toTrustManagerFactory()));
    FetchResult r = fetch(f, "https://h2.test:" + h2.port());
    assertThat(r.status()).isEqualTo(200);
    assertThat(text(r)).isEqualTo(ROBOTS);
    assertThat(PROTOCOLS.get("h2")).isEqualTo("HTTP/2.0");
    // The same fetcher still speaks HTTP/1.1 to a plain origin.
    assertThat(fetch(f, plain.origin("plain")).status()).isEqualTo(200);
  }
}
