package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SEMANTICS.md §3: in {@code RFC_9309} a pattern's {@code %2A} and {@code %24} match the octets
 * {@code *} and {@code $} of a path, written plain or encoded (RFC 9309 §2.2.3's examples), while a
 * {@code *} stays the wildcard and a final {@code $} the anchor; {@code GOOGLE} compares octets as
 * the reference does, so there they match only {@code %2A} and {@code %24} written in the path.
 * Every row is asked through the path API, the URL API, the bytes the cache hands over (in place
 * and inside a larger array) and the explanation, and each must give the same answer.
 */
class EscapedSpecialCharactersTest {
  @ParameterizedTest(name = "{0}: ''{1}'' on {2} -> {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        // RFC 9309 §2.2.3: the percent-encoded pattern matches the special character verbatim.
        "RFC_9309 | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-*.html  | false",
        "RFC_9309 | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-%2A.html | false",
        "RFC_9309 | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-%2a.html | false",
        "RFC_9309 | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-x.html  | true",
        "RFC_9309 | Disallow: /path/file-with-a-%2a.html | /path/file-with-a-*.html  | false",
        "RFC_9309 | Disallow: /path/foo-%24              | /path/foo-$               | false",
        "RFC_9309 | Disallow: /path/foo-%24              | /path/foo-%24             | false",
        "RFC_9309 | Disallow: /path/foo-%24              | /path/foo-$/more          | false",
        "RFC_9309 | Disallow: /path/foo-%24              | /path/foo-                | true",
        "RFC_9309 | Disallow: /%24                       | /$100                     | false",
        "RFC_9309 | Disallow: /%24                       | /100                      | true",
        "RFC_9309 | Disallow: /%2A                       | /*?q=1                    | false",
        "RFC_9309 | Disallow: /%2A                       | /a                        | true",
        // A literal star is the wildcard, a final literal dollar the anchor.
        "RFC_9309 | Disallow: /a*b                       | /a*b                      | false",
        "RFC_9309 | Disallow: /a*b                       | /axxb                     | false",
        "RFC_9309 | Disallow: /a$                        | /a                        | false",
        "RFC_9309 | Disallow: /a$                        | /a$                       | true",
        "RFC_9309 | Disallow: /a%24$                     | /a$                       | false",
        "RFC_9309 | Disallow: /a%24$                     | /a%24                     | false",
        "RFC_9309 | Disallow: /a%24$                     | /a$x                      | true",
        "RFC_9309 | Disallow: /a%24$                     | /a                        | true",
        "RFC_9309 | Disallow: /*%2A$                     | /x/y*                     | false",
        "RFC_9309 | Disallow: /*%2A$                     | /x/y*z                    | true",
        // A literal * of the path is one octet: no pattern octet but %2A meets it.
        "RFC_9309 | Disallow: /WO*A*.html                | /WO*.html                 | true",
        "RFC_9309 | Disallow: /WO*A*.html                | /WO*A.html                | false",
        "RFC_9309 | Disallow: /%                         | /*x                       | true",
        "RFC_9309 | Disallow: /x%2                       | /x%2A                     | true",
        "RFC_9309 | Disallow: /*x                        | /*x                       | false",
        // A $ inside a pattern is the octet $, like %24.
        "RFC_9309 | Disallow: /a$b                       | /a$b                      | false",
        "RFC_9309 | Disallow: /a$b                       | /a%24b                    | false",
        "RFC_9309 | Disallow: /a$b                       | /ab                       | true",
        // GOOGLE: octets as written on both sides; the path is not normalised.
        "GOOGLE   | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-*.html  | true",
        "GOOGLE   | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-%2A.html | false",
        "GOOGLE   | Disallow: /path/file-with-a-%2A.html | /path/file-with-a-%2a.html | true",
        "GOOGLE   | Disallow: /path/file-with-a-%2a.html | /path/file-with-a-%2A.html | false",
        "GOOGLE   | Disallow: /path/foo-%24              | /path/foo-$               | true",
        "GOOGLE   | Disallow: /path/foo-%24              | /path/foo-%24             | false",
        "GOOGLE   | Disallow: /%24                       | /$100                     | true",
        "GOOGLE   | Disallow: /a*b                       | /axxb                     | false",
        "GOOGLE   | Disallow: /a$                        | /a$                       | true",
        "GOOGLE   | Disallow: /a$b                       | /a$b                      | false",
        "GOOGLE   | Disallow: /a$b                       | /a%24b                    | true"
      })
  void escapedStarAndDollar(Profile profile, String rule, String path, boolean allowed) {
    RobotsTxt robots = RobotsTxt.parse("User-agent: *\n" + rule + "\n", ParseOptions.of(profile));
    CompiledRules rules = robots.rulesFor("bot");
    assertThat(rules.check(path).allowed()).as("path").isEqualTo(allowed);
    assertThat(rules.checkUrl("http://example.com" + path).allowed()).as("url").isEqualTo(allowed);
    assertThat(robots.check("http://example.com" + path, "bot").allowed())
        .as("RobotsTxt.check")
        .isEqualTo(allowed);
    byte[] bytes = ("http://example.com" + path).getBytes(StandardCharsets.UTF_8);
    int from = "http://example.com".length();
    // The bytes the cache hands over, read in place: the path and the byte after it.
    byte[] padded = new byte[bytes.length + 1];
    System.arraycopy(bytes, 0, padded, 0, bytes.length);
    padded[bytes.length] = '*';
    assertThat(rules.check(padded, from, bytes.length, null).allowed())
        .as("bytes in place")
        .isEqualTo(allowed);
    assertThat(rules.allowed(padded, from, bytes.length)).as("allowed(bytes)").isEqualTo(allowed);
    assertThat(robots.explain("http://example.com" + path, "bot").verdict().allowed())
        .as("explain")
        .isEqualTo(allowed);
    if (profile == Profile.RFC_9309) {
      assertThat(robots.explain("http://example.com" + path, "bot").path())
          .as("the path as matched, shown")
          .doesNotContain("\0")
          .doesNotContain("*");
    }
    if (!allowed) {
      assertThat(robots.explain("http://example.com" + path, "bot").matches())
          .as("explain lists the rule")
          .hasSize(1);
    }
  }

  /**
   * The longest match still counts octets of the pattern as written and normalised: {@code %2A} and
   * {@code %24} are three each, as RFC 9309 §2.2.2 measures them.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Allow: /a%2A   | Disallow: /a*     | /a*  | true",
        "Allow: /a*b    | Disallow: /a%2Ab  | /a*b | false",
        "Allow: /a%24   | Disallow: /a$     | /a$  | true",
        "Allow: /a$b    | Disallow: /a%24b  | /a$b | false",
        "Allow: /a%2A   | Disallow: /a%2A   | /a*  | true"
      })
  void priorityCountsTheEscapeAsWritten(String first, String second, String path, boolean allowed) {
    String body = "User-agent: *\n" + first + "\n" + second + "\n";
    RobotsTxt robots = RobotsTxt.parse(body, ParseOptions.of(Profile.RFC_9309));
    assertThat(robots.forAgent("bot").check(path).allowed()).isEqualTo(allowed);
  }

  /**
   * Content-usage paths are matched like allow and disallow rules (SEMANTICS.md §8), so their
   * {@code %2A} too.
   */
  @ParameterizedTest
  @CsvSource({"RFC_9309, /a*b, DISALLOW", "GOOGLE, /a*b, UNKNOWN", "GOOGLE, /a%2Ab, DISALLOW"})
  void contentUsagePathsReadEscapesTheSameWay(Profile profile, String path, String train) {
    RobotsTxt robots =
        RobotsTxt.parse(
            "User-agent: *\nAllow: /\nContent-Usage: /a%2Ab train-ai=n\n",
            ParseOptions.of(profile));
    assertThat(robots.forAgent("bot").usage(path).preference(UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.valueOf(train));
  }
}
