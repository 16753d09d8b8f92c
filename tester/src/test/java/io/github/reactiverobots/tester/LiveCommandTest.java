package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
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
          .contains("verdict\tDISALLOWED\tmatched_disallow\n")
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
          .contains("verdict\tDISALLOWED\trobots_unreachable\n")
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
          .anySatisfy(l -> assertThat(l).startsWith("failure\tADDRESS_REFUSED"));
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
  void badArgumentsAreNamed() {
    TesterRun bad = TesterRun.of("", "live", "http://a.example.com/x", "--resolve", "nonsense");
    assertThat(bad.status()).isEqualTo(2);
    assertThat(bad.err()).contains("--resolve 'nonsense' is not HOST:PORT:ADDRESS");
    TesterRun url = TesterRun.of("", "live", "ftp://example.com/x");
    assertThat(url.status()).isEqualTo(2);
    assertThat(url.err()).contains("ftp://example.com/x");
    TesterRun agent = TesterRun.of("", "live", "http://a.example.com/x", "--agent", "*");
    assertThat(agent.status()).isEqualTo(2);
    assertThat(agent.err()).contains("has no product token");
  }
}
