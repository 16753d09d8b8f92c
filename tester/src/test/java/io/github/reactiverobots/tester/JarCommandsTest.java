package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar as a user runs it ({@code java -jar}, nothing else on the class path): run in
 * the package phase, after the jar is built. Every command of {@code docs/tester.md} is run as
 * written from the repository's root.
 */
class JarCommandsTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final Path JAR = ROOT.resolve("tester/target/robots-tester.jar");

  @TempDir Path dir;

  @Test
  void theJarReadsContentUsageWithoutAnyExtraClassPath() throws Exception {
    Path robots =
        Files.writeString(
            dir.resolve("robots.txt"),
            "User-agent: *\n"
                + "Content-Signal: ai-train=no\nContent-Usage: / train-ai=n\nDisallow: /x\n");
    Result r =
        run(
            List.of(
                "java",
                "-jar",
                JAR.toString(),
                "check",
                robots.toString(),
                "AiBot",
                "https://a.example/page"),
            Duration.ofSeconds(60));
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "ALLOWED\tno rule matches: allowed\n"
                + "content-usage train-ai=n (line 3)\n"
                + "content-usage ai-use=unknown (line 3)\n"
                + "content-usage search=unknown (line 3)\n"
                + "content-signal ai-train=no (line 2)\n"
                + "usage tdm=unknown\n"
                + "usage train-ai=reserved (content-usage, line 3)\n"
                + "usage ai-use=unknown\n"
                + "usage search=unknown\n");
  }

  @Test
  void everyCommandInTheDocsRunsAsWritten() throws Exception {
    List<String> commands = commands(Files.readString(ROOT.resolve("docs/tester.md")));
    assertThat(commands).hasSizeGreaterThan(8);
    for (String command : commands) {
      if (command.startsWith("./mvnw ")) {
        continue; // the build itself: the build running this test
      }
      if (command.contains(" serve")) {
        serves(command);
        continue;
      }
      Result r = run(List.of("bash", "-c", command), Duration.ofSeconds(90));
      assertThat(r.status()).as(command + "\n" + r.err()).isIn(0, 1);
      assertThat(r.out()).as(command).isNotEmpty();
      assertThat(r.err()).as(command).doesNotContain("Usage:").doesNotContain("Exception");
      if (command.contains(" --json")) {
        assertThat(r.out().lines())
            .as(command)
            .allSatisfy(l -> assertThat(Json.parse(l)).isInstanceOf(java.util.Map.class));
      }
    }
  }

  /** Starts the server as written, fetches its page over loopback, then stops it. */
  private void serves(String command) throws Exception {
    Process p =
        new ProcessBuilder("bash", "-c", "exec " + command)
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .start();
    try {
      String line =
          new String(
              p.getInputStream().readNBytes("serving http://127.0.0.1:".length()),
              StandardCharsets.UTF_8);
      assertThat(line).isEqualTo("serving http://127.0.0.1:");
      StringBuilder rest = new StringBuilder();
      for (int c = p.getInputStream().read(); c != '\n' && c >= 0; c = p.getInputStream().read()) {
        rest.append((char) c);
      }
      String url = "http://127.0.0.1:" + rest;
      HttpResponse<String> page =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("robots.txt tester");
      assertThat(page.headers().firstValue("Content-Security-Policy"))
          .get()
          .asString()
          .contains("script-src 'self'");
    } finally {
      p.destroy();
      p.waitFor(20, TimeUnit.SECONDS);
    }
  }

  /** The lines of the {@code sh} code blocks. */
  static List<String> commands(String markdown) {
    List<String> out = new ArrayList<>();
    boolean in = false;
    for (String line : markdown.split("\n")) {
      if (line.startsWith("```")) {
        in = !in && line.equals("```sh");
        continue;
      }
      if (in && !line.isBlank() && !line.startsWith("#")) {
        out.add(line);
      }
    }
    return out;
  }

  record Result(int status, String out, String err) {}

  private static Result run(List<String> command, Duration limit) throws Exception {
    Path out = Files.createTempFile("out", ".txt");
    Path err = Files.createTempFile("err", ".txt");
    Process p =
        new ProcessBuilder(command)
            .directory(ROOT.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("timed out: " + command);
    }
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
