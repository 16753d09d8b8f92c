package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An ordinary site failure is quiet, explained and countable: for each way a site commonly fails,
 * checked by a plain application (no SLF4J binding, default levels; {@link QuietFailuresApp} in a
 * JVM of its own) against a real misbehaving server on loopback, the libraries log no WARN or ERROR
 * and no stack trace and print nothing, the fetcher logs one DEBUG line naming the origin, the
 * failure kind and the cause, and the verdict's origin state carries the failure kind; with HTTP/2
 * offered, each TLS failure is as quiet, and the same on a second attempt.
 */
class QuietFailuresTest {
  private static final String FETCHER_LOGGER = NettyRobotsFetcher.class.getName();
  private static MisbehavingServers servers;
  private static List<String> report;

  @BeforeAll
  static void runThePlainApplication() throws Exception {
    servers = new MisbehavingServers();
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                QuietFailuresApp.class.getName()));
    servers.origins().forEach((name, origin) -> command.add(name + "=" + origin));
    Process app = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] out;
    try (InputStream in = app.getInputStream()) {
      out = in.readAllBytes();
    }
    if (!app.waitFor(120, TimeUnit.SECONDS)) {
      app.destroyForcibly();
      throw new IllegalStateException("the application did not finish");
    }
    report = Arrays.asList(new String(out, StandardCharsets.UTF_8).split("\n"));
    assertThat(app.exitValue()).as(String.join("\n", report)).isZero();
  }

  @AfterAll
  static void stopServers() {
    servers.close();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "untrusted-certificate, TLS",
    "tls-to-plain-http, TLS",
    "not-http, OTHER",
    "header-over-16-kib, OTHER",
    "premature-close, RESET",
    "body-cut-short, BODY_CUT_SHORT",
    "reset-during-body, RESET",
    "read-timeout, TIMEOUT",
    "reset, RESET",
    "refused, CONNECT",
    "dns, DNS",
  })
  void eachFailureIsOneDebugLineAndAFailureKindAndNothingLouder(String name, FailureKind kind) {
    String origin = servers.origins().get(name);
    assertThat(report)
        .as(String.join("\n", report))
        .contains("RESULT " + name + " " + kind + " UNREACHABLE");
    List<String> debug =
        report.stream()
            .filter(
                l -> l.startsWith("LOG DEBUG " + FETCHER_LOGGER + " ") && l.contains(origin + " "))
            .toList();
    assertThat(debug)
        .as(String.join("\n", report))
        .singleElement()
        .satisfies(
            line -> {
              assertThat(line)
                  .startsWith("LOG DEBUG " + FETCHER_LOGGER + " false ")
                  .contains("origin=" + origin, "kind=" + kind, "cause=");
            });
    String port = origin.substring(origin.lastIndexOf(':'));
    assertThat(report)
        .noneMatch(
            l -> (l.startsWith("LOG WARN") || l.startsWith("LOG ERROR")) && l.contains(port));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"untrusted-certificate", "tls-to-plain-http"})
  void withHttp2OfferedEachTlsFailureIsTlsOnEveryAttempt(String name) {
    assertThat(report).as(String.join("\n", report)).contains("RESULT h2:" + name + " TLS TLS");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"healthy", "idle-close", "idle-reset"})
  void anOriginThatAnswersLogsNothingEvenWhenItDropsTheIdleConnection(String name) {
    String origin = servers.origins().get(name);
    assertThat(report).contains("RESULT " + name + " 200 OK");
    String host = origin.substring(origin.indexOf("://") + 3, origin.lastIndexOf(':'));
    assertThat(report).noneMatch(l -> l.startsWith("LOG") && l.contains(host));
  }

  @Test
  void nothingAtWarnOrErrorNoStackTraceAndNothingOnTheConsole() {
    String all = String.join("\n", report);
    assertThat(report)
        .as(all)
        .noneMatch(l -> l.startsWith("LOG WARN") || l.startsWith("LOG ERROR"));
    assertThat(report)
        .as(all)
        .noneMatch(
            l ->
                l.startsWith("LOG ")
                    && l.split(" ")[3].equals("true")
                    && !l.startsWith("LOG DEBUG")
                    && !l.startsWith("LOG TRACE"));
    assertThat(report).as(all).noneMatch(l -> l.startsWith("CONSOLE"));
    Map<String, String> origins = servers.origins();
    assertThat(report.stream().filter(l -> l.startsWith("RESULT") && !l.startsWith("RESULT h2:")))
        .hasSize(origins.size());
  }
}
