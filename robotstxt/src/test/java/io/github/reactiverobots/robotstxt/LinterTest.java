package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;
import io.github.reactiverobots.robotstxt.Diagnostic.Severity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinterTest {
  private static List<Diagnostic> lint(String body) {
    return Linter.lint(body.getBytes(StandardCharsets.UTF_8), ParseOptions.defaults());
  }

  @Test
  void aCleanFileHasNoDiagnostics() {
    assertThat(
            lint(
                "User-agent: *\nDisallow: /x\nAllow: /x/y$\nCrawl-delay: 1.5\n"
                    + "Request-rate: 1/10s\nVisit-time: 0100-0500\nSitemap: https://a.com/s.xml\n"))
        .isEmpty();
  }

  @Test
  void reportsEachKindWithLineAndColumn() {
    String body =
        String.join(
            "\n",
            "Disallow: /early", // 1 rule outside any group
            "User-agent: *", // 2
            "Dissallow: /typo", // 3 misspelled
            "Disallow /nocolon", // 4 missing colon
            "Disallow: *", // 5 Disallow: *
            "Disallow: page.html", // 6 not rooted
            "Sitemap: /sitemap.xml", // 7 relative sitemap
            "Crawl-delay: soon", // 8
            "Request-rate: fast", // 9
            "Visit-time: morning", // 10
            "Noindex: /x", // 11 unknown
            "User-agent: *", // 12 second * group
            "Disallow: /\u201cquoted\u201d", // 13 curly quotes
            "just words here", // 14 unparsable
            "");
    assertThat(lint(body))
        .extracting(Diagnostic::line, Diagnostic::column, Diagnostic::code)
        .containsExactly(
            tuple(1, 1, Code.RULE_OUTSIDE_GROUP),
            tuple(3, 1, Code.MISSPELLED_DIRECTIVE),
            tuple(4, 9, Code.MISSING_COLON),
            tuple(5, 11, Code.DISALLOW_STAR),
            tuple(6, 11, Code.PATTERN_NOT_ROOTED),
            tuple(7, 10, Code.RELATIVE_SITEMAP),
            tuple(8, 14, Code.BAD_CRAWL_DELAY),
            tuple(9, 15, Code.BAD_REQUEST_RATE),
            tuple(10, 13, Code.BAD_VISIT_TIME),
            tuple(11, 1, Code.UNKNOWN_DIRECTIVE),
            tuple(12, 13, Code.SEVERAL_GLOBAL_GROUPS),
            tuple(13, 12, Code.CURLY_QUOTES),
            tuple(14, 1, Code.UNPARSABLE_LINE));
  }

  @Test
  void invalidUtf8AndContentPastTheLimit() {
    byte[] head = "User-agent: *\nDisallow: /\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
    byte[] body = new byte[ParseOptions.MIN_PARSE_LIMIT + 10];
    java.util.Arrays.fill(body, (byte) '\n');
    System.arraycopy(head, 0, body, 0, head.length);
    List<Diagnostic> d = Linter.lint(body, ParseOptions.defaults());
    assertThat(d)
        .extracting(Diagnostic::line, Diagnostic::column, Diagnostic::code, Diagnostic::severity)
        .contains(tuple(2, 12, Code.INVALID_UTF8, Severity.WARNING));
    assertThat(d)
        .extracting(Diagnostic::code, Diagnostic::severity)
        .contains(tuple(Code.PAST_PARSE_LIMIT, Severity.ERROR));
  }

  @Test
  void googleProfileReportsCutLines() {
    String body = "User-agent: *\nDisallow: /" + "a".repeat(20_000) + "\n";
    assertThat(
            Linter.lint(body.getBytes(StandardCharsets.US_ASCII), ParseOptions.of(Profile.GOOGLE)))
        .extracting(Diagnostic::line, Diagnostic::code)
        .containsExactly(tuple(2, Code.LINE_CUT));
    assertThat(Linter.lint(body.getBytes(StandardCharsets.US_ASCII), ParseOptions.defaults()))
        .isEmpty();
  }

  @Test
  void warnsOnAUserAgentNameCutShortByANonTokenCharacter() {
    String body =
        String.join(
            "\n",
            "User-agent: b\u00fccherbot", // 1 names b
            "User-agent: 008bot", // 2 names nothing
            "User-agent: *foo", // 3 not the global group, names nothing
            "User-agent: Bot2000", // 4 names Bot
            "User-agent: Googlebot/2.1", // 5 a version: fine
            "User-agent: Foo Bar", // 6 white space: fine
            "User-agent: AdsBot-Google_x", // 7 fine
            "User-agent: *", // 8 global: fine
            "Disallow: /x",
            "");
    assertThat(lint(body))
        .filteredOn(d -> d.code() == Code.USER_AGENT_NAME_CUT)
        .extracting(Diagnostic::line, Diagnostic::column, Diagnostic::severity)
        .containsExactly(
            tuple(1, 13, Severity.WARNING),
            tuple(2, 13, Severity.WARNING),
            tuple(3, 13, Severity.WARNING),
            tuple(4, 13, Severity.WARNING));
    assertThat(lint(body))
        .filteredOn(d -> d.code() == Code.USER_AGENT_NAME_CUT)
        .extracting(Diagnostic::message)
        .anySatisfy(m -> assertThat(m).contains("names 'b'"))
        .anySatisfy(m -> assertThat(m).contains("'008bot' names no crawler"))
        .anySatisfy(m -> assertThat(m).contains("names 'Bot'"));
  }
}
