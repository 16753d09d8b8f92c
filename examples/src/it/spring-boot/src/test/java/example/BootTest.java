package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import io.github.reactiverobots.spring.NettyRobotsFetcherBuilderCustomizer;
import io.netty.util.Version;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The documented application on Spring Boot 4.0.7's managed versions: it starts, and answers a
 * verdict for an origin on 127.0.0.1 (names *.test resolve there through the fetcher's resolver).
 */
class BootTest {
  private static final byte[] LOOPBACK = {127, 0, 0, 1};

  @Test
  void theDocumentedApplicationAnswersOnBootsOwnVersions() throws Exception {
    assertEquals(
        "4.2.15.Final",
        Version.identify().get("netty-common").artifactVersion(),
        "the Netty of Spring Boot 4.0.7's dependency management");
    HttpServer origin =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] body = "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8);
    origin.createContext(
        "/robots.txt",
        exchange -> {
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    origin.start();
    try (ConfigurableApplicationContext app =
        new SpringApplicationBuilder(CrawlerApplication.class, LoopbackNames.class)
            .run(
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--reactive-robots.user-agent=MyCrawler/1.0 (+https://example.com/bot)",
                "--reactive-robots.fetcher.address-policy=permit-all")) {
      String port = app.getEnvironment().getProperty("local.server.port");
      String site = "http://boot.test:" + origin.getAddress().getPort();
      assertEquals("200 false MATCHED_DISALLOW", may(port, site + "/private/page"));
      assertEquals("200 true NO_MATCHING_RULE", may(port, site + "/public/page"));
      assertEquals(400, Integer.parseInt(may(port, "not-a-url").substring(0, 3)));
    } finally {
      origin.stop(0);
    }
  }

  private static String may(String port, String url) throws IOException, InterruptedException {
    URI uri =
        URI.create(
            "http://127.0.0.1:"
                + port
                + "/may?url="
                + URLEncoder.encode(url, StandardCharsets.UTF_8));
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.body();
  }

  /** The fetcher resolves *.test to 127.0.0.1 and nothing else. */
  @Configuration(proxyBeanMethods = false)
  static class LoopbackNames {
    @Bean
    NettyRobotsFetcherBuilderCustomizer loopbackNames() {
      return fetcher ->
          fetcher.resolver(
              host -> {
                if (!host.endsWith(".test")) {
                  throw new UnknownHostException(host + ": only *.test names resolve here");
                }
                return List.of(InetAddress.getByAddress(host, LOOPBACK));
              });
    }
  }
}
