package io.github.reactiverobots.robotstxt.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SEMANTICS.md §6 origins, and the path that §4 matches. */
class UrlSplitterTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "http://example.com/a/b?c=d#frag | http://example.com | /a/b?c=d",
        "HTTP://Example.COM:80/x | http://example.com | /x",
        "https://a.com:443 | https://a.com | /",
        "https://a.com:8443/p;x | https://a.com:8443 | /p;x",
        "http://user:pw@a.com/p | http://a.com | /p",
        "http://a.com?q | http://a.com | /?q",
        "http://a.com#f | http://a.com | /",
        "http://[::1]:8080/x | http://[::1]:8080 | /x",
        "http://[2001:DB8::1]/ | http://[2001:db8::1] | /",
        "http://bücher.example/ä | http://xn--bcher-kva.example | /ä",
        "  http://a.com/x  | http://a.com | /x",
        "http://a.com:/x | http://a.com | /x",
        "http://a.com/a\\b?c\\d | http://a.com | /a/b?c\\d",
        "http://a.com\\x/ | http://a.com | /x/",
        "http://127.0.0.1:9/robots.txt | http://127.0.0.1:9 | /robots.txt"
      })
  void splitsOriginAndPath(String url, String origin, String path) {
    SplitUrl split = SplitUrl.of(url);
    assertThat(split.origin().key()).isEqualTo(origin);
    assertThat(split.pathAndQuery()).isEqualTo(path);
  }

  @Test
  void theSameOriginWhateverTheSpelling() {
    assertThat(Origin.of("http://A.com:80/x")).isEqualTo(Origin.of("http://a.com/"));
    assertThat(Origin.of("https://a.com")).isNotEqualTo(Origin.of("http://a.com"));
    assertThat(Origin.of("http://a.com")).isNotEqualTo(Origin.of("http://www.a.com"));
    assertThat(Origin.of("http", "A.COM", 80)).isEqualTo(Origin.of("http://a.com"));
    assertThat(Origin.of("https://a.com:8443").effectivePort()).isEqualTo(8443);
    assertThat(Origin.of("https://a.com").effectivePort()).isEqualTo(443);
    assertThat(Origin.of("https://a.com/x").robotsTxtUrl()).isEqualTo("https://a.com/robots.txt");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "example.com/a | no scheme",
        "/relative/path | no scheme",
        "'' | no scheme",
        "ftp://a.com/x | unsupported scheme",
        "mailto:x@a.com | unsupported scheme",
        "http:a.com | missing '//'",
        "http://a.com:99999/ | bad port",
        "http://a.com:8o/ | bad port",
        "http:/// | empty host",
        "http://:80/ | empty host",
        "http://a b.com/ | invalid character",
        "http://a..com/ | empty label",
        "http://[::1/ | IPv6",
        "http://[zz::1]/ | IPv6"
      })
  void malformedUrlsThrowATypedExceptionNamingTheInput(String url, String reason) {
    assertThatThrownBy(() -> SplitUrl.of(url))
        .isInstanceOf(InvalidUrlException.class)
        .hasMessageContaining(reason)
        .hasMessageContaining(url)
        .satisfies(e -> assertThat(((InvalidUrlException) e).input()).isEqualTo(url));
  }

  @Test
  void controlCharactersAreRejectedAndShownEscaped() {
    assertThatThrownBy(() -> SplitUrl.of("http://a.com/x\ny"))
        .isInstanceOf(InvalidUrlException.class)
        .hasMessageContaining("control character")
        .hasMessageContaining("\\u000a");
    assertThatThrownBy(() -> SplitUrl.of(null)).isInstanceOf(InvalidUrlException.class);
  }
}
