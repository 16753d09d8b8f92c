package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.testing.TestResolver;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A WebFlux application on 127.0.0.1 with the starter: a handler checks URLs through the injected
 * cache, whose fetcher reaches a loopback origin through a resolver that maps {@code *.test} to
 * 127.0.0.1; the Actuator endpoint and health are read over HTTP.
 */
@SpringBootTest(
    classes = StarterApplicationTest.CrawlerApp.class,
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "reactive-robots.user-agent=StarterTestBot/1.0 (+https://example.test/bot)",
      "reactive-robots.fetcher.max-in-flight=32",
      "management.endpoints.web.exposure.include=robots,health,metrics",
      "management.endpoint.health.show-details=always",
      "logging.level.root=WARN"
    })
class StarterApplicationTest {
  private static final AtomicInteger ROBOTS_REQUESTS = new AtomicInteger();
  private static final DisposableServer ORIGIN =
      HttpServer.create()
          .host("127.0.0.1")
          .port(0)
          .route(
              routes ->
                  routes.get(
                      "/robots.txt",
                      (request, response) -> {
                        ROBOTS_REQUESTS.incrementAndGet();
                        return response.sendString(Mono.just(StarterTests.BODY));
                      }))
          .bindNow();
  private static final String SITE = "http://site.test:" + ORIGIN.port();

  @LocalServerPort int port;

  @Autowired RobotsCache cache;

  @AfterAll
  static void stopOrigin() {
    ORIGIN.disposeNow();
  }

  @Test
  void checksThroughTheInjectedCacheAndReportsInActuator() {
    WebTestClient client = StarterTests.client(port);

    client
        .get()
        .uri(b -> b.path("/may").queryParam("url", SITE + "/private/page").build())
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.allowed")
        .isEqualTo(false)
        .jsonPath("$.reason")
        .isEqualTo("MATCHED_DISALLOW")
        .jsonPath("$.line")
        .isEqualTo(3);
    client
        .get()
        .uri(b -> b.path("/may").queryParam("url", SITE + "/private/open").build())
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.allowed")
        .isEqualTo(true);
    assertThat(ROBOTS_REQUESTS.get()).as("one fetch for the origin").isEqualTo(1);
    client
        .get()
        .uri(
            b ->
                b.path("/actuator/metrics/robots.verdicts")
                    .queryParam("tag", "decision:disallow")
                    .build())
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.measurements[0].value")
        .isEqualTo(1.0);

    client
        .get()
        .uri(b -> b.path("/actuator/robots").queryParam("url", SITE + "/private/x").build())
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.origin")
        .isEqualTo(SITE)
        .jsonPath("$.agent")
        .isEqualTo("StarterTestBot")
        .jsonPath("$.cached")
        .isEqualTo(true)
        .jsonPath("$.state.outcome")
        .isEqualTo("OK")
        .jsonPath("$.state.status")
        .isEqualTo(200)
        .jsonPath("$.state.failure")
        .doesNotExist()
        .jsonPath("$.state.fetchedAt")
        .isNotEmpty()
        .jsonPath("$.state.expiresAt")
        .isNotEmpty()
        .jsonPath("$.state.staleCopy")
        .isEqualTo(false)
        .jsonPath("$.verdict.allowed")
        .isEqualTo(false)
        .jsonPath("$.verdict.rule.pattern")
        .isEqualTo("/private/")
        .jsonPath("$.verdict.rule.line")
        .isEqualTo(3)
        .jsonPath("$.rules.groups[0].userAgents[0]")
        .isEqualTo("*")
        .jsonPath("$.rules.groups[0].rules[0].directive")
        .isEqualTo("allow")
        .jsonPath("$.rules.groups[0].rules[0].line")
        .isEqualTo(2);

    client
        .get()
        .uri(b -> b.path("/actuator/robots").queryParam("url", "http://other.test/").build())
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.cached")
        .isEqualTo(false);
    assertThat(ROBOTS_REQUESTS.get()).as("reading the endpoint fetched nothing").isEqualTo(1);

    client
        .get()
        .uri(b -> b.path("/actuator/robots").queryParam("url", "not a url").build())
        .exchange()
        .expectStatus()
        .isBadRequest();
    client
        .delete()
        .uri(b -> b.path("/actuator/robots").queryParam("url", SITE).build())
        .exchange()
        .expectStatus()
        .isEqualTo(HttpStatus.METHOD_NOT_ALLOWED);
    assertThat(cache.checkIfCached(SITE + "/private/x")).as("still cached").isPresent();

    client
        .get()
        .uri("/actuator/health/robots")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo("UP")
        .jsonPath("$.details.capacity")
        .isEqualTo(32)
        .jsonPath("$.details.saturated")
        .isEqualTo(false);
  }

  /** A crawler application: the starter's beans, and a handler that checks a URL. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class CrawlerApp {
    @Bean
    NettyRobotsFetcherBuilderCustomizer loopbackNames() {
      TestResolver resolver = new TestResolver();
      return builder -> builder.resolver(resolver).addressPolicy(AddressPolicy.permitAll());
    }

    @Bean
    RouterFunction<ServerResponse> may(RobotsCache robots) {
      return RouterFunctions.route()
          .GET(
              "/may",
              request ->
                  robots
                      .check(request.queryParam("url").orElseThrow())
                      .flatMap(
                          v ->
                              ServerResponse.ok()
                                  .bodyValue(
                                      Map.of(
                                          "allowed",
                                          v.allowed(),
                                          "reason",
                                          v.reason().name(),
                                          "line",
                                          v.rule().map(r -> r.line()).orElse(0)))))
          .build();
    }
  }
}
