package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

/**
 * The one rule for a redirect that cannot be followed (a final 3xx: "unavailable", allow all,
 * SEMANTICS.md §6), the URL Standard's reading of scheme-relative and backslash forms, and the
 * default address policy.
 */
class RedirectFormsTest extends FetcherTestSupport {
  private static final String TARGET_RULES = "User-agent: *\nDisallow: /target\n";
  private static TestServer server;
  private static final AtomicInteger hits = new AtomicInteger();

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            (req, res) -> {
              hits.incrementAndGet();
              String name = TestServer.originName(req);
              if (name.equals("target")) {
                return res.sendString(
                        Mono.just(
                            req.uri().equals("/elsewhere/robots.txt")
                                ? TARGET_RULES
                                : "User-agent: *\nDisallow: /wrong-path\n"))
                    .then();
              }
              String location = req.requestHeaders().get("X-Test-Location");
              String authority = "target.test:" + server.port() + "/elsewhere/robots.txt";
              switch (name) {
                case "none":
                  return res.status(302).sendString(Mono.just("moved, but where?")).then();
                case "empty":
                  return res.status(302).header("Location", "").send();
                case "ftp":
                  return res.status(301).header("Location", "ftp://files.test/robots.txt").send();
                case "file":
                  return res.status(302).header("Location", "file:///etc/passwd").send();
                case "mailto":
                  return res.status(307).header("Location", "mailto:a@b.test").send();
                case "junk":
                  return res.status(308).header("Location", "http://[zz::/robots.txt").send();
                case "badport":
                  return res.status(302)
                      .header("Location", "http://target.test:99999/robots.txt")
                      .send();
                case "backslashes":
                  return res.status(302).header("Location", "\\\\" + authority).send();
                case "slashes":
                  return res.status(302).header("Location", "//" + authority).send();
                case "mixed":
                  return res.status(302).header("Location", "\\/" + authority).send();
                case "triple":
                  return res.status(302).header("Location", "///" + authority).send();
                case "absolutebackslash":
                  return res.status(302)
                      .header("Location", "http:\\\\" + authority.replace('/', '\\'))
                      .send();
                default:
                  return res.status(404).send();
              }
            });
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Each unfollowable form: the 3xx is the final response, allow all for 24 h. */
  @ParameterizedTest
  @ValueSource(strings = {"none", "empty", "ftp", "file", "mailto", "junk", "badport"})
  void aRedirectThatCannotBeFollowedIsAFinal3xxUnavailable(String name) {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin(name);
    FetchResult r = fetch(f, origin);
    assertThat(r.hasStatus()).as(String.valueOf(r.failureDetail())).isTrue();
    assertThat(r.status()).isBetween(301, 308);
    assertThat(r.hops()).isEmpty();
    Verdict v = verdict(f, origin + "/target");
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.UNAVAILABLE);
  }

  /**
   * {@code \\host/p}, {@code //host/p}, {@code \/host/p}, {@code ///host/p} and {@code
   * http:\\host\p} all name {@code http://host/p} under the URL Standard (an http(s) base reads
   * {@code \} as {@code /} and any run of slashes as the start of the authority).
   */
  @ParameterizedTest
  @ValueSource(strings = {"backslashes", "slashes", "mixed", "triple", "absolutebackslash"})
  void schemeRelativeAndBackslashFormsAreFollowedAsTheUrlStandardReadsThem(String name) {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin(name);
    FetchResult r = fetch(f, origin);
    String expected = "http://target.test:" + server.port() + "/elsewhere/robots.txt";
    assertThat(r.status()).as(String.valueOf(r.failureDetail())).isEqualTo(200);
    assertThat(r.finalUrl()).isEqualTo(expected);
    assertThat(r.hops()).containsExactly(expected);
    assertThat(verdict(f, origin + "/target").allowed()).isFalse();
  }

  @Test
  void theRedirectReadingMatchesTheUrlStandardForms() {
    String base = "http://a.test/robots.txt";
    assertThat(Redirects.resolve(base, "\\\\b.test\\x\\y?q=\\"))
        .isEqualTo("http://b.test/x/y?q=%5C");
    assertThat(Redirects.resolve(base, "//b.test:8080/r")).isEqualTo("http://b.test:8080/r");
    assertThat(Redirects.resolve(base, " \t/r\no ")).isEqualTo("http://a.test/ro");
    assertThat(Redirects.resolve("https://a.test/robots.txt", "//B.TEST/r"))
        .isEqualTo("https://b.test/r");
    assertThat(Redirects.followable(base, null)).isNull();
    assertThat(Redirects.followable(base, "ftp://b.test/r")).isNull();
    assertThat(Redirects.followable(base, "javascript:alert(1)")).isNull();
  }

  /**
   * With no address policy set, the fetcher refuses loopback: by name and as a literal, with the
   * failure kind, and no connection reaches the server.
   */
  @Test
  void byDefaultALoopbackOriginIsRefusedWithoutAnyConnection() {
    NettyRobotsFetcher f =
        fetcher(NettyRobotsFetcher.builder().userAgent(AGENT).resolver(resolver));
    int before = hits.get();
    for (String origin :
        new String[] {
          server.origin("target"),
          "http://127.0.0.1:" + server.port(),
          "http://[::1]:" + server.port()
        }) {
      FetchResult r = fetch(f, origin);
      assertThat(r.failure()).as(origin).isEqualTo(FailureKind.ADDRESS_REFUSED);
      Verdict v = verdict(f, origin + "/page");
      assertThat(v.allowed()).isFalse();
      assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.REFUSED);
    }
    assertThat(hits.get()).isEqualTo(before);
  }
}
