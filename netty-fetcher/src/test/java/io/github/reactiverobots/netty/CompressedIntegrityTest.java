package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.tcp.TcpServer;

/**
 * Compressed bodies cut short or corrupted on the way, each sent whole as far as HTTP can tell (a
 * {@code Content-Length} matching the bytes sent): never rules, always "unreachable" (§6).
 */
class CompressedIntegrityTest extends FetcherTestSupport {
  private static final byte[] ROBOTS_TXT = robots();

  private static byte[] robots() {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 300; i++) {
      sb.append("Disallow: /section-")
          .append(i)
          .append("/page-")
          .append(i * 7919 % 1000)
          .append('\n');
    }
    return sb.append("Disallow: /private\n").toString().getBytes(StandardCharsets.US_ASCII);
  }

  static List<Arguments> damagedBodies() {
    byte[] gz = gzip(ROBOTS_TXT);
    byte[] zlib = deflate(ROBOTS_TXT, false);
    byte[] raw = deflate(ROBOTS_TXT, true);
    List<Arguments> cases = new ArrayList<>();
    for (String encoding : new String[] {"gzip", null}) {
      for (double at : new double[] {0.01, 0.1, 0.3, 0.6, 0.9}) {
        int n = (int) (gz.length * at);
        cases.add(
            Arguments.of(
                "gzip cut at " + n + " of " + gz.length,
                encoding,
                Arrays.copyOf(gz, n),
                FailureKind.BODY_CUT_SHORT));
      }
      cases.add(
          Arguments.of(
              "gzip without its trailer",
              encoding,
              Arrays.copyOf(gz, gz.length - 8),
              FailureKind.BODY_CUT_SHORT));
      cases.add(
          Arguments.of(
              "gzip with half its trailer",
              encoding,
              Arrays.copyOf(gz, gz.length - 4),
              FailureKind.BODY_CUT_SHORT));
      cases.add(
          Arguments.of(
              "gzip with a wrong CRC-32",
              encoding,
              flip(gz, gz.length - 8),
              FailureKind.BODY_CUT_SHORT));
      cases.add(
          Arguments.of(
              "gzip with a wrong length",
              encoding,
              flip(gz, gz.length - 1),
              FailureKind.BODY_CUT_SHORT));
      cases.add(Arguments.of("gzip with every 7th byte flipped", encoding, everySeventh(gz), null));
    }
    for (double at : new double[] {0.1, 0.5, 0.9}) {
      cases.add(
          Arguments.of(
              "zlib deflate cut at " + at,
              "deflate",
              Arrays.copyOf(zlib, (int) (zlib.length * at)),
              FailureKind.BODY_CUT_SHORT));
      cases.add(
          Arguments.of(
              "raw deflate cut at " + at,
              "deflate",
              Arrays.copyOf(raw, (int) (raw.length * at)),
              FailureKind.BODY_CUT_SHORT));
    }
    cases.add(
        Arguments.of(
            "zlib deflate without its checksum",
            "deflate",
            Arrays.copyOf(zlib, zlib.length - 4),
            FailureKind.BODY_CUT_SHORT));
    cases.add(
        Arguments.of(
            "zlib deflate with a wrong checksum",
            "deflate",
            flip(zlib, zlib.length - 1),
            FailureKind.OTHER));
    cases.add(
        Arguments.of(
            "deflate of one byte", "deflate", Arrays.copyOf(raw, 1), FailureKind.BODY_CUT_SHORT));
    return cases;
  }

  /**
   * Each damaged body: the fetch fails (with the kind given, when one is), and the cache gives
   * disallow-all as unreachable, with no rule taken from the part that did arrive.
   */
  @ParameterizedTest(name = "{0}, Content-Encoding: {1}")
  @MethodSource("damagedBodies")
  void aDamagedCompressedBodyIsNeverRules(
      String name, String encoding, byte[] body, FailureKind expected) {
    DisposableServer s = server(encoding, body);
    try {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      String origin = "http://damaged.test:" + s.port();
      FetchResult r = fetch(f, origin);
      assertThat(r.hasStatus()).as("%s gave status %s", name, r.status()).isFalse();
      if (expected != null) {
        assertThat(r.failure()).as(r.failureDetail()).isEqualTo(expected);
      } else {
        assertThat(r.failure()).isIn(FailureKind.BODY_CUT_SHORT, FailureKind.OTHER);
      }
      Verdict v = verdict(f, origin + "/section-1/page-1");
      assertThat(v.allowed()).isFalse();
      assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNREACHABLE);
      assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.UNREACHABLE);
    } finally {
      s.disposeNow();
    }
  }

  /** The controls: the same bodies whole decode to the rules, with and without the header. */
  @ParameterizedTest
  @MethodSource("wholeBodies")
  void theSameBodiesWholeAreRules(String encoding, byte[] body) {
    DisposableServer s = server(encoding, body);
    try {
      NettyRobotsFetcher f = fetcher(fetcherBuilder());
      String origin = "http://whole.test:" + s.port();
      FetchResult r = fetch(f, origin);
      assertThat(r.status()).as(String.valueOf(r.failureDetail())).isEqualTo(200);
      assertThat(r.bodyBytes()).isEqualTo(ROBOTS_TXT);
      Verdict v = verdict(f, origin + "/private");
      assertThat(v.allowed()).isFalse();
      assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    } finally {
      s.disposeNow();
    }
  }

  static List<Arguments> wholeBodies() {
    return List.of(
        Arguments.of("gzip", gzip(ROBOTS_TXT)),
        Arguments.of(null, gzip(ROBOTS_TXT)),
        Arguments.of("deflate", deflate(ROBOTS_TXT, false)),
        Arguments.of("deflate", deflate(ROBOTS_TXT, true)));
  }

  private static DisposableServer server(String encoding, byte[] body) {
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
            + (encoding == null ? "" : "Content-Encoding: " + encoding + "\r\n")
            + "Content-Length: "
            + body.length
            + "\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
    byte[] response = Arrays.copyOf(h, h.length + body.length);
    System.arraycopy(body, 0, response, h.length, body.length);
    return TcpServer.create()
        .host("127.0.0.1")
        .port(0)
        .handle(
            (in, out) ->
                in.receive()
                    .take(1)
                    .thenMany(out.sendByteArray(Mono.just(response)))
                    .thenMany(in.receive())
                    .then())
        .bindNow();
  }

  private static byte[] flip(byte[] data, int index) {
    byte[] copy = data.clone();
    copy[index] ^= 0x5a;
    return copy;
  }

  private static byte[] everySeventh(byte[] data) {
    byte[] copy = data.clone();
    for (int i = 12; i < copy.length; i += 7) {
      copy[i] ^= (byte) 0xff;
    }
    return copy;
  }

  private static byte[] deflate(byte[] data, boolean raw) {
    Deflater d = new Deflater(Deflater.BEST_COMPRESSION, raw);
    d.setInput(data);
    d.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    while (!d.finished()) {
      out.write(buf, 0, d.deflate(buf));
    }
    d.end();
    return out.toByteArray();
  }
}
