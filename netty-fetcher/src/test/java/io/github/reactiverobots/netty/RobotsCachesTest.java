package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The one-line start gives a working cache over the Netty fetcher. */
class RobotsCachesTest extends FetcherTestSupport {

  @Test
  void createWithAUserAgentGivesAWorkingCache() {
    AtomicInteger requests = new AtomicInteger();
    String[] agent = new String[1];
    try (TestServer s =
        TestServer.start(
            (req, res) -> {
              requests.incrementAndGet();
              agent[0] = req.requestHeaders().get("User-Agent");
              return res.sendString(Mono.just(ROBOTS)).then();
            })) {
      // An IP literal needs no name resolution, so the default resolver is never asked.
      String origin = "http://127.0.0.1:" + s.port();
      RobotsCache cache =
          closing(
              RobotsCaches.create(
                  "OneLineBot/2.0", fetcher -> fetcher.addressPolicy(AddressPolicy.permitAll())));
      Verdict v = cache.check(origin + "/private/x", "OneLineBot").block(WAIT);
      assertThat(v.allowed()).isFalse();
      assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
      assertThat(agent[0]).isEqualTo("OneLineBot/2.0");
      assertThat(cache.allowed(origin + "/public", "OneLineBot").block(WAIT)).isTrue();
      assertThat(requests.get()).isEqualTo(1);
    }
  }

  @Test
  void aCrawlerIdentityNamesTheTokenWhileTheFetcherSendsTheWholeHeader() {
    String header = "Mozilla/5.0 (compatible; TokenBot/3.0; +https://tokenbot.example/)";
    String[] agent = new String[1];
    try (TestServer s =
        TestServer.start(
            (req, res) -> {
              agent[0] = req.requestHeaders().get("User-Agent");
              return res.sendString(
                      Mono.just(
                          "User-agent: mozilla\nDisallow: /\n\nUser-agent: TokenBot\nDisallow: /mine\n"))
                  .then();
            })) {
      String origin = "http://127.0.0.1:" + s.port();
      RobotsCache cache =
          closing(
              RobotsCaches.create(
                  new CrawlerIdentity("TokenBot", header),
                  fetcher -> fetcher.addressPolicy(AddressPolicy.permitAll()),
                  builder -> {}));
      assertThat(cache.allowed(origin + "/page").block(WAIT)).isTrue();
      assertThat(cache.allowed(origin + "/mine").block(WAIT)).isFalse();
      assertThat(agent[0]).isEqualTo(header);
      assertThatThrownBy(() -> RobotsCaches.create(header))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void manyChecksOfOneOriginShareOneFetch() {
    AtomicInteger requests = new AtomicInteger();
    try (TestServer s =
        TestServer.start(
            (req, res) -> {
              requests.incrementAndGet();
              return res.sendString(Mono.just(ROBOTS)).then();
            })) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      RobotsCache cache = closing(RobotsCaches.create(f));
      long allowed =
          Flux.range(0, 500)
              .flatMap(
                  i ->
                      cache.allowed(
                          s.origin("shared") + (i % 2 == 0 ? "/private/" : "/open/") + i,
                          "TestBot"))
              .filter(Boolean::booleanValue)
              .count()
              .block(WAIT);
      assertThat(allowed).isEqualTo(250);
      assertThat(requests.get()).isEqualTo(1);
      assertThat(cache.stats().fetchesActive()).isZero();
    }
  }
}
