package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.TdmReservation;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.nio.charset.StandardCharsets;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** TDMRep's {@code /.well-known/tdmrep.json} fetched as robots.txt is, from a real server. */
class TdmRepFetchTest extends FetcherTestSupport {
  private static final Queue<String> REQUESTS = new ConcurrentLinkedQueue<>();
  private static TestServer server;

  @BeforeAll
  static void startServer() {
    server = TestServer.start(TdmRepFetchTest::handle);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private static Publisher<Void> handle(HttpServerRequest req, HttpServerResponse res) {
    String name = TestServer.originName(req);
    REQUESTS.add(name + " " + req.uri());
    if (req.uri().equals("/robots.txt")) {
      return res.sendString(Mono.just(ROBOTS)).then();
    }
    if (name.equals("moved") && req.uri().equals("/.well-known/tdmrep.json")) {
      return res.status(301).header("Location", "/tdm.json").send();
    }
    if (req.uri().equals("/.well-known/tdmrep.json") || req.uri().equals("/tdm.json")) {
      String json =
          name.equals("none")
              ? null
              : "[{\"location\": \"/books/\", \"tdm-reservation\": 1,"
                  + " \"tdm-policy\": \"https://p.test/policy\"}]";
      return json == null
          ? res.status(404).send()
          : res.header("Content-Type", "application/json")
              .sendByteArray(Mono.just(json.getBytes(StandardCharsets.UTF_8)))
              .then();
    }
    return res.status(404).send();
  }

  @Test
  void theFetcherGetsThePathWithTheSameRedirectsAndLimits() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    FetchResult r =
        f.fetchResource(Origin.of(server.origin("moved")), "/.well-known/tdmrep.json").block(WAIT);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.finalUrl()).isEqualTo(server.origin("moved") + "/tdm.json");
    assertThat(text(r)).contains("tdm-reservation");
    assertThatThrownBy(() -> f.fetchResource(Origin.of(server.origin("a")), "no-slash"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void throughTheCacheOnlyWhenAskedFor() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    RobotsCache cache = closing(RobotsCaches.create(f, RobotsCache.builder()));
    assertThat(cache.check(server.origin("site") + "/books/1", "TestBot").block(WAIT).allowed())
        .isTrue();
    assertThat(REQUESTS).doesNotContain("site /.well-known/tdmrep.json");
    TdmReservation books = cache.tdmReservation(server.origin("site") + "/books/1").block(WAIT);
    assertThat(books.reserved()).isTrue();
    assertThat(books.policy()).isEqualTo("https://p.test/policy");
    assertThat(books.source()).isEqualTo(UsageSource.TDMREP_FILE);
    assertThat(cache.tdmReservation(server.origin("none") + "/books/1").block(WAIT))
        .isEqualTo(TdmReservation.UNKNOWN);
  }
}
