package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SEMANTICS.md §3 in the tester's {@code check}: under {@code rfc9309} a pattern's {@code %2A} and
 * {@code %24} match a literal {@code *} and {@code $} (RFC 9309 §2.2.3's examples); under {@code
 * google} (the tester's default) octets are compared as written, as Google's reference does.
 */
class EscapedSpecialCharactersTesterTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource({
    "rfc9309, http://a.com/path/file-with-a-*.html, 1",
    "rfc9309, http://a.com/$100, 1",
    "rfc9309, http://a.com/path/file-with-a-x.html, 0",
    "google, http://a.com/path/file-with-a-*.html, 0",
    "google, http://a.com/path/file-with-a-%2A.html, 1",
    "google, http://a.com/$100, 0"
  })
  void checkReadsEscapedStarAndDollarByProfile(String profile, String url, int exit)
      throws Exception {
    Path robots =
        Files.writeString(
            dir.resolve("r.txt"),
            "User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /%24\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        new RobotsTester(
                new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
            .run("--profile=" + profile, robots.toString(), "FooBot", url);
    assertThat(status).as(out.toString(StandardCharsets.UTF_8)).isEqualTo(exit);
    if (exit == 1) {
      assertThat(out.toString(StandardCharsets.UTF_8))
          .startsWith("DISALLOWED\ta disallow rule matches: disallowed");
    }
  }
}
