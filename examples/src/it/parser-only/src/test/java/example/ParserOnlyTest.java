package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawler that fetches robots.txt itself (here with the JDK's HttpClient, from a server on
 * 127.0.0.1) and depends on reactive-robots-robotstxt alone: its runtime class path is that one
 * jar, jdeps finds nothing but java.base in it, and the README's ParserAlone runs with only that
 * jar on the class path.
 */
class ParserOnlyTest {
  private static final String ROBOTS =
      "User-agent: *\nDisallow: /private/\nSitemap: https://example.com/sitemap.xml\n";

  @Test
  void theRuntimeClassPathIsTheParserJarAlone() throws IOException {
    List<String> entries = classPath();
    assertEquals(1, entries.size(), "runtime class path: " + entries);
    assertTrue(
        Path.of(entries.get(0)).getFileName().toString().startsWith("reactive-robots-robotstxt-"),
        entries.get(0));
  }

  @Test
  void jdepsFindsOnlyJavaBase() throws IOException {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    int exit =
        jdeps.run(print, print, "--ignore-missing-deps", "--print-module-deps", classPath().get(0));
    System.out.println("jdeps --print-module-deps " + classPath().get(0) + ":\n" + out);
    assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
    assertEquals("java.base", out.toString(StandardCharsets.UTF_8).strip());
  }

  @Test
  void theReadmeProgramRunsWithOnlyTheJarOnTheClassPath(@TempDir Path dir) throws Exception {
    Path robots = dir.resolve("robots.txt");
    HttpServer origin =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] body = ROBOTS.getBytes(StandardCharsets.UTF_8);
    origin.createContext(
        "/robots.txt",
        exchange -> {
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    origin.start();
    try {
      URI uri = URI.create("http://127.0.0.1:" + origin.getAddress().getPort() + "/robots.txt");
      HttpClient.newHttpClient()
          .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofFile(robots));
    } finally {
      origin.stop(0);
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process run =
        new ProcessBuilder(
                java, "-cp", classPath().get(0), System.getProperty("parser.source"), robots.toString())
            .redirectErrorStream(true)
            .start();
    assertTrue(run.waitFor(60, TimeUnit.SECONDS), "ParserAlone did not finish in 60 s");
    List<String> lines =
        new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    assertEquals(0, run.exitValue(), String.join("\n", lines));
    assertEquals(
        List.of(
            "ALLOWED (NO_MATCHING_RULE)",
            "DISALLOWED (MATCHED_DISALLOW, Disallow: /private/ (line 2))",
            "ALLOWED (NO_MATCHING_RULE)",
            "[https://example.com/sitemap.xml]",
            "0"),
        lines.subList(0, 5));
    assertTrue(lines.get(5).startsWith("no group names 'mycrawler'"), lines.get(5));
  }

  private static List<String> classPath() throws IOException {
    String line = Files.readString(Path.of(System.getProperty("runtime.classpath"))).strip();
    return List.of(line.split(java.io.File.pathSeparator));
  }
}
