package io.github.reactiverobots.robotstxt.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;

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
  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/urls/hostile-urls.psv", delimiter = '|', encoding = "UTF-8")
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
    // The canonical origin key is an origin of its own: it names the same origin again.
    assertThat(Origin.of(origin).key()).isEqualTo(origin);
  }

  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/urls/refused-hosts.psv", delimiter = '|', encoding = "UTF-8")
  void hostsABrowserRefusesOrNoFetchCanContactAreErrorsNamingTheRule(String url, String rule) {
    assertThatThrownBy(() -> SplitUrl.of(url))
        .isInstanceOf(InvalidUrlException.class)
        .hasMessageContaining(rule)
        .satisfies(e -> assertThat(((InvalidUrlException) e).input()).isEqualTo(url));
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
}
