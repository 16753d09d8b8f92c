package io.github.reactiverobots.netty;

import io.github.reactiverobots.netty.testing.TestResolver;
import io.netty.channel.ChannelOption;
import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.server.HttpServer;
import reactor.netty.tcp.SslProvider;
import reactor.netty.tcp.TcpServer;

/**
 * One loopback server per ordinary way a site fails, each named by the failure it shows: an
 * untrusted certificate, TLS to a plain HTTP port, a reply that is not HTTP, a header over 16 KiB,
 * a close without a response, a body cut short by a close or a reset, a server that never answers
 * (read timeout), a reset; and origins that fail before any server: a name that does not resolve
 * and a refused port. A healthy origin is the control, with two that answer well and then close or
 * reset the kept-alive connection while it is idle. Every origin is a {@code *.test} name (see
 * {@link TestResolver}) except the unresolvable one.
 */
final class MisbehavingServers implements AutoCloseable {
  private final List<DisposableServer> servers = new ArrayList<>();
  private final Map<String, String> origins = new LinkedHashMap<>();

  MisbehavingServers() {
    try {
      X509Bundle cert =
          new CertificateBuilder()
              .subject("CN=untrusted.test")
              .addSanDnsName("untrusted.test")
              .setIsCertificateAuthority(true)
              .algorithm(CertificateBuilder.Algorithm.ecp256)
              .buildSelfSigned();
      Http11SslContextSpec tls = Http11SslContextSpec.forServer(cert.toKeyManagerFactory());
      add(
          "untrusted-certificate",
          "https://untrusted.test:",
          HttpServer.create()
              .secure(spec -> spec.sslContext((SslProvider.GenericSslContextSpec<?>) tls))
              .host("127.0.0.1")
              .port(0)
              .handle((req, res) -> res.sendString(Mono.just("User-agent: *\n")).then())
              .bindNow());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    DisposableServer plain =
        HttpServer.create()
            .host("127.0.0.1")
            .port(0)
            .handle((req, res) -> res.sendString(Mono.just("User-agent: *\n")).then())
            .bindNow();
    servers.add(plain);
    origins.put("healthy", "http://healthy.test:" + plain.port());
    origins.put("tls-to-plain-http", "https://plain.test:" + plain.port());
    add(
        "not-http",
        "http://nothttp.test:",
        raw(false, "SSH-2.0-OpenSSH_9.6\r\n\u0000\u0001\u0002 garbage\r\n\r\n"));
    add(
        "header-over-16-kib",
        "http://bigheader.test:",
        raw(
            false,
            "HTTP/1.1 200 OK\r\nX-Padding: "
                + "p".repeat(20_000)
                + "\r\nContent-Length: 0\r\n\r\n"));
    String whole = "HTTP/1.1 200 OK\r\nContent-Length: 14\r\n\r\nUser-agent: *\n";
    add("idle-close", "http://idleclose.test:", raw(false, whole));
    add("idle-reset", "http://idlereset.test:", raw(true, whole));
    add("premature-close", "http://close.test:", raw(false, ""));
    String partial = "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + "x".repeat(1000);
    add("body-cut-short", "http://cut.test:", raw(false, partial));
    add("reset-during-body", "http://resetbody.test:", raw(true, partial));
    add("reset", "http://reset.test:", raw(true, ""));
    add(
        "read-timeout",
        "http://silent.test:",
        TcpServer.create()
            .host("127.0.0.1")
            .port(0)
            .handle((in, out) -> in.receive().then(Mono.never()))
            .bindNow());
    DisposableServer closed = TcpServer.create().host("127.0.0.1").port(0).bindNow();
    origins.put("refused", "http://refused.test:" + closed.port());
    closed.disposeNow();
    origins.put("dns", "http://nowhere.invalid");
  }

  /** Failure name to origin, in a fixed order, the healthy control first. */
  Map<String, String> origins() {
    return origins;
  }

  private void add(String name, String prefix, DisposableServer server) {
    servers.add(server);
    origins.put(name, prefix + server.port());
  }

  /**
   * A TCP server that reads the request, writes {@code reply} (if any) and closes: gracefully, or
   * with a reset (SO_LINGER 0).
   */
  private static DisposableServer raw(boolean reset, String reply) {
    TcpServer server = TcpServer.create().host("127.0.0.1").port(0);
    if (reset) {
      server = server.childOption(ChannelOption.SO_LINGER, 0);
    }
    byte[] bytes = reply.getBytes(StandardCharsets.ISO_8859_1);
    return server
        .handle(
            (in, out) ->
                in.receive()
                    .take(1)
                    .then(
                        bytes.length == 0
                            ? Mono.empty()
                            : out.sendByteArray(Mono.just(bytes)).then()))
        .bindNow();
  }

  @Override
  public void close() {
    servers.forEach(DisposableServer::disposeNow);
  }
}
