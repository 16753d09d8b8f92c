package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.netty.internal.LiveCheck;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** The live check against loopback servers, names resolved by the test resolver. */
class LiveCheckTest extends FetcherTestSupport {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new LiveCheck(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        b -> b.resolver(resolver).responseTimeout(Duration.ofMillis(300))).run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void printsTheVerdictRuleLinePacingAndOriginState() {
    try (TestServer s = TestServer.start((req, res) -> res.sendString(Mono.just(
        "User-agent: *\nCrawl-delay: 5\nRequest-rate: 1/10s\nDisallow: /private\n")).then())) {
      assertThat(run(AGENT, s.origin("live") + "/private/x")).isOne();
      assertThat(out()).contains("verdict\tDISALLOWED\tmatched_disallow\n")
          .contains("rule\tDisallow: /private (line 4)\n")
          .contains("pacing\tcrawl-delay=5s\trequest-rate=1/10s\n")
          .contains("origin\t" + s.origin("live") + "\toutcome=ok\tstatus=200\t")
          .doesNotContain("failure");
    }
  }

  @Test
  void aFailureIsPrintedWithItsKindAndCause() {
    TestServer closed = TestServer.start((req, res) -> res.send());
    String origin = closed.origin("gone");
    closed.close();
    assertThat(run(AGENT, origin + "/x")).isOne();
    assertThat(out()).contains("verdict\tDISALLOWED\trobots_unreachable\n")
        .contains("outcome=unreachable\tstatus=0")
        .contains("failure\tCONNECT\t");
    out.reset();
    assertThat(run(AGENT, "http://nowhere.invalid/x")).isOne();
    assertThat(out()).contains("failure\tDNS\t").contains("nowhere.invalid");
  }

  @Test
  void anInvalidUrlOrAMissingArgumentIsAUsageError() {
    assertThat(run(AGENT, "ftp://example.com/x")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("ftp://example.com/x");
    assertThat(run(AGENT)).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage:");
    assertThat(run("--help")).isZero();
    assertThat(out()).contains("usage:");
  }
}
