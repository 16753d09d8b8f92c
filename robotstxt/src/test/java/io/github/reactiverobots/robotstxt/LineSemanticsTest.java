package io.github.reactiverobots.robotstxt;

import static io.github.reactiverobots.robotstxt.Robots.allowed;
import static io.github.reactiverobots.robotstxt.Robots.bytes;
import static io.github.reactiverobots.robotstxt.Robots.concat;
import static io.github.reactiverobots.robotstxt.Robots.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** SEMANTICS.md §1: from bytes to lines. */
class LineSemanticsTest {
  private static final String RULES = "User-agent: *\nDisallow: /x\n";

  @Test
  void utf8ByteOrderMarkIsSkipped() {
    byte[] body = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes(RULES));
    assertThat(parse(body, Profile.RFC_9309).forAgent("a").check("/x").allowed()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void partialByteOrderMarkIsSkipped(int length) {
    byte[] bom = Arrays.copyOf(new byte[] {(byte) 0xEF, (byte) 0xBB}, length);
    byte[] body = concat(bom, bytes(RULES));
    assertThat(parse(body, Profile.RFC_9309).forAgent("a").check("/x").allowed()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"UTF-16LE", "UTF-16BE"})
  void utf16IsTranscodedUnderRfc9309Only(String charset) {
    byte[] bom =
        charset.endsWith("LE")
            ? new byte[] {(byte) 0xFF, (byte) 0xFE}
            : new byte[] {(byte) 0xFE, (byte) 0xFF};
    byte[] body = concat(bom, RULES.getBytes(java.nio.charset.Charset.forName(charset)));
    assertThat(parse(body, Profile.RFC_9309).forAgent("a").check("/x").allowed()).isFalse();
    assertThat(parse(body, Profile.GOOGLE).forAgent("a").check("/x").allowed()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"\n", "\r\n", "\r"})
  void everyLineEndingEndsALine(String eol) {
    String body = "User-agent: a" + eol + "Disallow: /x" + eol + "Allow: /x/y";
    RobotsTxt robots = Robots.rfc(body);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/x/y").allowed()).isTrue();
    assertThat(robots.lines()).isEqualTo(3);
  }

  @Test
  void mixedLineEndingsCountLinesOnce() {
    RobotsTxt robots = Robots.rfc("User-agent: a\r\n\rDisallow: /x\n\r\nAllow: /y\r");
    assertThat(robots.forAgent("a").rules()).extracting(Rule::line).containsExactly(3, 5);
  }

  @Test
  void onlyTheParseLimitIsParsedAndTheCutLineStandsAsItIs() {
    int limit = ParseOptions.MIN_PARSE_LIMIT;
    String head = "User-agent: *\n";
    StringBuilder sb = new StringBuilder(head);
    while (sb.length() + 23 <= limit - 30) {
      sb.append("# filler filler filler\n");
    }
    int pad = limit - 30 - sb.length();
    if (pad > 0) {
      sb.append("#".repeat(pad - 1)).append('\n');
    }
    int room = limit - sb.length();
    String rule = "Disallow: /abcdefghijklmnopqrstuvwxyz0123456789";
    sb.append(rule).append("\nDisallow: /after\n");
    RobotsTxt robots = RobotsTxt.parse(sb.toString(), ParseOptions.defaults());
    String cut = rule.substring("Disallow: ".length(), room);
    assertThat(robots.truncated()).isTrue();
    assertThat(robots.forAgent("a").rules()).extracting(Rule::pattern).containsExactly(cut);
    assertThat(robots.forAgent("a").check(cut + "zzz").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/after").allowed()).isTrue();
  }

  @Test
  void theParseLimitIsConfigurableButNeverBelow500KiB() {
    assertThatThrownBy(() -> ParseOptions.defaults().withParseLimit(500 * 1024 - 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("512000");
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    while (sb.length() < 600 * 1024) {
      sb.append("# filler filler filler\n");
    }
    sb.append("Disallow: /late\n");
    ParseOptions big = ParseOptions.defaults().withParseLimit(1024 * 1024);
    assertThat(RobotsTxt.parse(sb.toString(), big).forAgent("a").check("/late").allowed())
        .isFalse();
    assertThat(
            RobotsTxt.parse(sb.toString(), ParseOptions.defaults())
                .forAgent("a")
                .check("/late")
                .allowed())
        .isTrue();
  }

  @Test
  void commentsStartAnywhereAndCommentLinesEndNothing() {
    String body =
        "User-agent: a # first\n# a comment line\nUser-agent: b\n\n"
            + "Disallow: /x#y # trailing\n";
    RobotsTxt robots = Robots.rfc(body);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("b").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("a").rules()).extracting(Rule::pattern).containsExactly("/x");
  }

  @Test
  void keysAreCaseInsensitiveAndWhiteSpaceIsTrimmed() {
    assertThat(allowed("  USER-AGENT  :   a  \n\tdIsAlLoW\t:\t/x \t\n", "a", "/x")).isFalse();
  }

  @Test
  void aMissingColonIsToleratedWhenWhiteSpaceSeparatesKeyAndValue() {
    assertThat(allowed("User-agent a\nDisallow /x\n", "a", "/x")).isFalse();
    // More than two words without a colon is not a record.
    assertThat(allowed("User-agent a\nDisallow /x extra\n", "a", "/x")).isTrue();
  }

  @ParameterizedTest
  @CsvSource({
    "useragent, disallow",
    "user agent, disallow",
    "user-agent, dissallow",
    "user-agent, dissalow",
    "user-agent, disalow",
    "user-agent, diasllow",
    "user-agent, disallaw"
  })
  void commonMisspellingsAreAccepted(String ua, String disallow) {
    assertThat(allowed(ua + ": a\n" + disallow + ": /x\n", "a", "/x")).isFalse();
  }

  @Test
  void siteMapMisspellingIsASitemap() {
    assertThat(Robots.rfc("site-map: https://a.com/s.xml\n").sitemaps())
        .containsExactly("https://a.com/s.xml");
  }

  @Test
  void invalidBytesNeverAbortAParse() {
    byte[] body =
        concat(
            bytes("User-agent: a\n"),
            new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF, 0, 1, '\n'},
            bytes("Disallow: /x\n"),
            new byte[] {(byte) 0x80, ':', (byte) 0x81, '\n'},
            bytes("Disallow: /y\n"));
    RobotsTxt robots = parse(body, Profile.RFC_9309);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/y").allowed()).isFalse();
  }

  @Test
  void nonUtf8PatternBytesAreKeptExactly() {
    // Latin-1 "é" (0xE9) is percent-encoded from its byte, so it matches "%E9", not "%C3%A9".
    byte[] body = concat(bytes("User-agent: a\nDisallow: /caf"), new byte[] {(byte) 0xE9, '\n'});
    RobotsTxt robots = parse(body, Profile.RFC_9309);
    assertThat(robots.forAgent("a").check("/caf%E9").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/caf%C3%A9").allowed()).isTrue();
    assertThat(new String(bytes("/caf%E9"), StandardCharsets.US_ASCII)).isEqualTo("/caf%E9");
  }
}
