package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the hello world as the README says, with --local, against a robots.txt served on
 * 127.0.0.1: the names in the URLs resolve through the program's own resolver to loopback.
 */
class HelloWorldTest {
  private HttpServer origin;

  @BeforeEach
  void serve() throws IOException {
    origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] robots = "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8);
    origin.createContext(
        "/robots.txt",
        exchange -> {
          exchange.getResponseHeaders().set("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, robots.length);
          exchange.getResponseBody().write(robots);
          exchange.close();
        });
    origin.start();
  }

  @AfterEach
  void stop() {
    origin.stop(0);
  }

  @Test
  void itSaysWhyAUrlIsDisallowedOrAllowed() {
    String site = "http://hello.test:" + origin.getAddress().getPort();
    assertEquals(
        List.of(
            site + "/private/page: DISALLOWED (MATCHED_DISALLOW, Disallow: /private/ (line 2), OK)"),
        run("--local", site + "/private/page"));
    assertEquals(
        List.of(site + "/public/page: ALLOWED (NO_MATCHING_RULE, OK)"),
        run("--local", site + "/public/page"));
  }

  private static List<String> run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream console = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      HelloWorld.main(args);
    } finally {
      System.setOut(console);
    }
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
