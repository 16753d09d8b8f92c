package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.testing.TestResolver;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The application {@code docs/spring-boot.md} shows, run as written: its {@code properties} block,
 * read from the page, is the application's configuration (plus only what a test needs: a loopback
 * port, and a resolver and address policy that reach the loopback origin), and its WebFlux handler
 * is this class's {@link DocumentedApp#may}, which the page must contain line for line. So the
 * health contributor answers with the documented properties, and a bad or missing URL gets a 400
 * with a reason.
 */
class DocumentedApplicationTest {
  private static final Path PAGE = Path.of("..", "docs", "spring-boot.md");
  private static final Path SOURCE =
      Path.of(
          "src",
          "test",
          "java",
          "io",
          "github",
          "reactiverobots",
          "spring",
          "DocumentedApplicationTest.java");
  private static final DisposableServer ORIGIN =
      HttpServer.create()
          .host("127.0.0.1")
          .port(0)
          .route(
              routes ->
                  routes.get(
                      "/robots.txt",
                      (request, response) -> response.sendString(Mono.just(StarterTests.BODY))))
          .bindNow();
  private static ConfigurableApplicationContext app;
  private static WebTestClient client;

  @BeforeAll
  static void start() throws IOException {
    Map<String, Object> properties = new HashMap<>(documentedProperties());
    properties.put("server.address", "127.0.0.1");
    properties.put("server.port", "0");
    properties.put("reactive-robots.fetcher.address-policy", "permit-all");
    properties.put("logging.level.root", "WARN");
    app =
        new SpringApplicationBuilder(DocumentedApp.class)
            .web(WebApplicationType.REACTIVE)
            .properties(properties)
            .run();
    int port = ((WebServerApplicationContext) app).getWebServer().getPort();
    client = StarterTests.client(port);
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
    ORIGIN.disposeNow();
  }

  @Test
  void theDocumentedPropertiesAreThePagesAndShowTheHealthContributor() throws IOException {
    assertThat(documentedProperties())
        .containsEntry("management.endpoint.health.show-components", "always");
    client
        .get()
        .uri("/actuator/health/robots")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo("UP");
  }

  @Test
  void theHandlerAnswersAVerdictForAGoodUrl() {
    String url = "http://site.test:" + ORIGIN.port() + "/private/page";
    client
        .get()
        .uri(b -> b.path("/may").queryParam("url", url).build())
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody(String.class)
        .isEqualTo("false MATCHED_DISALLOW");
  }

  @Test
  void aBadUrlIs400WithTheReason() {
    client
        .get()
        .uri(b -> b.path("/may").queryParam("url", "not-a-url").build())
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody(String.class)
        .value(body -> assertThat(body).contains("not-a-url"));
    client
        .get()
        .uri(b -> b.path("/may").queryParam("url", "ftp://example.test/x").build())
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody(String.class)
        .value(body -> assertThat(body).contains("ftp://example.test/x"));
  }

  @Test
  void aMissingUrlIs400WithTheReason() {
    client
        .get()
        .uri("/may")
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody(String.class)
        .isEqualTo("url is required");
  }

  @Test
  void thePageShowsThisHandlerLineForLine() throws IOException {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    Matcher region =
        Pattern.compile("// docs:begin\n(.*?)\n\\s*// docs:end", Pattern.DOTALL).matcher(source);
    assertThat(region.find()).as("the handler's region in this file").isTrue();
    String handler = trimmed(region.group(1));
    List<String> javaBlocks = blocks("java");
    assertThat(javaBlocks)
        .as("docs/spring-boot.md's java blocks")
        .anySatisfy(block -> assertThat(trimmed(block)).contains(handler));
  }

  private static Map<String, String> documentedProperties() throws IOException {
    List<String> blocks = blocks("properties");
    assertThat(blocks).as("docs/spring-boot.md has one properties block").hasSize(1);
    Properties p = new Properties();
    p.load(new StringReader(blocks.get(0)));
    return p.stringPropertyNames().stream().collect(Collectors.toMap(name -> name, p::getProperty));
  }

  private static List<String> blocks(String language) throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    Matcher m =
        Pattern.compile("(?m)^```" + language + "\n(.*?)^```$", Pattern.DOTALL).matcher(page);
    List<String> found = new java.util.ArrayList<>();
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  private static String trimmed(String code) {
    return code.lines()
        .map(String::strip)
        .filter(l -> !l.isEmpty())
        .collect(Collectors.joining("\n"));
  }

  /** The page's application, with a resolver that maps {@code *.test} to the loopback origin. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class DocumentedApp {
    @Bean
    NettyRobotsFetcherBuilderCustomizer loopbackNames() {
      TestResolver resolver = new TestResolver();
      return builder -> builder.resolver(resolver);
    }

    // docs:begin
    @Bean
    RouterFunction<ServerResponse> may(RobotsCache robots) { // the starter's cache
      return route(GET("/may"), request -> answer(robots, request.queryParam("url").orElse(null)));
    }

    static Mono<ServerResponse> answer(RobotsCache robots, String url) {
      if (url == null) {
        return ServerResponse.badRequest().bodyValue("url is required");
      }
      return robots
          .check(url)
          .flatMap(v -> ServerResponse.ok().bodyValue(v.allowed() + " " + v.reason()))
          // "not a url", "ftp://x": 400 with the reason, naming the input
          .onErrorResume(
              InvalidUrlException.class,
              e -> ServerResponse.badRequest().bodyValue(e.getMessage()));
    }
    // docs:end
  }
}
