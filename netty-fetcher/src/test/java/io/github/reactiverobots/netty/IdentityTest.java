package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** One identity, stated once; and the crawler's own DNS through {@link HostResolver}. */
class IdentityTest extends FetcherTestSupport {

  @Test
  void aCacheWhoseCrawlerIsNotTheFetchersUserAgentIsRefusedNamingBothTokens() {
    NettyRobotsFetcherBuilder fetcher = fetcherBuilder().userAgent("MyCrawler/1.0");
    assertThatThrownBy(
            () -> RobotsCaches.create(fetcher, RobotsCache.builder().crawler("OtherBot/2.0")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("\"OtherBot\"")
        .hasMessageContaining("\"MyCrawler\"");
    assertThatThrownBy(() -> RobotsCaches.create("MyCrawler/1.0", f -> f.userAgent("OtherBot/2.0")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("\"OtherBot\"")
        .hasMessageContaining("\"MyCrawler\"");
    NettyRobotsFetcher built = fetcher(fetcherBuilder().userAgent("MyCrawler/1.0"));
    assertThatThrownBy(() -> RobotsCache.builder().fetcher(built).crawler("OtherBot").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("\"OtherBot\"")
        .hasMessageContaining("\"MyCrawler\"");
  }

  @Test
  void aMismatchSaidOnPurposeIsAcceptedAndTheSameTokenInAnyCaseIsNoMismatch() {
    NettyRobotsFetcher built = fetcher(fetcherBuilder().userAgent("MyCrawler/1.0"));
    closing(
        RobotsCache.builder()
            .fetcher(built)
            .crawler("OtherBot")
            .allowIdentityMismatch(true)
            .build());
    closing(RobotsCache.builder().fetcher(built).crawler("mycrawler").build());
    closing(
        RobotsCaches.create(
            new io.github.reactiverobots.robotstxt.model.CrawlerIdentity(
                "MyCrawler", "Mozilla/5.0 (compatible; MyCrawler/1.0)"),
            f -> {},
            c -> {}));
  }

  /** The example of docs/configuration.md, run as written but for the intranet address. */
  @Test
  void theCustomResolverQuickStartWorksAsWritten() throws Exception {
    String doc =
        Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
    assertThat(doc)
        .contains(
            """
        Map<String, List<InetAddress>> dns =
            Map.of("wiki.corp.example", List.of(wiki.getAddress()));
        RobotsCache robots = RobotsCaches.create("MyCrawler/1.0 (+https://example.com/bot)",
            fetcher -> fetcher
                .resolver(host -> dns.getOrDefault(host, List.of()))
                .addressPolicy(AddressPolicy.publicOnly().exempting(Set.of(wiki))));
        Verdict v = robots.check("http://wiki.corp.example:" + wiki.getPort() + "/private/x")
            .block();
        """);
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.sendString(Mono.just("User-agent: MyCrawler\nDisallow: /private\n")).then())) {
      InetSocketAddress wiki = new InetSocketAddress(InetAddress.getLoopbackAddress(), s.port());
      // From here on, the documented lines.
      Map<String, List<InetAddress>> dns = Map.of("wiki.corp.example", List.of(wiki.getAddress()));
      RobotsCache robots =
          RobotsCaches.create(
              "MyCrawler/1.0 (+https://example.com/bot)",
              fetcher ->
                  fetcher
                      .resolver(host -> dns.getOrDefault(host, List.of()))
                      .addressPolicy(AddressPolicy.publicOnly().exempting(Set.of(wiki))));
      Verdict v = robots.check("http://wiki.corp.example:" + wiki.getPort() + "/private/x").block();
      closing(robots);
      assertThat(v.allowed()).isFalse();
      assertThat(v.originState().orElseThrow().status()).isEqualTo(200);
      // A name the function does not know is a DNS failure, and nothing else is reachable.
      Verdict unknown = robots.check("http://elsewhere.example/x").block();
      assertThat(unknown.originState().orElseThrow().failure())
          .isEqualTo(io.github.reactiverobots.robotstxt.model.FailureKind.DNS);
    }
  }
}
