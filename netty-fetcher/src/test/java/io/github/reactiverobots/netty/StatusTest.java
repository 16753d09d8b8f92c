package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** Each HTTP status of SEMANTICS.md §6 from a real server: the FetchResult and the verdict. */
class StatusTest extends FetcherTestSupport {
  private static final String ETAG = "\"v1\"";
  private static final String LAST_MODIFIED = "Tue, 01 Sep 2026 10:00:00 GMT";
  private static final Map<String, HttpServerRequest> SEEN = new ConcurrentHashMap<>();
  private static final Map<String, String> SEEN_HEADERS = new ConcurrentHashMap<>();
  private static final String BIG = ROBOTS + "# comment line number filler text\n".repeat(9000);
  private static TestServer server;

  @BeforeAll
  static void startServer() {
    server = TestServer.start(StatusTest::handle);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private static Publisher<Void> handle(HttpServerRequest req, HttpServerResponse res) {
    String name = TestServer.originName(req);
    req.requestHeaders()
        .forEach(e -> SEEN_HEADERS.put(name + ":" + e.getKey().toLowerCase(), e.getValue()));
    SEEN.put(name, req);
    byte[] robots = ROBOTS.getBytes(StandardCharsets.UTF_8);
    switch (name) {
      case "plain":
        return res.header("Content-Type", "text/plain").sendByteArray(Mono.just(robots)).then();
      case "gzip":
        return res.header("Content-Encoding", "gzip").sendByteArray(Mono.just(gzip(robots))).then();
      case "sniffed":
        return res.header("Content-Type", "text/plain")
            .sendByteArray(Mono.just(gzip(robots)))
            .then();
      case "deflate":
        return res.header("Content-Encoding", "deflate")
            .sendByteArray(Mono.just(zlib(robots)))
            .then();
      case "biggzip":
        byte[] big = gzip(BIG.getBytes(StandardCharsets.UTF_8));
        return res.header("Content-Encoding", "gzip")
            .send(
                reactor.core.publisher.Flux.range(0, (big.length + 1023) / 1024)
                    .map(
                        i ->
                            io.netty.buffer.Unpooled.wrappedBuffer(
                                big, i * 1024, Math.min(1024, big.length - i * 1024))))
            .then();
      case "brotli":
        return res.header("Content-Encoding", "br").sendByteArray(Mono.just(robots)).then();
      case "maxage":
        return res.header("Cache-Control", "public, max-age=3600")
            .header("ETag", ETAG)
            .header("Last-Modified", LAST_MODIFIED)
            .header("Age", "7")
            .header("Date", "Wed, 02 Sep 2026 10:00:00 GMT")
            .header("Expires", "Thu, 01 Jan 2037 00:00:00 GMT")
            .sendByteArray(Mono.just(robots))
            .then();
      case "conditional":
        if (ETAG.equals(req.requestHeaders().get("If-None-Match"))) {
          return res.status(304).header("ETag", ETAG).header("Cache-Control", "max-age=600").send();
        }
        return res.header("ETag", ETAG)
            .header("Last-Modified", LAST_MODIFIED)
            .header("Cache-Control", "max-age=600")
            .sendByteArray(Mono.just(robots))
            .then();
      case "s429":
        return res.status(429)
            .header("Retry-After", "120")
            .sendString(Mono.just("slow down"))
            .then();
      default:
        if (name.startsWith("s")) {
          int status = Integer.parseInt(name.substring(1));
          return res.status(HttpResponseStatus.valueOf(status))
              .sendString(Mono.just("<h1>" + status + "</h1>"))
              .then();
        }
        return res.status(500).send();
    }
  }

  private static byte[] zlib(byte[] data) {
    Deflater d = new Deflater();
    d.setInput(data);
    d.finish();
    byte[] out = new byte[data.length + 64];
    int n = d.deflate(out);
    d.end();
    return java.util.Arrays.copyOf(out, n);
  }

  private NettyRobotsFetcher fetcher() {
    return fetcher(fetcherBuilder());
  }

  @Test
  void plain200GivesTheBodyAndItsRules() {
    NettyRobotsFetcher f = fetcher();
    FetchResult r = fetch(f, server.origin("plain"));
    assertThat(r.hasStatus()).isTrue();
    assertThat(r.status()).isEqualTo(200);
    assertThat(text(r)).isEqualTo(ROBOTS);
    assertThat(r.bodyTruncated()).isFalse();
    assertThat(r.hops()).isEmpty();
    assertThat(r.finalUrl()).isEqualTo(server.origin("plain") + "/robots.txt");
    assertThat(SEEN_HEADERS.get("plain:user-agent")).isEqualTo(AGENT);
    assertThat(SEEN_HEADERS.get("plain:accept-encoding")).isEqualTo("gzip, deflate");
    assertThat(SEEN.get("plain").uri()).isEqualTo("/robots.txt");

    Verdict no = verdict(f, server.origin("plain") + "/private/x");
    assertThat(no.allowed()).isFalse();
    assertThat(no.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(no.originState().map(OriginState::outcome)).contains(FetchOutcome.OK);
    assertThat(verdict(f, server.origin("plain") + "/private/ok").allowed()).isTrue();
  }

  @Test
  void gzip200IsDecoded() {
    NettyRobotsFetcher f = fetcher();
    FetchResult r = fetch(f, server.origin("gzip"));
    assertThat(r.status()).isEqualTo(200);
    assertThat(text(r)).isEqualTo(ROBOTS);
    Verdict v = verdict(f, server.origin("gzip") + "/private/");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
  }

  @Test
  void gzipWithoutContentEncodingIsRecognisedByItsMagicBytes() {
    NettyRobotsFetcher f = fetcher();
    assertThat(text(fetch(f, server.origin("sniffed")))).isEqualTo(ROBOTS);
    assertThat(verdict(f, server.origin("sniffed") + "/private").allowed()).isFalse();
  }

  @Test
  void aLargeGzipBodyStreamedInSmallChunksDecodesExactly() {
    FetchResult r = fetch(fetcher(), server.origin("biggzip"));
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.bodyTruncated()).isFalse();
    assertThat(text(r)).isEqualTo(BIG);
  }

  @Test
  void deflate200IsDecoded() {
    assertThat(text(fetch(fetcher(), server.origin("deflate")))).isEqualTo(ROBOTS);
  }

  @Test
  void anEncodingNotAskedForIsAFailureNotGarbageRules() {
    FetchResult r = fetch(fetcher(), server.origin("brotli"));
    assertThat(r.hasStatus()).isFalse();
    assertThat(r.failure()).isEqualTo(io.github.reactiverobots.robotstxt.model.FailureKind.OTHER);
    assertThat(r.failureDetail()).contains("br");
  }

  @Test
  void maxAge200CopiesCachingHeadersAndSetsFreshness() {
    NettyRobotsFetcher f = fetcher();
    FetchResult r = fetch(f, server.origin("maxage"));
    assertThat(r.header("Cache-Control")).isEqualTo("public, max-age=3600");
    assertThat(r.header("ETag")).isEqualTo(ETAG);
    assertThat(r.header("Last-Modified")).isEqualTo(LAST_MODIFIED);
    assertThat(r.header("Age")).isEqualTo("7");
    assertThat(r.header("Expires")).isEqualTo("Thu, 01 Jan 2037 00:00:00 GMT");
    assertThat(r.header("Date")).isEqualTo("Wed, 02 Sep 2026 10:00:00 GMT");

    OriginState state = verdict(f, server.origin("maxage") + "/").originState().orElseThrow();
    assertThat(state.outcome()).isEqualTo(FetchOutcome.OK);
    // max-age 3600 minus Age 7
    assertThat(Duration.between(state.fetchedAt(), state.expiresAt()))
        .isEqualTo(Duration.ofSeconds(3593));
  }

  @Test
  void conditionalRequestGets304() {
    FetchResult r =
        fetch(fetcher(), server.origin("conditional"), new Conditional(ETAG, LAST_MODIFIED));
    assertThat(r.status()).isEqualTo(304);
    assertThat(r.bodyLength()).isZero();
    assertThat(r.header("ETag")).isEqualTo(ETAG);
    assertThat(SEEN_HEADERS.get("conditional:if-none-match")).isEqualTo(ETAG);
    assertThat(SEEN_HEADERS.get("conditional:if-modified-since")).isEqualTo(LAST_MODIFIED);
  }

  @Test
  void refreshThroughTheCacheGets304AndKeepsTheCopy() throws InterruptedException {
    NettyRobotsFetcher f = fetcher();
    AtomicLong nanos = new AtomicLong(1_000_000_000L);
    CountDownLatch twoFetches = new CountDownLatch(2);
    Map<Integer, FetchOutcome> outcomes = new ConcurrentHashMap<>();
    RobotsCacheListener listener =
        new RobotsCacheListener() {
          @Override
          public void onFetchFinished(
              Origin origin,
              FetchOutcome outcome,
              int status,
              FailureKind failure,
              long bodyBytes,
              long d) {
            outcomes.put(status, outcome);
            twoFetches.countDown();
          }
        };
    RobotsCache cache =
        closing(
            RobotsCaches.create(f, RobotsCache.builder().ticker(nanos::get).listener(listener)));
    String url = server.origin("conditional") + "/private/page";
    Verdict first = cache.check(url, "TestBot").block(WAIT);
    assertThat(first.allowed()).isFalse();
    assertThat(first.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);

    nanos.addAndGet(Duration.ofMinutes(11).toNanos()); // past max-age=600
    Verdict stale = cache.check(url, "TestBot").block(WAIT);
    assertThat(stale.allowed()).isFalse();
    assertThat(twoFetches.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(outcomes)
        .containsEntry(200, FetchOutcome.OK)
        .containsEntry(304, FetchOutcome.NOT_MODIFIED);
    Verdict refreshed = cache.check(url, "TestBot").block(WAIT);
    assertThat(refreshed.allowed()).isFalse();
    assertThat(refreshed.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(refreshed.originState().orElseThrow().outcome())
        .isEqualTo(FetchOutcome.NOT_MODIFIED);
  }

  @ParameterizedTest
  @ValueSource(ints = {404, 403, 410})
  void clientErrorsMeanAllowAll(int status) {
    NettyRobotsFetcher f = fetcher();
    FetchResult r = fetch(f, server.origin("s" + status));
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.bodyLength()).isZero();
    Verdict v = verdict(f, server.origin("s" + status) + "/private");
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.UNAVAILABLE);
    assertThat(v.originState().orElseThrow().status()).isEqualTo(status);
  }

  @Test
  void tooManyRequestsWithRetryAfterMeansDisallowAllUntilThen() {
    NettyRobotsFetcher f = fetcher();
    FetchResult r = fetch(f, server.origin("s429"));
    assertThat(r.status()).isEqualTo(429);
    assertThat(r.header("Retry-After")).isEqualTo("120");
    Verdict v = verdict(f, server.origin("s429") + "/anything");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    OriginState state = v.originState().orElseThrow();
    assertThat(state.outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    assertThat(Duration.between(state.fetchedAt(), state.expiresAt()))
        .isEqualTo(Duration.ofSeconds(120));
  }

  @ParameterizedTest
  @ValueSource(ints = {500, 503})
  void serverErrorsMeanDisallowAll(int status) {
    NettyRobotsFetcher f = fetcher();
    FetchResult r = fetch(f, server.origin("s" + status));
    assertThat(r.status()).isEqualTo(status);
    Verdict v = verdict(f, server.origin("s" + status) + "/");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(v.originState().orElseThrow().status()).isEqualTo(status);
  }
}
