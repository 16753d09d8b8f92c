package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;

/**
 * A small polite run (loopback farm, netty fetcher, real cache and pacer, reactor-netty page
 * fetches), and the farm's side of the check: it does catch a crawler that is not polite.
 */
class PoliteRunTest {
  @Test
  void noOriginIsContactedMoreOftenThanItsRulesAllowAndRetryAfterIsHonoured() throws Exception {
    PoliteOptions options =
        PoliteOptions.parse(
            new String[] {
              "--polite",
              "--origins",
              "40",
              "--checks",
              "200",
              "--min-delay-ms",
              "50",
              "--max-delay-ms",
              "400",
              "--paced",
              "50",
              "--busy",
              "20",
              "--retry-after-s",
              "1",
              "--mix",
              "404=10,5xx=10,redirect=10,gzip=10",
              "--concurrency",
              "32",
              "--fetch-timeout-ms",
              "5000",
              "--max-seconds",
              "60",
              "--quiet"
            });

    PoliteReport report = new PoliteRun(options).run();

    assertThat(report.completed()).isTrue();
    assertThat(report.errors()).isZero();
    long disallowed = report.disallowed().values().stream().mapToLong(Long::longValue).sum();
    assertThat(report.released() + disallowed + report.invalid()).isEqualTo(report.pages());
    assertThat(report.disallowed()).containsKey(Reason.ROBOTS_UNREACHABLE);
    assertThat(report.measured()).isGreaterThan(20);
    assertThat(report.violations()).isEmpty();
    assertThat(report.smallestGapNanos()).isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());
    assertThat(report.rules()).anySatisfy(r -> assertThat(r.rule()).startsWith("crawl-delay"));
    assertThat(report.rules()).anySatisfy(r -> assertThat(r.rule()).startsWith("request-rate"));
    assertThat(report.rules())
        .allSatisfy(
            r -> assertThat(r.smallestGapNanos()).isGreaterThanOrEqualTo(r.intervalNanos()));
    assertThat(report.busyOrigins()).isPositive();
    assertThat(report.smallestGapAfterRetryNanos()).isGreaterThanOrEqualTo(1_000_000_000L);
    assertThat(report.statuses()).containsKeys(200, 503);
    assertThat(report.held()).isTrue();
    assertThat(report.text()).contains("no origin was contacted more often than its rules allow");
  }

  @Test
  void oneBusyOriginTakesItsShareAndTheOthersAreAllReleasedBesideIt() throws Exception {
    String[] args = {
      "--polite",
      "--origins",
      "21",
      "--checks",
      "2000",
      "--heavy",
      "50",
      "--mix",
      "404=100",
      "--paced",
      "0",
      "--busy",
      "0",
      "--min-delay-ms",
      "20",
      "--max-seconds",
      "60",
      "--quiet"
    };
    PoliteOptions options = PoliteOptions.parse(args);
    boolean[] all = new boolean[21];
    java.util.Arrays.fill(all, true);
    List<String> urls = new PoliteRun(options).pageUrls(all);
    assertThat(urls).hasSize(2000);
    assertThat(urls.subList(0, 4))
        .extracting(u -> java.net.URI.create(u).getHost())
        .containsExactly("o1.test", "o0.test", "o2.test", "o0.test");

    PoliteReport report = new PoliteRun(options).run();

    assertThat(report.heavy().host()).isEqualTo("o0.test");
    assertThat(report.heavy().pages()).isEqualTo(1000);
    assertThat(report.heavy().otherOrigins()).isEqualTo(20);
    assertThat(report.heavy().otherReleased()).isEqualTo(1000);
    assertThat(report.deferred()).isPositive();
    assertThat(report.heavy().released() + report.deferred()).isEqualTo(1000);
    assertThat(report.mostHeld()).isLessThanOrEqualTo(10_000);
    assertThat(report.completed()).isTrue();
    assertThat(report.held()).isTrue();
    assertThat(report.text()).contains("1,000 releases to the 20 other origins");
  }

  @Test
  void theFarmRecordsTheGapsOfACrawlerThatDoesNotWait() throws Exception {
    PoliteSite site = new PoliteSite(2, 1, 0, 0, 1);
    try (OriginFarm farm =
        new OriginFarm(
            2,
            BenchCorpus.selected().files().subList(0, 1),
            Mix.parse(""),
            1,
            Duration.ZERO,
            site)) {
      FarmResolver resolver = new FarmResolver(farm.address());
      HttpClient http = HttpClient.create().resolver(resolver).disableRetry(true);
      List<Integer> statuses = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        statuses.add(
            http.get()
                .uri("http://" + OriginFarm.host(1) + "/page" + i)
                .response()
                .map(r -> r.status().code())
                .block(Duration.ofSeconds(10)));
      }
      resolver.close();

      assertThat(statuses).containsExactly(200, 200, 200);
      assertThat(site.pageRequests(1)).isEqualTo(3);
      assertThat(site.pageRequests(0)).isZero();
      // Three requests one after the other, with no pacing: far closer than any crawl-delay.
      assertThat(site.smallestGapNanos(1)).isLessThan(Duration.ofSeconds(5).toNanos());
      assertThat(site.smallestGapNanos(0)).isEqualTo(Long.MAX_VALUE);
    }
  }
}
