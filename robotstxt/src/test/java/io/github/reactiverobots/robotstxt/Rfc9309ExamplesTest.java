package io.github.reactiverobots.robotstxt;

import static io.github.reactiverobots.robotstxt.Robots.allowed;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The examples of RFC 9309 (sections 2.2.2, 2.2.3 and 5.1), under the default profile. */
class Rfc9309ExamplesTest {
  private static final String EXAMPLE =
      String.join(
          "\n",
          "User-Agent: *",
          "Disallow: *.gif$",
          "Disallow: /example/",
          "Allow: /publications/",
          "",
          "User-Agent: foobot",
          "Disallow:/",
          "Allow:/example/page.html",
          "Allow:/example/allowed.gif",
          "",
          "User-Agent: barbot",
          "User-Agent: bazbot",
          "Disallow: /example/page.html",
          "",
          "User-Agent: quxbot",
          "",
          "EOF");

  @ParameterizedTest
  @CsvSource({
    "foobot, /example/page.html, true",
    "foobot, /example/allowed.gif, true",
    "foobot, /other, false",
    "barbot, /example/page.html, false",
    "bazbot, /example/page.html, false",
    "barbot, /example/other.gif, true",
    "quxbot, /example/, true",
    "quxbot, /a.gif, true",
    "otherbot, /a.gif, false",
    "otherbot, /example/x, false",
    "otherbot, /publications/x, true",
    "otherbot, /a.gif?x, true"
  })
  void section51Example(String agent, String path, boolean expected) {
    assertThat(allowed(EXAMPLE, agent, path)).isEqualTo(expected);
  }

  /**
   * Section 2.2.2: the percent-encoding table; every row's path matches its rule. Row 2 of the
   * RFC's table has the crawler encode a query value's reserved characters; SEMANTICS.md §3
   * normalises only octets outside printable ASCII and escapes of unreserved characters, so
   * reserved characters match as written (see {@link #reservedCharactersMatchAsWritten}).
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "/foo/bar?baz=quz | /foo/bar?baz=quz",
        "/foo/bar?baz=https://foo.bar | /foo/bar?baz=https://foo.bar",
        "/foo/bar?baz=https%3a%2f%2ffoo.bar | /foo/bar?baz=https%3A%2F%2Ffoo.bar",
        "/foo/bar/\u30c4 | /foo/bar/%E3%83%84",
        "/foo/bar/%E3%83%84 | /foo/bar/%E3%83%84",
        "/foo/bar/%62%61%7A | /foo/bar/baz"
      })
  void percentEncodingTable(String rule, String url) {
    String body = "User-agent: *\nDisallow: /\nAllow: " + rule + "\n";
    assertThat(allowed(body, "a", url)).as(rule + " vs " + url).isTrue();
  }

  @Test
  void reservedCharactersMatchAsWritten() {
    String body = "User-agent: *\nDisallow: /\nAllow: /q?u=https://x\n";
    assertThat(allowed(body, "a", "/q?u=https://x")).isTrue();
    assertThat(allowed(body, "a", "/q?u=https%3A%2F%2Fx")).isFalse();
  }

  @Test
  void specialCharacters() {
    assertThat(allowed("User-agent: *\nDisallow: /path/file-with-a-#\n", "a", "/path/file-with-a-"))
        .as("# starts a comment")
        .isFalse();
    assertThat(allowed("User-agent: *\nDisallow: /this/path/exactly$\n", "a", "/this/path/exactly"))
        .isFalse();
    assertThat(
            allowed(
                "User-agent: *\nDisallow: /this/path/exactly$\n", "a", "/this/path/exactly/more"))
        .isTrue();
    assertThat(allowed("User-agent: *\nDisallow: /this/*/exactly\n", "a", "/this/a/b/exactly"))
        .isFalse();
  }

  /** Section 2.2.2: the most specific (longest) match wins; equivalent rules: allow. */
  @Test
  void longestMatchAndTie() {
    String body = "User-agent: *\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
    assertThat(allowed(body, "a", "/example/page/disallowed.gif")).isFalse();
    assertThat(allowed(body, "a", "/example/page/other.gif")).isTrue();
    assertThat(allowed("User-agent: *\nAllow: /same\nDisallow: /same\n", "a", "/same")).isTrue();
  }

  /** Section 2.2.2: "/robots.txt" is implicitly allowed. */
  @Test
  void robotsTxtImplicitlyAllowed() {
    assertThat(allowed("User-agent: *\nDisallow: /\n", "a", "/robots.txt")).isTrue();
  }
}
