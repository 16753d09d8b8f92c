package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.RobotsCaches;
import io.github.reactiverobots.redis.RedisRobotsStore;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two workers of a fleet, each a cache with its own Redis store on one real redis-server (started
 * here on a free 127.0.0.1 port), ask about one origin served on 127.0.0.1: both get its verdict,
 * and the origin serves its robots.txt once, to the first worker; the second reads it from Redis.
 * Without redis-server the test is skipped, unless CI is set.
 */
class FleetTest {
  private static final byte[] LOOPBACK = {127, 0, 0, 1};
  private static final CrawlerIdentity CRAWLER =
      CrawlerIdentity.of("MyCrawler/1.0 (+https://example.com/bot)");

  private Process redis;
  private int redisPort;
  private HttpServer origin;
  private final AtomicInteger robotsRequests = new AtomicInteger();

  @BeforeEach
  void start() throws Exception {
    Path server = redisServer();
    boolean ci = System.getenv("CI") != null;
    assertTrue(server != null || !ci, "redis-server is missing (Debian package redis-server)");
    assumeTrue(server != null, "redis-server is not installed");
    for (int attempt = 0; redis == null && attempt < 3; attempt++) {
      startRedis(server);
    }
    assertTrue(redis != null, "redis-server did not start on a free port in 3 attempts");
    origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] body = "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8);
    origin.createContext(
        "/robots.txt",
        exchange -> {
          robotsRequests.incrementAndGet();
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    origin.start();
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (origin != null) {
      origin.stop(0);
    }
    if (redis != null) {
      redis.destroy();
      redis.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void twoWorkersShareOneFetchOfEachRobotsTxtThroughRedis() {
    String url = "http://fleet.test:" + origin.getAddress().getPort() + "/private/page";
    try (Worker a = new Worker();
        Worker b = new Worker()) {
      String disallowed = "DISALLOWED (MATCHED_DISALLOW, Disallow: /private/ (line 2), OK)";
      assertEquals(disallowed, a.check(url).toString());
      // b asks once a has fetched: it reads a's copy from Redis (or waits on a's lease for it).
      assertEquals(disallowed, b.check(url).toString());
    }
    assertEquals(1, robotsRequests.get(), "robots.txt requests at the origin");
  }

  @Test
  void theRedisModuleBringsNoSlf4jWithoutABindingSoNothingPrintsTheNopWarning() {
    // slf4j-api alone prints "SLF4J: Defaulting to no-operation (NOP) logger implementation".
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.slf4j.LoggerFactory"));
  }

  /** One worker of the fleet: a cache over the netty fetcher, with its own Redis store. */
  private final class Worker implements AutoCloseable {
    private final RedisRobotsStore store =
        RedisRobotsStore.builder().uri("redis://127.0.0.1:" + redisPort).build();
    private final RobotsCache robots =
        RobotsCaches.create(
            CRAWLER,
            fetcher ->
                fetcher.resolver(FleetTest::loopback).addressPolicy(AddressPolicy.permitAll()),
            cache -> cache.store(store));

    Verdict check(String url) {
      return robots.check(url).block(Duration.ofSeconds(30));
    }

    @Override
    public void close() {
      robots.close();
      store.close();
    }
  }

  private static List<InetAddress> loopback(String host) throws UnknownHostException {
    if (!host.endsWith(".test")) {
      throw new UnknownHostException(host + ": only *.test names resolve here");
    }
    return List.of(InetAddress.getByAddress(host, LOOPBACK));
  }

  private void startRedis(Path server) throws Exception {
    int port;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByAddress(LOOPBACK))) {
      port = probe.getLocalPort();
    }
    Process p =
        new ProcessBuilder(
                server.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no")
            .redirectErrorStream(true)
            .start();
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                  if (line.contains("Ready to accept connections")) {
                    ready.complete(true);
                  }
                }
              } catch (IOException e) {
                // the process ended
              }
              ready.complete(false);
            });
    reader.setDaemon(true);
    reader.start();
    if (ready.get(20, TimeUnit.SECONDS)) {
      redis = p;
      redisPort = port;
    } else {
      p.destroyForcibly();
    }
  }

  private static Path redisServer() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "redis-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    Path debian = Path.of("/usr/bin/redis-server");
    return Files.isExecutable(debian) ? debian : null;
  }
}
