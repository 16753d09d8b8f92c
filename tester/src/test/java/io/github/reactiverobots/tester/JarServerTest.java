package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} from the packaged jar, its console as a user sees it: 300 malformed requests over
 * loopback leave one line on standard error, whatever logs reactor-netty would have written.
 */
class JarServerTest {
  @TempDir Path dir;

  @Test
  void threeHundredMalformedRequestsLeaveOneLineOnTheConsole() throws Exception {
    Path err = dir.resolve("stderr.txt");
    Process p =
        new ProcessBuilder("java", "-jar", JarCommandsTest.JAR.toString(), "serve", "--port", "0")
            .redirectError(err.toFile())
            .start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      String serving = out.readLine();
      assertThat(serving).startsWith("serving http://127.0.0.1:");
      int port = Integer.parseInt(serving.replaceAll(".*:(\\d+)/$", "$1"));
      String host = "Host: 127.0.0.1:" + port + "\r\n";
      List<String> malformed =
          List.of(
              "GARBAGE \u0001 nonsense\r\n\r\n",
              "GET / HTTP/1.1\r\n" + host + "Bad Header Line\r\n\r\n",
              "GET /" + "a".repeat(9000) + " HTTP/1.1\r\n" + host + "\r\n",
              RawHttp.analyzeHead(port, "Content-Length: abc\r\n"),
              RawHttp.analyzeHead(port, "Transfer-Encoding: chunked\r\n") + "zz\r\n");
      for (int i = 0; i < 300; i++) {
        try (RawHttp client = RawHttp.connect(port, Duration.ofSeconds(20))) {
          client.send(malformed.get(i % malformed.size()));
          client.readAll();
        }
      }
      try (RawHttp client = RawHttp.connect(port, Duration.ofSeconds(20))) {
        client.send("GET / HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n");
        assertThat(client.readAll()).startsWith("HTTP/1.1 200 ");
      }
      WebServerLimitsTest.awaitTrue(() -> lines(err) > 0);
    } finally {
      p.destroy();
      p.waitFor(20, TimeUnit.SECONDS);
    }
    assertThat(Files.readAllLines(err))
        .singleElement()
        .asString()
        .startsWith("robots-tester: refused a malformed request from /127.0.0.1:");
  }

  private static long lines(Path file) {
    try {
      return Files.readAllLines(file).size();
    } catch (java.io.IOException e) {
      return 0;
    }
  }
}
