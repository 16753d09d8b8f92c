package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.testing.Json;
import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;

/**
 * {@code live} through the real Netty fetcher against loopback origins, names mapped by {@code
 * --resolve} (no DNS is asked: every name used is mapped).
 */
class LiveCommandTest {
  private static final String AGENT = "TestBot";

  @Test
  void printsVerdictRulePacingStateSizeHeadersAndTimeKept() {
    try (OriginServer s =
        OriginServer.start(
            (req, res) ->
                res.header("Cache-Control", "max-age=7200")
                    .header("ETag", "\"v1\"")
                    .sendString(
                        Mono.just(
                            "User-agent: *\nCrawl-delay: 5\nRequest-rate: 1/10s\n"
                                + "Disallow: /private\nContent-Usage: / train-ai=n\n"))
                    .then())) {
      String site = "http://staging.example.com:" + s.port();
      TesterRun run =
          TesterRun.of(
              "",
              "live",
              site + "/private/x",
              "--agent",
              AGENT,
              "--resolve",
              s.resolve("staging.example.com"),
              "--allow-private");
      assertThat(run.status()).as(run.err()).isOne();
      assertThat(run.out())
          .contains("verdict\tDISALLOWED\ta disallow rule matches: disallowed\n")
          .contains("rule\tDisallow: /private (line 4)\n")
          .contains("pacing\tcrawl-delay=5s\trequest-rate=1/10s\n")
          .contains("origin\t" + site + "\toutcome=ok\tstatus=200\t")
          .contains("kept\t7200s\n")
          .contains("size\t")
          .contains("parse-limit=512000")
          .contains("header\tcache-control: max-age=7200\n")
          .contains("header\tetag: \"v1\"\n")
          .contains("content-usage train-ai=n/a (not fetchable)")
          .doesNotContain("failure");
    }
  }

  @Test
  void aBotChallengeIsShownAsSuchNotAsAnAllowAll() {
    try (OriginServer s =
        OriginServer.start(
            (req, res) ->
                res.status(403)
                    .header("cf-mitigated", "challenge")
                    .header("Content-Type", "text/html")
                    .sendString(Mono.just("<html><title>Just a moment...</title></html>"))
                    .then())) {
      String site = "http://walled.example.com:" + s.port();
      TesterRun run =
          TesterRun.of(
              "",
              "live",
              site + "/page",
              "--agent",
              AGENT,
              "--resolve",
              s.resolve("walled.example.com"),
              "--allow-private");
      assertThat(run.status()).as(run.err()).isOne();
      assertThat(run.out())
          .contains("verdict\tDISALLOWED\t")
          .contains("outcome=unreachable\tstatus=403\t")
          .contains("failure\tBOT_CHALLENGE\tmarker: cf-mitigated")
          .contains("bot challenge, not its robots.txt");
    }
  }

  @Test
  void aRedirectChainIsShown() {
    try (OriginServer s =
        OriginServer.start(
            (req, res) ->
                req.uri().equals("/robots.txt")
                    ? res.sendRedirect("/moved/robots.txt")
                    : res.sendString(Mono.just("User-agent: *\nDisallow: /\n")).then())) {
      String site = "http://old.example.com:" + s.port();
      TesterRun run =
          TesterRun.of(
              "",
              "live",
              site + "/x",
              "--agent",
              AGENT,
              "--resolve",
              s.resolve("old.example.com"),
              "--allow-private");
      assertThat(run.out())
          .contains("redirects\t")
          .contains("/moved/robots.txt")
          .contains("verdict\tDISALLOWED");
    }
  }

  @Test
  void aFailureIsPrintedWithItsKindAndCause() throws Exception {
    // Bound and never listening, held for the run: the port refuses connections, and nothing can
    // take it meanwhile (a port bound and released at once could become the client's own local
    // end, which would then connect to itself).
    try (SocketChannel refusing =
        SocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      int port = ((InetSocketAddress) refusing.getLocalAddress()).getPort();
      TesterRun run =
          TesterRun.of(
              "",
              "live",
              "http://gone.example.com:" + port + "/x",
              "--agent",
              AGENT,
              "--resolve",
              "gone.example.com:" + port + ":127.0.0.1",
              "--allow-private");
      assertThat(run.status()).isOne();
      assertThat(run.out())
          .contains(
              "verdict\tDISALLOWED\trobots.txt unreachable, no good copy: everything disallowed\n")
          .contains("outcome=unreachable\tstatus=0")
          .contains("failure\tCONNECT\t");
    }
  }

  @Test
  void thePagesPolicyRefusesLoopbackUnlessAllowed() {
    try (OriginServer s =
        OriginServer.start(
            (req, res) -> res.sendString(Mono.just("User-agent: *\nDisallow: /\n")).then())) {
      Resolves map = Resolves.parse(List.of(s.resolve("inside.example.com")));
      String url = "http://inside.example.com:" + s.port() + "/x";
      LiveFetch.Report refused =
          LiveFetch.run(
                  url,
                  AGENT,
                  Profile.GOOGLE,
                  new LiveFetch.Settings(map, AddressPolicy.publicOnly(), UnaryOperator.identity()))
              .block(Duration.ofSeconds(30));
      assertThat(refused.lines())
          .anySatisfy(l -> assertThat(l).startsWith("failure\tADDRESS_REFUSED"))
          .anySatisfy(l -> assertThat(l).startsWith("hint\t").contains("--allow-private"));
      LiveFetch.Report allowed =
          LiveFetch.run(
                  url,
                  AGENT,
                  Profile.GOOGLE,
                  new LiveFetch.Settings(map, AddressPolicy.permitAll(), UnaryOperator.identity()))
              .block(Duration.ofSeconds(30));
      assertThat(allowed.verdict().allowed()).isFalse();
      assertThat(allowed.state().status()).isEqualTo(200);
    }
  }

  @Test
  void jsonPrintsTheReportAsOneObject() {
    try (OriginServer s =
        OriginServer.start(
            (req, res) ->
                res.header("Cache-Control", "max-age=600")
                    .sendString(Mono.just("User-agent: *\nCrawl-delay: 2\nDisallow: /p\n"))
                    .then())) {
      TesterRun run =
          TesterRun.of(
              "",
              "live",
              "http://j.example.com:" + s.port() + "/p/1",
              "--agent",
              AGENT,
              "--resolve",
              s.resolve("j.example.com"),
              "--allow-private",
              "--json");
      assertThat(run.status()).as(run.err()).isOne();
      assertThat(run.out().lines()).hasSize(1);
      @SuppressWarnings("unchecked")
      Map<String, Object> o = (Map<String, Object>) Json.parse(run.out());
      assertThat(o)
          .containsEntry("url", "http://j.example.com:" + s.port() + "/p/1")
          .containsEntry("agent", AGENT)
          .containsEntry("verdict", "DISALLOWED")
          .containsEntry("reasonCode", "matched_disallow")
          .containsEntry("rule", "Disallow: /p (line 3)")
          .containsEntry("pacing", List.of("crawl-delay=2s"))
          .containsEntry("keptSeconds", 600.0)
          .containsEntry("redirects", List.of())
          .containsEntry("failure", null)
          .containsEntry("hint", null);
      assertThat(asMap(o.get("origin")))
          .containsEntry("origin", "http://j.example.com:" + s.port())
          .containsEntry("outcome", "ok")
          .containsEntry("status", 200.0);
      assertThat(asMap(o.get("headers"))).containsEntry("cache-control", "max-age=600");
      assertThat(asMap(o.get("size"))).containsEntry("parseLimit", 512000.0);
    }
  }

  @Test
  void aRefusedAddressNamesAllowPrivate() {
    try (OriginServer s =
        OriginServer.start(
            (req, res) -> res.sendString(Mono.just("User-agent: *\nDisallow: /\n")).then())) {
      TesterRun run =
          TesterRun.of(
              "",
              "live",
              "http://inside.example.com:" + s.port() + "/x",
              "--agent",
              AGENT,
              "--resolve",
              s.resolve("inside.example.com"));
      assertThat(run.out())
          .contains("failure\tADDRESS_REFUSED")
          .contains("hint\tthe address is not public: --allow-private lets the tester connect");
    }
  }

  /** A private CA, made for the test. */
  private static X509Bundle ca() throws Exception {
    return new CertificateBuilder()
        .subject("CN=robots-tester test CA")
        .setIsCertificateAuthority(true)
        .algorithm(CertificateBuilder.Algorithm.ecp256)
        .buildSelfSigned();
  }

  /** A certificate for staging.example.com issued by {@code ca}. */
  private static X509Bundle site(X509Bundle ca) throws Exception {
    return new CertificateBuilder()
        .subject("CN=staging.example.com")
        .addSanDnsName("staging.example.com")
        .algorithm(CertificateBuilder.Algorithm.ecp256)
        .buildIssuedBy(ca);
  }

  @Test
  void aPrivateCaGivenWithCaIsTrustedAndATlsFailureNamesTheOption(@TempDir Path dir)
      throws Exception {
    X509Bundle ca = ca();
    Path pem = Files.writeString(dir.resolve("ca.pem"), ca.getCertificatePEM());
    try (OriginServer s =
        OriginServer.startTls(
            site(ca),
            (req, res) ->
                res.sendString(Mono.just("User-agent: *\nDisallow: /private\n")).then())) {
      String url = "https://staging.example.com:" + s.port() + "/private/x";
      List<String> args =
          List.of(
              "live",
              url,
              "--agent",
              AGENT,
              "--resolve",
              s.resolve("staging.example.com"),
              "--allow-private");
      TesterRun trusted = TesterRun.of("", concat(args, "--ca", pem.toString()));
      assertThat(trusted.status()).as(trusted.err()).isOne();
      assertThat(trusted.out())
          .contains("verdict\tDISALLOWED\ta disallow rule matches: disallowed\n")
          .contains("outcome=ok\tstatus=200")
          .doesNotContain("failure");
      TesterRun untrusted = TesterRun.of("", args.toArray(String[]::new));
      assertThat(untrusted.status()).isOne();
      assertThat(untrusted.out())
          .contains("failure\tTLS\t")
          .contains(
              "hint\tthe TLS handshake failed: if the site's certificate comes from a private"
                  + " CA, pass that CA with --ca FILE (PEM)");
    }
  }

  @Test
  void thePagesLiveFetchTrustsTheCaOfServe(@TempDir Path dir) throws Exception {
    X509Bundle ca = ca();
    Path pem = Files.writeString(dir.resolve("ca.pem"), ca.getCertificatePEM());
    try (OriginServer s =
            OriginServer.startTls(
                site(ca),
                (req, res) -> res.sendString(Mono.just("User-agent: *\nDisallow: /\n")).then());
        WebServer trusting =
            WebServer.start(
                "127.0.0.1",
                0,
                WebServer.liveSettings(
                    Resolves.parse(List.of(s.resolve("staging.example.com"))),
                    true,
                    LiveCommand.withCa(pem, UnaryOperator.identity())),
                WebServer.Limits.DEFAULT,
                line -> {});
        WebServer plain =
            WebServer.start(
                "127.0.0.1", 0, Resolves.parse(List.of(s.resolve("staging.example.com"))), true)) {
      String form =
          WebServerLimitsTest.form(
              "url", "https://staging.example.com:" + s.port() + "/x", "agent", AGENT);
      Map<String, Object> ok = asMap(Json.parse(livePost(trusting, form)));
      assertThat(ok).containsEntry("verdict", "DISALLOWED").containsEntry("hint", null);
      assertThat(asMap(ok.get("origin"))).containsEntry("status", 200.0);
      Map<String, Object> refused = asMap(Json.parse(livePost(plain, form)));
      assertThat(asMap(refused.get("failure"))).containsEntry("kind", "TLS");
      assertThat((String) refused.get("hint")).contains("--ca FILE");
    }
  }

  private static String livePost(WebServer server, String form) throws Exception {
    java.net.http.HttpResponse<String> r =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "api/live"))
                    .header("X-Robots-Tester", "1")
                    .timeout(Duration.ofSeconds(60))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(form))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return r.body();
  }

  @Test
  void aCaFileThatIsMissingOrNotPemIsNamed(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("missing.pem");
    TesterRun none = TesterRun.of("", "live", "https://a.example.com/", "--ca", missing.toString());
    assertThat(none.status()).isEqualTo(2);
    assertThat(none.err()).isEqualTo("robots-tester: --ca " + missing + ": no such file\n");
    Path text = Files.writeString(dir.resolve("notes.txt"), "not a certificate\n");
    TesterRun junk = TesterRun.of("", "live", "https://a.example.com/", "--ca", text.toString());
    assertThat(junk.status()).isEqualTo(2);
    assertThat(junk.err()).startsWith("robots-tester: --ca " + text + ": ");
  }

  private static String[] concat(List<String> args, String... more) {
    List<String> all = new java.util.ArrayList<>(args);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void badArgumentsAreNamed() {
    TesterRun bad = TesterRun.of("", "live", "http://a.example.com/x", "--resolve", "nonsense");
    assertThat(bad.status()).isEqualTo(2);
    assertThat(bad.err()).contains("--resolve 'nonsense' is not HOST:PORT:ADDRESS");
    TesterRun url = TesterRun.of("", "live", "ftp://example.com/x");
    assertThat(url.status()).isEqualTo(2);
    assertThat(url.err()).contains("ftp://example.com/x");
    TesterRun agent = TesterRun.of("", "live", "http://a.example.com/x", "--agent", "*");
    assertThat(agent.status()).isEqualTo(2);
    assertThat(agent.err())
        .contains("has no product token")
        .contains("give the crawler's User-Agent with --agent");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object o) {
    return (Map<String, Object>) o;
  }
}
