package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.RobotsCaches;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.netty.http.client.HttpClient;

/**
 * The README's quick start and politeness loop, as the README writes them, on a cache and a client
 * whose names (*.test) resolve to the origin on 127.0.0.1 and nowhere else.
 */
class ReadmeTest {
  private static final String ROBOTS =
      "User-agent: *\nDisallow: /private/\n\nUser-agent: OtherBot\nDisallow: /\n";
  private static final byte[] LOOPBACK = {127, 0, 0, 1};

  private HttpServer origin;
  private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
  private RobotsCache robots;

  @BeforeEach
  void serve() throws IOException {
    origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    origin.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
          byte[] body =
              (path.equals("/robots.txt") ? ROBOTS : "page " + path)
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    origin.start();
    robots =
        RobotsCaches.create(
            "MyCrawler/1.0 (+https://example.com/bot)",
            fetcher -> fetcher.resolver(ReadmeTest::loopback).addressPolicy(AddressPolicy.permitAll()));
  }

  @AfterEach
  void stop() {
    robots.close();
    origin.stop(0);
  }

  private static List<InetAddress> loopback(String host) throws UnknownHostException {
    if (!host.endsWith(".test")) {
      throw new UnknownHostException(host + ": only *.test names resolve here");
    }
    return List.of(InetAddress.getByAddress(host, LOOPBACK));
  }

  private String site() {
    return "http://site.test:" + origin.getAddress().getPort();
  }

  @Test
  void theQuickStartAnswersEveryCallAndFetchesRobotsTxtOnce() {
    String site = site();
    List<String> lines = QuickStart.tour(robots, new SimpleMeterRegistry(), site);
    assertEquals("allowed: true", lines.get(0));
    assertEquals(
        "check: DISALLOWED (MATCHED_DISALLOW, Disallow: /private/ (line 2), OK)", lines.get(1));
    assertEquals("checkAll: " + site + "/a ALLOWED (NO_MATCHING_RULE, OK)", lines.get(2));
    assertTrue(
        lines.get(3).startsWith("checkAll: not a url error " + InvalidUrlException.class.getName()),
        lines.get(3));
    assertEquals(
        List.of(
            "checkAll: "
                + site
                + "/private/b DISALLOWED (MATCHED_DISALLOW, Disallow: /private/ (line 2), OK)",
            "checkAllUnordered: 3 answers",
            "checkIfCached: true",
            "OtherBot: DISALLOWED (MATCHED_DISALLOW, Disallow: / (line 5), OK)"),
        lines.subList(4, lines.size()));
    assertEquals(1, requests.get("/robots.txt").get(), "robots.txt fetches");
  }

  @Test
  void thePoliteLoopFetchesTheAllowedPagesOnlyAndEachOnce() {
    String site = site();
    HttpClient client = HttpClient.create().resolver(new LoopbackResolver());
    List<String> pages =
        PoliteCrawl.crawl(
                robots, client, Flux.just(site + "/one", site + "/private/two", site + "/three"))
            .collectList()
            .block(Duration.ofSeconds(30));
    assertEquals(List.of("page /one", "page /three"), pages.stream().sorted().toList());
    assertEquals(null, requests.get("/private/two"), "a disallowed page is never fetched");
  }

  /** Netty's side of the same resolver, for the crawl loop's HttpClient. */
  static final class LoopbackResolver extends AddressResolverGroup<InetSocketAddress> {
    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
      return new InetNameResolver(executor) {
        @Override
        protected void doResolve(String host, Promise<InetAddress> promise) {
          try {
            promise.setSuccess(loopback(host).get(0));
          } catch (UnknownHostException e) {
            promise.setFailure(e);
          }
        }

        @Override
        protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
          try {
            promise.setSuccess(loopback(host));
          } catch (UnknownHostException e) {
            promise.setFailure(e);
          }
        }
      }.asAddressResolver();
    }
  }

  @Test
  void theCrawlerCommonsSwitchAnswersByItsFallbackName() {
    byte[] body =
        "User-agent: googlebot\nDisallow: /private\nCrawl-delay: 1\n\nUser-agent: *\nDisallow: /\n"
            .getBytes(StandardCharsets.UTF_8);
    var rules = CrawlerCommonsSwitch.rules("https://example.com/robots.txt", body);
    assertTrue(rules.isAllowed("https://example.com/path?q"));
    assertTrue(!rules.isAllowed("https://example.com/private/x"));
    assertEquals(1_000, rules.getCrawlDelay());
  }
}
