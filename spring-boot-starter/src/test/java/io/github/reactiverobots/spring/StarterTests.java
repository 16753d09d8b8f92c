package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.convert.support.ConfigurableConversionService;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.netty.http.client.HttpClient;

/** What the starter's context tests share. */
final class StarterTests {
  static final String USER_AGENT = "StarterTestBot/1.0 (+https://example.test/bot)";
  static final String BODY = "User-agent: *\nAllow: /private/open\nDisallow: /private/\n";

  private StarterTests() {}

  /** The auto-configurations as the starter registers them, read from its imports file. */
  static AutoConfigurations starter() {
    Class<?>[] classes =
        ImportCandidates.load(AutoConfiguration.class, StarterTests.class.getClassLoader())
            .getCandidates()
            .stream()
            .filter(name -> name.startsWith("io.github.reactiverobots."))
            .map(StarterTests::load)
            .toArray(Class<?>[]::new);
    return AutoConfigurations.of(classes);
  }

  /** A context with the starter and, as SpringApplication sets it, Boot's conversion service. */
  static ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(starter())
        .withInitializer(StarterTests::bootConversions);
  }

  static ReactiveWebApplicationContextRunner reactiveRunner() {
    return new ReactiveWebApplicationContextRunner()
        .withConfiguration(starter())
        .withInitializer(StarterTests::bootConversions);
  }

  /** Reads enum values leniently ({@code unrestricted} for {@code UNRESTRICTED}). */
  private static void bootConversions(ConfigurableApplicationContext context) {
    context
        .getEnvironment()
        .setConversionService(
            (ConfigurableConversionService) ApplicationConversionService.getSharedInstance());
  }

  /**
   * A client of the application listening on 127.0.0.1:{@code port} that opens a new connection for
   * each request, instead of keeping one alive. Reactor Netty's server (1.3.7) stops reading a
   * kept-alive connection after a request that arrived before the previous response had finished on
   * the server (buffered) is answered synchronously (reactor-netty issues 4361 and pull request
   * 4347): after an Actuator response produced off the event loop (metrics and health run on
   * boundedElastic), a fast client's next request is buffered, the {@code robots} endpoint or a
   * cached check answers it on the event loop, and the request after it waits forever. On a loaded
   * machine this hung one request of StarterApplicationTest until the client's timeout.
   */
  static WebTestClient client(int port) {
    return WebTestClient.bindToServer(new ReactorClientHttpConnector(HttpClient.newConnection()))
        .baseUrl("http://127.0.0.1:" + port)
        .responseTimeout(Duration.ofSeconds(30))
        .build();
  }

  /** A fetcher that serves {@link #BODY} for every origin, counting its fetches. */
  static FakeFetcher servingBody() {
    return new FakeFetcher().otherwise(ok(BODY));
  }

  static FetchResult ok(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }
}
