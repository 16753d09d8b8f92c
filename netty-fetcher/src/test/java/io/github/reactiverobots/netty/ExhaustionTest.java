package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * SEMANTICS.md §6, the crawler's own faults: a crawler out of descriptors (its soft limit lowered
 * to 100 above what it holds, 512 checks in flight) gets {@code CRAWLER_FAULT} for the fetches it
 * could not start, and never a failure kind of the sites; nothing is kept for those origins, so
 * once descriptors are back they are fetched again at once, with no backoff. The servers run in
 * this JVM, so that only the crawler runs short.
 */
class ExhaustionTest {
  private static final int ORIGINS = 3000;

  @Test
  void runningOutOfDescriptorsIsTheCrawlersFaultNotTheSites() throws Exception {
    assumeThat(Files.isDirectory(Path.of("/proc/self/fd"))).as("Linux /proc").isTrue();
    assertThat(Files.isExecutable(Path.of("/usr/bin/prlimit"))).as("prlimit (util-linux)").isTrue();
    List<DisposableServer> servers = new ArrayList<>();
    List<String> addresses = new ArrayList<>();
    try {
      for (int i = 1; i <= 8; i++) {
        DisposableServer s =
            HttpServer.create()
                .host("127.31.0." + i)
                .port(0)
                .handle(
                    (req, res) ->
                        res.sendString(Mono.just("User-agent: *\nDisallow: /private\n")).then())
                .bindNow();
        servers.add(s);
        addresses.add("127.31.0." + i + ":" + s.port());
      }
      String report = run(String.join(",", addresses));
      Matcher m =
          Pattern.compile("RESULT first=\\{(.*)} kept=(\\d+) second=\\{(.*)} limit")
              .matcher(report);
      assertThat(m.find()).as(report).isTrue();
      int ok = count(m.group(1), "OK/disallowed");
      int faults = count(m.group(1), "CRAWLER_FAULT/disallowed");
      assertThat(ok + faults).as("only OK and CRAWLER_FAULT: %s", report).isEqualTo(ORIGINS);
      assertThat(faults).as("the limit was reached: %s", report).isPositive();
      assertThat(Long.parseLong(m.group(2))).as("only the sites' answers are kept").isEqualTo(ok);
      assertThat(m.group(3)).as(report).isEqualTo(faults == 0 ? "" : "OK/disallowed=" + faults);
      System.out.println("ExhaustionTest: " + report.strip());
    } finally {
      servers.forEach(DisposableServer::disposeNow);
    }
  }

  private static int count(String counts, String kind) {
    Matcher m = Pattern.compile(Pattern.quote(kind) + "=(\\d+)").matcher(counts);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  private static String run(String servers) throws Exception {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx512m",
            "-cp",
            System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
            ExhaustionApp.class.getName(),
            servers,
            Integer.toString(ORIGINS),
            "512",
            "100");
    Process app = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] out;
    try (InputStream in = app.getInputStream()) {
      out = in.readAllBytes();
    }
    if (!app.waitFor(300, TimeUnit.SECONDS)) {
      app.destroyForcibly();
      throw new IllegalStateException("the application did not finish");
    }
    String report = new String(out, StandardCharsets.UTF_8);
    assertThat(app.exitValue()).as(report).isZero();
    return report;
  }
}
