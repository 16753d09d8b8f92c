package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Redirects, followed by the fetcher itself: chains, limits, loops, hosts and the address policy.
 */
class RedirectTest extends FetcherTestSupport {
  private static final int[] STATUSES = {301, 302, 303, 307, 308};
  private static final String OTHER_RULES = "User-agent: *\nDisallow: /cross\n";
  private static TestServer server;
  private static TestServer internal;
  private static final AtomicInteger internalHits = new AtomicInteger();

  @BeforeAll
  static void start() {
    internal =
        TestServer.start(
            (req, res) -> {
              internalHits.incrementAndGet();
              return res.sendString(Mono.just("User-agent: *\nAllow: /\n")).then();
            });
    server = TestServer.start(RedirectTest::handle);
  }

  @AfterAll
  static void stop() {
    server.close();
    internal.close();
  }

  private static Publisher<Void> handle(HttpServerRequest req, HttpServerResponse res) {
    String name = TestServer.originName(req);
    String path = req.uri();
    if (name.startsWith("hops")) {
      int total = Integer.parseInt(name.substring(4));
      int done =
          path.equals("/robots.txt")
              ? 0
              : Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
      if (done < total) {
        return redirect(res, STATUSES[done % STATUSES.length], "/hop/" + (done + 1));
      }
      return res.sendString(Mono.just(ROBOTS)).then();
    }
    switch (name) {
      case "loop":
        return redirect(res, 302, path.equals("/robots.txt") ? "/a" : "/robots.txt");
      case "cross":
        return redirect(res, 301, "http://other.test:" + server.port() + "/elsewhere/robots.txt");
      case "other":
        return res.sendString(Mono.just(OTHER_RULES)).then();
      case "relative":
        if (path.equals("/robots.txt")) {
          return redirect(res, 302, "moved/here.txt?v=1#frag");
        }
        return res.sendString(Mono.just(path.equals("/moved/here.txt?v=1") ? OTHER_RULES : "nope"))
            .then();
      case "toliteral":
        return redirect(res, 302, "http://127.0.0.1:" + internal.port() + "/robots.txt");
      case "ftp":
        return redirect(res, 301, "ftp://files.test/robots.txt");
      case "toname":
        return redirect(res, 307, "http://internal.test:" + internal.port() + "/robots.txt");
      default:
        return res.status(404).send();
    }
  }

  private static Publisher<Void> redirect(HttpServerResponse res, int status, String location) {
    return res.status(status).header("Location", location).sendString(Mono.just("moved")).then();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5})
  void chainsUpToFiveHopsAreFollowedAndRulesApplyToTheFirstOrigin(int hops) {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin("hops" + hops);
    FetchResult r = fetch(f, origin);
    assertThat(r.status()).isEqualTo(200);
    assertThat(text(r)).isEqualTo(ROBOTS);
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= hops; i++) {
      expected.add(origin + "/hop/" + i);
    }
    assertThat(r.hops()).containsExactlyElementsOf(expected);
    assertThat(r.finalUrl()).isEqualTo(origin + "/hop/" + hops);

    Verdict v = verdict(f, origin + "/private/x");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.OK);
  }

  @Test
  void theSixthRedirectIsTooMany() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin("hops6");
    FetchResult r = fetch(f, origin);
    assertThat(r.failure()).isEqualTo(FailureKind.TOO_MANY_REDIRECTS);
    assertThat(r.hops()).hasSize(5);
    assertThat(r.failureDetail()).contains("/hop/6");

    Verdict v = verdict(f, origin + "/private/x");
    assertThat(v.allowed()).isTrue();
    assertThat(v.reason()).isEqualTo(Reason.ROBOTS_UNAVAILABLE);
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.TOO_MANY_REDIRECTS);
  }

  @Test
  void theRedirectLimitIsConfigurable() {
    FetchResult r = fetch(fetcher(fetcherBuilder().maxRedirects(2)), server.origin("hops3"));
    assertThat(r.failure()).isEqualTo(FailureKind.TOO_MANY_REDIRECTS);
    assertThat(r.hops()).hasSize(2);
    assertThat(fetch(fetcher(fetcherBuilder().maxRedirects(0)), server.origin("hops1")).failure())
        .isEqualTo(FailureKind.TOO_MANY_REDIRECTS);
  }

  @Test
  void aLoopIsDetected() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin("loop");
    FetchResult r = fetch(f, origin);
    assertThat(r.failure()).isEqualTo(FailureKind.REDIRECT_LOOP);
    assertThat(r.hops()).containsExactly(origin + "/a");
    Verdict v = verdict(f, origin + "/private");
    assertThat(v.allowed()).isTrue();
    assertThat(v.originState().orElseThrow().outcome()).isEqualTo(FetchOutcome.TOO_MANY_REDIRECTS);
  }

  @Test
  void aCrossHostRedirectIsFollowedAndItsRulesApplyToTheFirstOrigin() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin("cross");
    FetchResult r = fetch(f, origin);
    String target = server.origin("other") + "/elsewhere/robots.txt";
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.hops()).containsExactly(target);
    assertThat(r.finalUrl()).isEqualTo(target);
    assertThat(text(r)).isEqualTo(OTHER_RULES);
    Verdict v = verdict(f, origin + "/cross/page");
    assertThat(v.allowed()).isFalse();
    assertThat(v.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
  }

  @Test
  void aRelativeLocationIsResolvedAgainstTheCurrentUrl() {
    NettyRobotsFetcher f = fetcher(fetcherBuilder());
    String origin = server.origin("relative");
    FetchResult r = fetch(f, origin);
    assertThat(r.hops()).containsExactly(origin + "/moved/here.txt?v=1");
    assertThat(text(r)).isEqualTo(OTHER_RULES);
    assertThat(verdict(f, origin + "/cross").allowed()).isFalse();
  }

  @Test
  void withoutThePolicyARedirectToLoopbackIsFollowed() {
    FetchResult r = fetch(fetcher(fetcherBuilder()), server.origin("toliteral"));
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.finalUrl()).isEqualTo("http://127.0.0.1:" + internal.port() + "/robots.txt");
  }

  @Test
  void withThePolicyARedirectToLoopbackIsRefusedBeforeConnecting() {
    int before = internalHits.get();
    NettyRobotsFetcher f = fetcher(policyFetcher());
    for (String name : List.of("toliteral", "toname")) {
      FetchResult r = fetch(f, server.origin(name));
      assertThat(r.failure()).as(name).isEqualTo(FailureKind.ADDRESS_REFUSED);
      assertThat(r.failureDetail()).as(name).contains("127.0.0.1");
      assertThat(r.hops()).as(name).hasSize(1);
      Verdict v = verdict(f, server.origin(name) + "/page");
      assertThat(v.allowed()).as(name).isFalse();
      assertThat(v.originState().orElseThrow().outcome()).as(name).isEqualTo(FetchOutcome.REFUSED);
    }
    assertThat(internalHits.get()).isEqualTo(before);
  }

  @Test
  void withThePolicyALoopbackOriginIsRefusedItself() {
    NettyRobotsFetcher f = fetcher(policyFetcher());
    FetchResult literal = fetch(f, "http://127.0.0.1:" + internal.port());
    assertThat(literal.failure()).isEqualTo(FailureKind.ADDRESS_REFUSED);
    FetchResult named = fetch(f, "http://internal.test:" + internal.port());
    assertThat(named.failure()).isEqualTo(FailureKind.ADDRESS_REFUSED);
    // The exempted endpoint still works: the policy is applied per socket address.
    assertThat(fetch(f, server.origin("hops1")).status()).isEqualTo(200);
  }

  @Test
  void thePolicyWorksWithTheDefaultResolverToo() {
    // No resolver injected: the fetcher builds Netty's DNS resolver and guards it. An IP literal
    // is checked without any lookup, so nothing leaves the machine.
    NettyRobotsFetcher f =
        fetcher(
            NettyRobotsFetcher.builder()
                .userAgent(AGENT)
                .addressPolicy(AddressPolicy.publicOnly()));
    int before = internalHits.get();
    FetchResult r = fetch(f, "http://127.0.0.1:" + internal.port());
    assertThat(r.failure()).isEqualTo(FailureKind.ADDRESS_REFUSED);
    assertThat(internalHits.get()).isEqualTo(before);
  }

  private NettyRobotsFetcherBuilder policyFetcher() {
    InetSocketAddress exempt =
        new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), server.port());
    return fetcherBuilder().addressPolicy(AddressPolicy.publicOnly().exempting(Set.of(exempt)));
  }
}
