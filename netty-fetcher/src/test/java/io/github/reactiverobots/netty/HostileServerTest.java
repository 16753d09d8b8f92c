package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.tcp.TcpServer;

/** Servers that are slow, broken or hostile: every one ends in a bounded, classified result. */
class HostileServerTest extends FetcherTestSupport {
  private static final int CAP = ParseOptions.MIN_PARSE_LIMIT;

  private void assertUnreachable(NettyRobotsFetcher f, String origin) {
    Verdict v = verdict(f, origin + "/page");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
  }

  @Test
  void aServerDrippingOneByteASecondHitsTheResponseTimeout() {
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.header("Content-Length", "100")
                    .sendString(
                        Flux.interval(Duration.ofSeconds(1), TestServer.loopOf(res)).map(i -> "x"))
                    .then())) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder().responseTimeout(Duration.ofMillis(200)));
      FetchResult r = fetch(f, s.origin("drip"));
      assertThat(r.failure()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(r.elapsed()).isLessThan(Duration.ofSeconds(5));
      assertUnreachable(f, s.origin("drip"));
    }
  }

  @Test
  void aServerDrippingFastEnoughForTheReadTimeoutStillHitsTheDeadline() {
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.header("Content-Length", "100000")
                    .sendString(
                        Flux.interval(Duration.ofMillis(20), TestServer.loopOf(res)).map(i -> "x"))
                    .then())) {
      NettyRobotsFetcher f =
          fetcher(
              fetcherBuilder()
                  .connectTimeout(Duration.ofMillis(200))
                  .deadline(Duration.ofMillis(400)));
      FetchResult r = fetch(f, s.origin("slow"));
      assertThat(r.failure()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(r.failureDetail()).contains("deadline");
    }
  }

  @Test
  void aServerThatNeverAnswersHitsTheDeadline() {
    try (TestServer s = TestServer.start((req, res) -> Mono.never())) {
      NettyRobotsFetcher f =
          fetcher(
              fetcherBuilder()
                  .connectTimeout(Duration.ofMillis(200))
                  .deadline(Duration.ofMillis(300)));
      FetchResult r = fetch(f, s.origin("silent"));
      assertThat(r.failure()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(r.failureDetail()).contains("deadline");
      assertUnreachable(f, s.origin("silent"));
    }
  }

  @Test
  void aRefusedConnectionIsConnectFailure() {
    String origin = "http://refused.test:" + refusingPort();
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    FetchResult r = fetch(f, origin);
    assertThat(r.failure()).isEqualTo(FailureKind.CONNECT);
    assertUnreachable(f, origin);
  }

  /** A body that stops early: reset (SO_LINGER 0) is RESET, a plain close is BODY_CUT_SHORT. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"reset, true, RESET", "short, false, BODY_CUT_SHORT"})
  void aBodyEndingBeforeItsContentLength(String host, boolean reset, FailureKind expected) {
    DisposableServer s = rawServer(reset, "Content-Length: 100000\r\n", "x".repeat(1000));
    try {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      String origin = "http://" + host + ".test:" + s.port();
      FetchResult r = fetch(f, origin);
      assertThat(r.failure()).isEqualTo(expected);
      assertUnreachable(f, origin);
    } finally {
      s.disposeNow();
    }
  }

  @Test
  void anIncompleteChunkedBodyIsBodyCutShort() {
    DisposableServer s =
        rawServer(false, "Transfer-Encoding: chunked\r\n", "10\r\nUser-agent: *\nDi\r\n");
    try {
      FetchResult r = fetch(fetcher(fetcherBuilder()), "http://chunked.test:" + s.port());
      assertThat(r.failure()).isEqualTo(FailureKind.BODY_CUT_SHORT);
    } finally {
      s.disposeNow();
    }
  }

  @Test
  void aGzipBodyCutShortIsBodyCutShort() {
    byte[] whole =
        gzip(
            ("User-agent: *\nDisallow: /private\n" + "# filler\n".repeat(20_000))
                .getBytes(StandardCharsets.US_ASCII));
    byte[] half = java.util.Arrays.copyOf(whole, whole.length / 2);
    DisposableServer s =
        rawServer(
            false, "Content-Encoding: gzip\r\nContent-Length: " + whole.length + "\r\n", half);
    try {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      String origin = "http://cutgzip.test:" + s.port();
      assertThat(fetch(f, origin).failure()).isEqualTo(FailureKind.BODY_CUT_SHORT);
      assertUnreachable(f, origin);
    } finally {
      s.disposeNow();
    }
  }

  @Test
  void aFiftyMebibyteBodyIsReadOnlyToTheCap() {
    long total = 50L << 20;
    AtomicLong sent = new AtomicLong();
    byte[] filler =
        "# filler filler filler filler filler filler filler filler filler\n"
            .repeat(64)
            .getBytes(StandardCharsets.US_ASCII);
    byte[] head = ROBOTS.getBytes(StandardCharsets.US_ASCII);
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.header("Content-Length", Long.toString(total))
                    .send(
                        Flux.<ByteBuf, long[]>generate(
                            () -> new long[1],
                            (at, sink) -> {
                              if (at[0] >= total) {
                                sink.complete();
                                return at;
                              }
                              byte[] src = at[0] == 0 ? head : filler;
                              int n = (int) Math.min(src.length, total - at[0]);
                              at[0] += n;
                              sent.accumulateAndGet(at[0], Math::max);
                              sink.next(Unpooled.wrappedBuffer(src, 0, n));
                              return at;
                            }))
                    .then())) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      FetchResult r = fetch(f, s.origin("huge"));
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.bodyLength()).isEqualTo(CAP);
      assertThat(r.bodyTruncated()).isTrue();
      assertThat(text(r)).startsWith(ROBOTS);
      assertThat(f.wireBodyBytes()).isLessThan(CAP + (1 << 20));
      Verdict v = verdict(f, s.origin("huge") + "/private");
      assertThat(v.allowed()).isFalse();
      assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
      assertThat(sent.get()).isLessThan(total);
    }
  }

  @Test
  void aGzipBombInflatingToOneGibibyteIsCutAtTheCap() {
    for (boolean declared : new boolean[] {true, false}) {
      ZeroGzipStream[] bomb = new ZeroGzipStream[1];
      try (TestServer s =
          TestServer.start(
              (req, res) -> {
                bomb[0] = new ZeroGzipStream(1L << 30);
                return (declared ? res.header("Content-Encoding", "gzip") : res)
                    .send(
                        Flux.<ByteBuf>generate(
                            sink -> {
                              byte[] chunk = bomb[0].next();
                              if (chunk == null) {
                                sink.complete();
                              } else {
                                sink.next(Unpooled.wrappedBuffer(chunk));
                              }
                            }))
                    .then();
              })) {
        NettyRobotsFetcher f = fetcher(fetcherBuilder());
        FetchResult r = fetch(f, s.origin("bomb"));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.bodyLength()).as("declared=%s", declared).isEqualTo(CAP);
        assertThat(r.bodyTruncated()).isTrue();
        // Flat memory: a few compressed KiB were read of the ~1 MiB stream, then the connection
        // closed.
        assertThat(f.wireBodyBytes()).isLessThanOrEqualTo(64 * 1024);
        Verdict v = verdict(f, s.origin("bomb") + "/anything");
        assertThat(v.allowed()).isTrue();
        assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
      }
    }
  }

  @Test
  void aTwoMebibyteSingleLineIsCutAtTheCapAndParsedAsItStands() {
    String prefix = "User-agent: *\nDisallow: /private\nDisallow: /";
    String body = prefix + "a".repeat(2 << 20);
    int kept = CAP - prefix.length();
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(body)).then())) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      FetchResult r = fetch(f, s.origin("longline"));
      assertThat(r.bodyLength()).isEqualTo(CAP);
      assertThat(r.bodyTruncated()).isTrue();
      assertThat(verdict(f, s.origin("longline") + "/private").allowed()).isFalse();
      assertThat(verdict(f, s.origin("longline") + "/b").allowed()).isTrue();
      // The cut line is a rule of exactly the bytes up to the cap.
      assertThat(verdict(f, s.origin("longline") + "/" + "a".repeat(kept)).allowed()).isFalse();
      assertThat(verdict(f, s.origin("longline") + "/" + "a".repeat(kept - 1)).allowed()).isTrue();
    }
  }

  @Test
  void binaryGarbageIsABodyWithoutRules() {
    byte[] garbage = new byte[64 * 1024];
    new Random(7).nextBytes(garbage);
    garbage[0] = 'G'; // not gzip magic
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.header("Content-Type", "application/octet-stream")
                    .sendByteArray(Mono.just(garbage))
                    .then())) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      FetchResult r = fetch(f, s.origin("garbage"));
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.bodyBytes()).isEqualTo(garbage);
      Verdict v = verdict(f, s.origin("garbage") + "/private");
      assertThat(v.allowed()).isTrue();
      assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
    }
  }

  @Test
  void htmlServedAsRobotsTxtIsABodyWithoutRules() {
    String html =
        "<!DOCTYPE html>\n<html><head><title>Welcome</title></head>\n"
            + "<body><p>Disallow: /private</p></body></html>\n";
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.header("Content-Type", "text/html").sendString(Mono.just(html)).then())) {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      FetchResult r = fetch(f, s.origin("html"));
      assertThat(text(r)).isEqualTo(html);
      Verdict v = verdict(f, s.origin("html") + "/private");
      assertThat(v.allowed()).isTrue();
      assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
    }
  }

  @Test
  void anUnknownHostIsDnsFailure() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    int before = resolver.lookups();
    FetchResult r = fetch(f, "http://nowhere.invalid");
    assertThat(r.failure()).isEqualTo(FailureKind.DNS);
    assertThat(r.failureDetail()).contains("nowhere.invalid");
    assertThat(resolver.lookups()).isGreaterThan(before);
    assertUnreachable(f, "http://nowhere.invalid");
  }

  @Test
  void oversizedHeadersAreRejected() {
    try (TestServer s =
        TestServer.start(
            (req, res) ->
                res.header("X-Padding", "p".repeat(40_000)).sendString(Mono.just(ROBOTS)).then())) {
      FetchResult r = fetch(fetcher(fetcherBuilder().maxHeaderSize(8 * 1024)), s.origin("headers"));
      assertThat(r.failure()).isEqualTo(FailureKind.OTHER);
      assertThat(r.failureDetail()).contains("header is larger than 8192");
    }
  }

  /**
   * A raw TCP server that answers any request with a status line, one header, a partial body and a
   * close.
   */
  private static DisposableServer rawServer(boolean reset, String header, String body) {
    return rawServer(reset, header, body.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static DisposableServer rawServer(boolean reset, String header, byte[] body) {
    TcpServer server = TcpServer.create().host("127.0.0.1").port(0);
    if (reset) {
      server = server.childOption(ChannelOption.SO_LINGER, 0);
    }
    byte[] head = ("HTTP/1.1 200 OK\r\n" + header + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    byte[] response = java.util.Arrays.copyOf(head, head.length + body.length);
    System.arraycopy(body, 0, response, head.length, body.length);
    return server
        .handle(
            (in, out) -> in.receive().take(1).then(out.sendByteArray(Mono.just(response)).then()))
        .bindNow();
  }
}
