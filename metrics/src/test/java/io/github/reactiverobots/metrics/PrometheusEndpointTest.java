package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.client.HttpClient;

/**
 * Serves a real scrape over loopback and checks it: status, content type, the metric families the
 * module publishes, and, when {@code promtool} is on the PATH, {@code promtool check metrics}.
 * BlockHound is active in this module's tests, so a blocking call on a Netty thread while serving
 * would fail the request.
 */
class PrometheusEndpointTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final Exposition.Exercised exercised = Exposition.exercised();
  private PrometheusEndpoint endpoint;

  @AfterEach
  void stop() {
    if (endpoint != null) {
      endpoint.close();
    }
  }

  /** A response as received: status, content type, body, content length and cache control. */
  record Reply(int status, String contentType, String body, String length, String cacheControl) {}

  private static Reply request(PrometheusEndpoint endpoint, HttpMethod method, String path) {
    return HttpClient.newConnection()
        .host("127.0.0.1")
        .port(endpoint.address().getPort())
        .request(method)
        .uri(path)
        .responseSingle(
            (response, body) ->
                body.asString(StandardCharsets.UTF_8)
                    .defaultIfEmpty("")
                    .map(
                        text ->
                            new Reply(
                                response.status().code(),
                                response.responseHeaders().get(HttpHeaderNames.CONTENT_TYPE),
                                text,
                                response.responseHeaders().get(HttpHeaderNames.CONTENT_LENGTH),
                                response.responseHeaders().get(HttpHeaderNames.CACHE_CONTROL))))
        .block(TIMEOUT);
  }

  @Test
  void servesTheScrapeWithThePrometheusContentType() {
    endpoint = PrometheusEndpoint.builder(exercised.registry()).host("127.0.0.1").port(0).bindNow();
    assertThat(endpoint.address().getPort()).isPositive();
    assertThat(endpoint.address().getAddress().isLoopbackAddress()).isTrue();

    Reply reply = request(endpoint, HttpMethod.GET, "/metrics");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.contentType()).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
    assertThat(Exposition.of(reply.body()).sampleNames)
        .contains(
            "robots_cache_requests_total",
            "robots_cache_origins",
            "robots_cache_weight_bytes",
            "robots_cache_evictions_total",
            "robots_fetch_seconds_bucket",
            "robots_fetch_seconds_count",
            "robots_fetch_seconds_sum",
            "robots_fetch_seconds_max",
            "robots_fetch_active",
            "robots_fetch_queued",
            "robots_fetch_body_bytes_count",
            "robots_fetch_body_bytes_sum",
            "robots_parse_seconds_count",
            "robots_check_seconds_count",
            "robots_verdicts_total");
    assertThat(reply.body())
        .contains("robots_cache_requests_total{result=\"hit\"} 1.0")
        .contains("robots_cache_weight_bytes 2048.0")
        .contains("robots_verdicts_total{decision=\"disallow\",reason=\"matched_disallow\"} 1.0");
  }

  @Test
  void headAndTheTrailingSlashAnswerLikeGet() {
    endpoint = PrometheusEndpoint.builder(exercised.registry()).host("127.0.0.1").port(0).bindNow();
    Reply get = request(endpoint, HttpMethod.GET, "/metrics");
    Reply head = request(endpoint, HttpMethod.HEAD, "/metrics");
    Reply slash = request(endpoint, HttpMethod.GET, "/metrics/");
    Reply headSlash = request(endpoint, HttpMethod.HEAD, "/metrics/");

    assertThat(get.length())
        .isEqualTo(Integer.toString(get.body().getBytes(StandardCharsets.UTF_8).length));
    for (Reply r : new Reply[] {head, headSlash}) {
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.contentType()).isEqualTo(get.contentType());
      assertThat(r.cacheControl()).isEqualTo("no-store");
      assertThat(r.length()).isEqualTo(get.length());
      assertThat(r.body()).isEmpty();
    }
    assertThat(slash.status()).isEqualTo(200);
    assertThat(slash.contentType()).isEqualTo(get.contentType());
    assertThat(slash.body()).isEqualTo(get.body());
  }

  @Test
  void scrapeRunsOnAThreadThatMayBlockNeverOnTheEventLoop() {
    AtomicReference<String> thread = new AtomicReference<>();
    AtomicReference<Boolean> nonBlocking = new AtomicReference<>();
    PrometheusMeterRegistry registry =
        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT) {
          @Override
          public String scrape() {
            thread.set(Thread.currentThread().getName());
            nonBlocking.set(Schedulers.isInNonBlockingThread());
            return super.scrape();
          }
        };
    new RobotsMetrics().bindTo(registry);
    endpoint = PrometheusEndpoint.builder(registry).port(0).bindNow();

    assertThat(request(endpoint, HttpMethod.GET, "/metrics").status()).isEqualTo(200);
    assertThat(thread.get()).startsWith("boundedElastic");
    assertThat(nonBlocking.get()).isFalse();
  }

  @Test
  void otherPathsAndMethodsAreNotServed() {
    endpoint =
        PrometheusEndpoint.builder(exercised.registry()).port(0).path("/prometheus").bindNow();
    assertThat(endpoint.path()).isEqualTo("/prometheus");

    assertThat(request(endpoint, HttpMethod.GET, "/prometheus").status()).isEqualTo(200);
    assertThat(request(endpoint, HttpMethod.GET, "/metrics").status()).isEqualTo(404);
    assertThat(request(endpoint, HttpMethod.POST, "/prometheus").status()).isEqualTo(404);
  }

  @Test
  void closeAsyncStopsListening() {
    PrometheusEndpoint started =
        PrometheusEndpoint.builder(exercised.registry()).port(0).bind().block(TIMEOUT);
    assertThat(started).isNotNull();
    assertThat(request(started, HttpMethod.GET, "/metrics").status()).isEqualTo(200);

    started.closeAsync().block(TIMEOUT);

    assertThatThrownBy(() -> request(started, HttpMethod.GET, "/metrics"))
        .hasRootCauseInstanceOf(java.net.ConnectException.class);
  }

  @Test
  void builderRejectsBadSettings() {
    PrometheusEndpoint.Builder b = PrometheusEndpoint.builder(exercised.registry());
    assertThatThrownBy(() -> b.port(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.port(65536)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.path("metrics")).hasMessageContaining("start with '/'");
    assertThatThrownBy(() -> b.host(" ")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PrometheusEndpoint.builder(null))
        .isInstanceOf(NullPointerException.class);
  }

  /**
   * {@code promtool check metrics} accepts the exposition, lint included (exit code 0). Skipped,
   * not passed, without promtool.
   */
  @Test
  void promtoolAcceptsTheExposition(@TempDir Path dir) throws Exception {
    Path promtool = Promtool.require();
    endpoint = PrometheusEndpoint.builder(exercised.registry()).port(0).bindNow();
    Reply reply = request(endpoint, HttpMethod.GET, "/metrics");
    assertThat(reply.status()).isEqualTo(200);

    Promtool.Result result = Promtool.run(promtool, dir, reply.body(), "check", "metrics");

    assertThat(result.exitCode()).as("promtool check metrics said:%n%s", result.output()).isZero();
    assertThat(result.output()).isBlank();
  }

  /** The promtool check itself can fail: it rejects a broken and a badly named exposition. */
  @Test
  void promtoolRejectsBadExpositions(@TempDir Path dir) throws Exception {
    Path promtool = Promtool.require();
    assertThat(
            Promtool.run(
                    promtool,
                    dir,
                    "# TYPE robots_x counter\nrobots_x{a=\"1\" 1\n",
                    "check",
                    "metrics")
                .exitCode())
        .isNotZero();
    Promtool.Result lint =
        Promtool.run(promtool, dir, "# TYPE robots_x counter\nrobots_x 1\n", "check", "metrics");
    assertThat(lint.exitCode()).isNotZero();
    assertThat(lint.output()).contains("_total");
  }
}
