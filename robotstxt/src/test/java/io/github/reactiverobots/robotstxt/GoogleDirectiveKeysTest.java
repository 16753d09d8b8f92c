package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SEMANTICS.md §7, directive keys: {@code GOOGLE} reads a key as Google's reference parser does
 * (robots.cc, {@code ParsedRobotsKey::KeyIs...}: a key that starts, case-insensitively, with {@code
 * user-agent}, {@code useragent}, {@code user agent}, {@code allow}, {@code disallow} or one of its
 * five accepted misspellings, {@code sitemap} or {@code site-map} is that directive; the key ends
 * at the first {@code :} or, without one, at the first space or tab when exactly one white-space
 * run separates two words). {@code RFC_9309} keeps exact names. These cases were written from that
 * reading of the reference, not copied from its tests.
 */
class GoogleDirectiveKeysTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // line as written | directive under GOOGLE, or UNKNOWN | value | directive under RFC_9309
        "'User-agent\uff1a *' | USER_AGENT | * | UNKNOWN",
        "'user-agent\uff1a MyBot' | USER_AGENT | MyBot | UNKNOWN",
        "'Disallowed: /x' | DISALLOW | /x | UNKNOWN",
        "'DISALLOWANCE : /x' | DISALLOW | /x | UNKNOWN",
        "'Allowance: /x' | ALLOW | /x | UNKNOWN",
        "'allow-all: /' | ALLOW | / | UNKNOWN",
        "'user-agents: bot' | USER_AGENT | bot | UNKNOWN",
        "'useragentx: bot' | USER_AGENT | bot | UNKNOWN",
        "'User agent foo: bot' | USER_AGENT | bot | UNKNOWN",
        "'Dissallowed: /x' | DISALLOW | /x | UNKNOWN",
        "'disalowing: /x' | DISALLOW | /x | UNKNOWN",
        "'Sitemaps: https://a.example/s.xml' | SITEMAP | https://a.example/s.xml | UNKNOWN",
        "'site-maps: https://a.example/s.xml' | SITEMAP | https://a.example/s.xml | UNKNOWN",
        "'disallow-this /x' | DISALLOW | /x | UNKNOWN",
        "'Disallow: /x' | DISALLOW | /x | DISALLOW",
        "'dissalow: /x' | DISALLOW | /x | DISALLOW",
        // Shorter than a name, or a name not at the start: unknown in both.
        "'disallo: /x' | UNKNOWN | /x | UNKNOWN",
        "'x-disallow: /x' | UNKNOWN | /x | UNKNOWN",
        "'user-agen: bot' | UNKNOWN | bot | UNKNOWN",
        // Records the reference does not read keep their exact names in both profiles.
        "'crawl-delayed: 5' | UNKNOWN | 5 | UNKNOWN",
        "'Crawl-delay: 5' | CRAWL_DELAY | 5 | CRAWL_DELAY",
        "'hostname: a.example' | UNKNOWN | a.example | UNKNOWN",
      })
  void keysAreReadByPrefixOnlyUnderGoogle(String line, String google, String value, String rfc) {
    assertThat(scan(line, Profile.GOOGLE)).as("GOOGLE: " + line).isEqualTo(google + "=" + value);
    assertThat(scan(line, Profile.RFC_9309)).as("RFC_9309: " + line).isEqualTo(rfc + "=" + value);
  }

  @Test
  void withoutASeparatorThereIsNoLine() {
    // No ':' and no space: the reference finds no separator (a non-ASCII colon is none).
    assertThat(scan("User-agent\uff1a*", Profile.GOOGLE)).isEqualTo("NONE");
    // Without ':' two white-space runs make three words: not a line.
    assertThat(scan("Disallowed /a /b", Profile.GOOGLE)).isEqualTo("NONE");
  }

  @Test
  void aNonAsciiColonBeforeASpaceOpensAGroupUnderGoogleOnly() {
    String body = "User-agent\uff1a *\nDisallowed: /private\n";
    RobotsTxt google = RobotsTxt.parse(body, ParseOptions.of(Profile.GOOGLE));
    assertThat(google.check("https://a.example/private/x", "FooBot").reason())
        .isEqualTo(Reason.MATCHED_DISALLOW);
    RobotsTxt rfc = RobotsTxt.parse(body, ParseOptions.of(Profile.RFC_9309));
    assertThat(rfc.check("https://a.example/private/x", "FooBot").reason())
        .isEqualTo(Reason.NO_GROUP_FOR_AGENT);
  }

  @Test
  void theLinterFlagsAKeyReadByPrefix() {
    byte[] body = "User-agent: *\nDisallowed: /x\nDisallow: /y\n".getBytes(StandardCharsets.UTF_8);
    List<Diagnostic> google = Linter.lint(body, ParseOptions.of(Profile.GOOGLE));
    assertThat(google)
        .filteredOn(d -> d.code() == Code.MISSPELLED_DIRECTIVE)
        .extracting(Diagnostic::line)
        .containsExactly(2);
    List<Diagnostic> rfc = Linter.lint(body, ParseOptions.of(Profile.RFC_9309));
    assertThat(rfc)
        .filteredOn(d -> d.code() == Code.UNKNOWN_DIRECTIVE)
        .extracting(Diagnostic::line)
        .containsExactly(2);
  }

  /** The one record {@code line} gives: {@code DIRECTIVE=value}, {@code UNKNOWN=value} or NONE. */
  private static String scan(String line, Profile profile) {
    List<String> seen = new ArrayList<>();
    RobotsParseHandler handler =
        new RobotsParseHandler() {
          @Override
          public void onDirective(int l, Directive directive, String value, int valueColumn) {
            seen.add(directive + "=" + ByteStrings.toText(value));
          }

          @Override
          public void onUnknown(int l, String key, String value, int keyColumn) {
            seen.add("UNKNOWN=" + ByteStrings.toText(value));
          }
        };
    RobotsTxt.scan(line.getBytes(StandardCharsets.UTF_8), ParseOptions.of(profile), handler);
    return seen.isEmpty() ? "NONE" : String.join(",", seen);
  }
}
