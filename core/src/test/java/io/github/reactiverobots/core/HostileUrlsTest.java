package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.Profile;
import io.github.reactiverobots.robotstxt.Reason;
import io.github.reactiverobots.robotstxt.Verdict;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.test.StepVerifier;

/**
 * URLs that try to make a crawler obey the wrong robots.txt or miss a rule (issue 15), checked end
 * to end: the origin key, the robots.txt URL the cache asks its fetcher for, and the path matched
 * under {@code RFC_9309}. Every expected origin key is the WHATWG URL Standard's serialisation of
 * the URL's origin ({@code scheme://host[:port]}, default port omitted), worked out by hand from
 * the Standard's host parser (UTS #46 nontransitional mapping, forbidden domain code points, the
 * IPv4 and IPv6 parsers and serialisers) and URL parser (special-scheme slashes and backslashes,
 * userinfo up to the last {@code @}, port), not taken from another implementation. Where this
 * library refuses what a browser accepts (port 0, DNS lengths), the error names the rule.
 */
class HostileUrlsTest {
  private static final String BODY = "User-agent: *\nDisallow: /private\n";

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        // URL | WHATWG origin | path matched (RFC_9309)
        // Backslash: '\' is '/' in a special URL's authority and path, so the authority ends there.
        "http://example.com\\@evil.com/ | http://example.com | /@evil.com/",
        "http://example.com\\evil.com/ | http://example.com | /evil.com/",
        "http:\\\\example.com\\x | http://example.com | /x",
        "http:/\\example.com/x | http://example.com | /x",
        "http://user:pw@example.com\\@evil.com/ | http://example.com | /@evil.com/",
        "https://example.com\\private | https://example.com | /private",
        // Userinfo: the host follows the last '@' of the authority, which '/', '?' and '#' end.
        "http://victim.com@evil.com/x | http://evil.com | /x",
        "http://victim.com:80@evil.com/ | http://evil.com | /",
        "https://a.com@b.com@evil.com/ | https://evil.com | /",
        "http://evil.com#@victim.com/ | http://evil.com | /",
        "http://evil.com?@victim.com/ | http://evil.com | /?@victim.com/",
        "http://evil.com/@victim.com | http://evil.com | /@victim.com",
        // IDN: UTS #46 maps full-width and ideographic dots to '.', full-width letters to ASCII.
        "http://a\uff0eb.example/ | http://a.b.example | /",
        "http://a\u3002b.example/ | http://a.b.example | /",
        "http://\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25.com/ | http://example.com | /",
        "http://B\u00fccher.example/\u00e4 | http://xn--bcher-kva.example | /%C3%A4",
        "http://fa\u00df.example/ | http://xn--fa-hia.example | /",
        "http://XN--BCHER-KVA.example/ | http://xn--bcher-kva.example | /",
        // Percent-encoded hosts are decoded, then mapped and checked like any other.
        "http://ex%61mple.com/ | http://example.com | /",
        "http://%65XAMPLE.com:80/ | http://example.com | /",
        // IPv4: every numeric form is the dotted-decimal address.
        "http://2130706433/ | http://127.0.0.1 | /",
        "http://0x7f.1/ | http://127.0.0.1 | /",
        "http://0177.0.0.1/ | http://127.0.0.1 | /",
        "http://127.1/ | http://127.0.0.1 | /",
        "http://0x7F000001/private | http://127.0.0.1 | /private",
        "http://127.0.0.1./ | http://127.0.0.1 | /",
        "http://127.0.0.0x1/ | http://127.0.0.1 | /",
        "http://0300.0250.0.1/ | http://192.168.0.1 | /",
        "http://4294967295/ | http://255.255.255.255 | /",
        "http://1.a/ | http://1.a | /",
        // IPv6: validated, compressed (the first longest run of two or more zeros), lower case.
        "http://[::1]/ | http://[::1] | /",
        "http://[0:0:0:0:0:0:0:1]/ | http://[::1] | /",
        "http://[::1]:80/x | http://[::1] | /x",
        "http://[::1]:8080/ | http://[::1]:8080 | /",
        "http://[::ffff:127.0.0.1]/ | http://[::ffff:7f00:1] | /",
        "http://[2001:DB8:0:0:1:0:0:1]/ | http://[2001:db8::1:0:0:1] | /",
        "http://[2001:db8:0:1:1:1:1:1]/ | http://[2001:db8:0:1:1:1:1:1] | /",
        "http://[1:0:0:2::3:0]/ | http://[1::2:0:0:3:0] | /",
        // Ports: leading zeros allowed, the scheme's default dropped.
        "http://a.com:00080/ | http://a.com | /",
        "https://a.com:443/ | https://a.com | /",
        "https://a.com:80/ | https://a.com:80 | /",
        "HTTP://EXAMPLE.COM./ | http://example.com. | /",
        // Dot segments, also percent-encoded, are removed before matching; the query is kept.
        "http://a.com/x/../private | http://a.com | /private",
        "http://a.com/./private | http://a.com | /private",
        "http://a.com/x/%2E%2E/private | http://a.com | /private",
        "http://a.com/x/.%2e/private | http://a.com | /private",
        "http://a.com/x/%2e./private | http://a.com | /private",
        "http://a.com/a/b/../../private?q=/../x | http://a.com | /private?q=/../x",
        "http://a.com\\x\\..\\private | http://a.com | /private",
        "http://a.com/private/./x | http://a.com | /private/x",
        "http://a.com/x/.. | http://a.com | /",
        "http://a.com/.. | http://a.com | /",
        "http://a.com/... | http://a.com | /...",
        "http://a.com/x/..%2f/private | http://a.com | /x/..%2F/private",
      })
  void eachUrlIsReadAsABrowserReadsIt(String url, String origin, String matched) {
    SplitUrl split = SplitUrl.of(url);
    assertThat(split.origin().key()).isEqualTo(origin);
    assertThat(Origin.of(url).key()).isEqualTo(origin);
    byte[] path = split.pathAndQuery().getBytes(StandardCharsets.UTF_8);
    assertThat(
            new String(
                PercentEncoding.normalisedPath(
                    path,
                    0,
                    path.length,
                    Profile.RFC_9309.normalisesPercentEncoding(),
                    Profile.RFC_9309.removesDotSegments()),
                StandardCharsets.UTF_8))
        .isEqualTo(matched);

    try (CacheFixture f = new CacheFixture()) {
      f.fetcher.otherwise(ok(BODY));
      Verdict v = f.check(url);
      assertThat(f.fetcher.origins())
          .extracting(Origin::robotsTxtUrl)
          .containsExactly(origin + "/robots.txt");
      boolean privatePath = matched.startsWith("/private");
      assertThat(v.reason())
          .as(url)
          .isEqualTo(privatePath ? Reason.MATCHED_DISALLOW : Reason.NO_MATCHING_RULE);
      // The canonical origin key is an origin of its own: it names the same origin again.
      assertThat(Origin.of(origin).key()).isEqualTo(origin);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        // URL | the rule the error names
        // Full-width delimiters map to '/', '@', '?', '#' or ':': forbidden in a host.
        "http://evil.com\uff0f.victim.com/x | forbidden domain code point",
        "http://victim.com\uff20evil.com/x | forbidden domain code point",
        "http://x\u2100.example/ | forbidden domain code point",
        "http://evil.com\uff1f.victim.com/ | forbidden domain code point",
        "http://evil.com\uff03x.victim.com/ | forbidden domain code point",
        "http://evil.com\uff1a81/ | forbidden domain code point",
        "http://example.com%2F.evil.com/ | forbidden domain code point",
        "http://example.com%40evil.com/ | forbidden domain code point",
        "http://ex%20ample.com/ | forbidden domain code point",
        // Labels that cannot be IDNA: empty Punycode, an 'xn--' label of ASCII only.
        "http://xn--/ | Punycode",
        "http://xn--abc-/ | ASCII only",
        // IPv4 forms out of range or malformed, once the host ends in a number.
        "http://256.0.0.1/ | IPv4",
        "http://1.2.3.4.5/ | IPv4",
        "http://4294967296/ | IPv4",
        "http://1.2.3.09/ | IPv4",
        "http://foo.0x7f/ | IPv4",
        "http://a.1/ | IPv4",
        // IPv6 literals that do not parse.
        "http://[:::::]/ | IPv6",
        "http://[12]/ | IPv6",
        "http://[1::2::3]/ | IPv6",
        "http://[fe80::1%25eth0]/ | IPv6",
        "http://[::1]x/ | IPv6",
        "http://[1:2:3:4:5:6:7:8:9]/ | IPv6",
        // Ports: out of range, or 0, which a browser accepts but no fetch can contact.
        "http://a.com:65536/ | out of range",
        "http://a.com:0/ | port 0",
        "http://a.com:000/ | port 0",
      })
  void hostsABrowserRefusesOrNoFetchCanContactAreErrorsNamingTheRule(String url, String rule) {
    assertThatThrownBy(() -> SplitUrl.of(url))
        .isInstanceOf(InvalidUrlException.class)
        .hasMessageContaining(rule)
        .satisfies(e -> assertThat(((InvalidUrlException) e).input()).isEqualTo(url));
    try (CacheFixture f = new CacheFixture()) {
      StepVerifier.create(f.cache.check(url, CacheFixture.AGENT))
          .expectError(InvalidUrlException.class)
          .verify();
      assertThat(f.fetcher.calls()).isZero();
    }
  }

  @Test
  void dnsLengthsAreEnforcedOnTheAsciiForm() {
    String label63 = "a".repeat(63);
    assertThat(Origin.of("http://" + label63 + ".example/").host()).isEqualTo(label63 + ".example");
    assertThatThrownBy(() -> Origin.of("http://" + label63 + "b.example/"))
        .hasMessageContaining("label longer than 63");
    // 'ü' takes more than one byte once in Punycode: the limit is on the ASCII form.
    String unicodeLabel = "\u00fc".repeat(60);
    assertThatThrownBy(() -> Origin.of("http://" + unicodeLabel + ".example/"))
        .hasMessageContaining("label longer than 63");
    String host253 = (label63 + ".").repeat(3) + "a".repeat(61);
    assertThat(host253).hasSize(253);
    assertThat(Origin.of("http://" + host253 + "/").host()).isEqualTo(host253);
    assertThat(Origin.of("http://" + host253 + "./").host()).isEqualTo(host253 + ".");
    assertThatThrownBy(() -> Origin.of("http://" + host253 + "a/"))
        .hasMessageContaining("longer than 253");
  }

  @Test
  void googleMatchesThePathAsGiven() {
    try (CacheFixture f = new CacheFixture(b -> b.profile(Profile.GOOGLE))) {
      f.fetcher.otherwise(ok(BODY));
      assertThat(f.check("http://a.com/x/../private").reason()).isEqualTo(Reason.NO_MATCHING_RULE);
      assertThat(f.check("http://a.com/private/../x").reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    }
  }
}
