package io.github.reactiverobots.spring.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

/** The endpoint's reports, from the cache only unless it may fetch. */
class RobotsEndpointTest {
  private static final String BODY =
      "# test\nUser-agent: *\nDisallow: /private/\n"
          + "Crawl-delay: 5\n\nUser-agent: OtherBot\nAllow: /\n\nSitemap: https://site.test/s.xml\n";
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final FakeFetcher fetcher =
      new FakeFetcher()
          .otherwise(FetchResult.status(200).body(BODY.getBytes(StandardCharsets.UTF_8)).build());
  private final RobotsCache cache =
      RobotsCache.builder().fetcher(fetcher).crawler("StarterTestBot/1.0").build();

  @AfterEach
  void close() {
    cache.close();
  }

  @Test
  void anOriginNotHeldIsReportedWithoutFetching() {
    RobotsReport report =
        new RobotsEndpoint(cache, false).robots("https://site.test/private/x", null).block(WAIT);
    assertThat(report.cached()).isFalse();
    assertThat(report.origin()).isEqualTo("https://site.test");
    assertThat(report.agent()).isEqualTo("StarterTestBot");
    assertThat(report.state()).isNull();
    assertThat(fetcher.calls()).isZero();
  }

  @Test
  void aHeldOriginIsReportedWithStateRulesAndVerdict() {
    cache.check("https://site.test/").block(WAIT);
    RobotsReport report =
        new RobotsEndpoint(cache, false).robots("https://site.test/private/x", null).block(WAIT);
    assertThat(fetcher.calls()).isEqualTo(1);
    assertThat(report.cached()).isTrue();
    assertThat(report.state().outcome()).isEqualTo("OK");
    assertThat(report.state().status()).isEqualTo(200);
    assertThat(report.state().failure()).isNull();
    assertThat(report.state().staleCopy()).isFalse();
    assertThat(report.verdict().allowed()).isFalse();
    assertThat(report.verdict().reason()).isEqualTo("MATCHED_DISALLOW");
    assertThat(report.verdict().rule())
        .isEqualTo(new RobotsReport.RuleLine("disallow", "/private/", 3));
    assertThat(report.verdict().crawlDelay()).isEqualTo("PT5S");
    assertThat(report.rules().groups()).hasSize(2);
    assertThat(report.rules().groups().get(1).userAgents()).containsExactly("OtherBot");
    assertThat(report.rules().groups().get(1).rules())
        .containsExactly(new RobotsReport.RuleLine("allow", "/", 7));
    assertThat(report.rules().sitemaps()).containsExactly("https://site.test/s.xml");
    assertThat(report.rules().rulesOmitted()).isZero();
    assertThat(report.usage().uses())
        .extracting(RobotsReport.UseLine::use)
        .containsExactly("tdm", "train-ai", "ai-use", "search");

    RobotsReport other =
        new RobotsEndpoint(cache, false)
            .robots("https://site.test/private/x", "OtherBot")
            .block(WAIT);
    assertThat(other.agent()).isEqualTo("OtherBot");
    assertThat(other.verdict().allowed()).isTrue();
  }

  @Test
  void theUsageAnswerSaysWhichRecordDecidedEachUse() {
    FakeFetcher signals =
        new FakeFetcher()
            .otherwise(
                FetchResult.status(200)
                    .body(
                        ("User-agent: *\nContent-Signal: search=yes, ai-train=no\n"
                                + "Content-Usage: / ai-use=n\nLicense: https://site.test/terms.xml\n")
                            .getBytes(StandardCharsets.UTF_8))
                    .build());
    try (RobotsCache held = RobotsCache.builder().fetcher(signals).crawler("Bot").build()) {
      RobotsReport report =
          new RobotsEndpoint(held, true).robots("https://site.test/page", null).block(WAIT);
      assertThat(report.usage().uses())
          .extracting(u -> u.use() + "=" + u.answer() + " " + u.source() + " " + u.line())
          .containsExactly(
              "tdm=unknown NONE 0",
              "train-ai=reserved CONTENT_SIGNAL 2",
              "ai-use=reserved CONTENT_USAGE 3",
              "search=allowed CONTENT_SIGNAL 2");
      assertThat(report.usage().licenses()).containsExactly("https://site.test/terms.xml");
    }
  }

  @Test
  void aFailedOriginReportsItsFailureKind() {
    FakeFetcher failing =
        new FakeFetcher().otherwise(FetchResult.failure(FailureKind.DNS, "no such host").build());
    try (RobotsCache failed = RobotsCache.builder().fetcher(failing).crawler("Bot").build()) {
      RobotsReport report =
          new RobotsEndpoint(failed, true).robots("https://gone.test/", null).block(WAIT);
      assertThat(report.state().outcome()).isEqualTo("UNREACHABLE");
      assertThat(report.state().status()).isZero();
      assertThat(report.state().failure()).isEqualTo("DNS");
      assertThat(report.verdict().allowed()).isFalse();
      assertThat(report.rules()).as("a blanket answer has no robots.txt").isNull();
    }
  }

  @Test
  void mayFetchWhenAllowedTo() {
    RobotsReport report =
        new RobotsEndpoint(cache, true).robots("https://site.test/a", null).block(WAIT);
    assertThat(report.cached()).isTrue();
    assertThat(report.verdict().allowed()).isTrue();
    assertThat(fetcher.calls()).isEqualTo(1);
  }

  @Test
  void invalidationDropsTheOrigin() {
    cache.check("https://site.test/").block(WAIT);
    RobotsEndpoint endpoint = new RobotsEndpoint(cache, false);
    assertThat(endpoint.invalidate("https://site.test/any/page").origin())
        .isEqualTo("https://site.test");
    assertThat(endpoint.robots("https://site.test/", null).block(WAIT).cached()).isFalse();
  }

  @Test
  void badInputIsABadRequest() {
    RobotsEndpoint endpoint = new RobotsEndpoint(cache, true);
    assertThatThrownBy(() -> endpoint.robots("not a url", null))
        .isInstanceOf(InvalidEndpointRequestException.class)
        .hasMessageContaining("not a url");
    assertThatThrownBy(() -> endpoint.invalidate("ftp://site.test/"))
        .isInstanceOf(InvalidEndpointRequestException.class);
    try (RobotsCache anonymous = RobotsCache.builder().fetcher(fetcher).build()) {
      assertThatThrownBy(() -> new RobotsEndpoint(anonymous, true).robots("https://a.test/", null))
          .isInstanceOf(InvalidEndpointRequestException.class)
          .hasMessageContaining("agent");
    }
  }
}
