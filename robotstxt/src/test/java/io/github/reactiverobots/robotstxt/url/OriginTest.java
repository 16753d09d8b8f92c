package io.github.reactiverobots.robotstxt.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An origin is held as one compact array (hash, flags, authority): every part reads back as the
 * canonical key says, equality and hash follow the key, and {@link Origin#isKey} matches exactly
 * the key's bytes.
 */
class OriginTest {
  @ParameterizedTest
  @CsvSource({
    "https://example.com, https, example.com, -1, 443",
    "http://example.com, http, example.com, -1, 80",
    "http://example.com:8080, http, example.com, 8080, 8080",
    "https://a.b.c:1, https, a.b.c, 1, 1",
    "http://[::1]:65535, http, [::1], 65535, 65535",
    "https://[2001:db8::1], https, [2001:db8::1], -1, 443",
    "http://127.0.0.1, http, 127.0.0.1, -1, 80",
    "https://xn--bcher-kva.example:443, https, xn--bcher-kva.example, -1, 443",
    "https://example.com:80, https, example.com, 80, 80",
  })
  void everyPartReadsBackFromTheCompactForm(
      String url, String scheme, String host, int port, int effectivePort) {
    Origin o = Origin.of(url);
    String key = port == -1 ? scheme + "://" + host : scheme + "://" + host + ":" + port;
    assertThat(o.key()).isEqualTo(key);
    assertThat(o.toString()).isEqualTo(key);
    assertThat(o.scheme()).isEqualTo(scheme);
    assertThat(o.secure()).isEqualTo(scheme.equals("https"));
    assertThat(o.host()).isEqualTo(host);
    assertThat(o.port()).isEqualTo(port);
    assertThat(o.effectivePort()).isEqualTo(effectivePort);
    assertThat(o.robotsTxtUrl()).isEqualTo(key + "/robots.txt");
    assertThat(o.hashCode()).isEqualTo(key.hashCode());
    Origin again = Origin.of(scheme.toUpperCase(), host.toUpperCase(), port);
    assertThat(again).isEqualTo(o).hasSameHashCodeAs(o);
    assertThat(Origin.of(key)).isEqualTo(o);
  }

  @ParameterizedTest
  @CsvSource({
    "https://example.com, http://example.com",
    "http://example.com, http://example.com:8080",
    "http://example.com, http://example.co",
    "http://a.example, http://b.example",
  })
  void originsWithDifferentKeysDiffer(String a, String b) {
    assertThat(Origin.of(a)).isNotEqualTo(Origin.of(b));
  }

  @ParameterizedTest
  @CsvSource({
    "https://example.com, 'https://example.com', true",
    "https://example.com, 'xxhttps://example.comyy', false",
    "https://example.com, 'http://example.com', false",
    "http://example.com, 'https://example.com', false",
    "https://example.com, 'https://example.co', false",
    "https://example.com, 'https://example.com:443', false",
    "http://example.com:8080, 'http://example.com:8080', true",
    "http://example.com:8080, 'http://example.com:808', false",
    "https://example.com, 'https:/', false",
  })
  void isKeyMatchesExactlyTheKeysBytes(String origin, String candidate, boolean expected) {
    byte[] bytes = ("<<" + candidate + ">>").getBytes(StandardCharsets.US_ASCII);
    assertThat(Origin.of(origin).isKey(bytes, 2, bytes.length - 2)).isEqualTo(expected);
    String text = "<<" + candidate + ">>";
    assertThat(Origin.of(origin).isKey(text, 2, text.length() - 2)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "https://example.com, 'https://examplé.com'",
    "https://example.com, 'https://EXAMPLE.com'",
    "https://example.com, 'https://example.coM'",
    "http://[::1]:8080, 'http://[::1]:8081'",
  })
  void isKeyOfTextComparesEveryCharacter(String origin, String candidate) {
    assertThat(Origin.of(origin).isKey(candidate, 0, candidate.length())).isFalse();
    assertThat(Origin.of(origin).isKey(origin, 0, origin.length())).isTrue();
  }

  @ParameterizedTest
  @CsvSource({"0, 5", "3, 2", "-1, 4", "0, 99"})
  void isKeyRefusesARangeOutsideTheArray(int from, int to) {
    byte[] bytes = "https://example.com".getBytes(StandardCharsets.US_ASCII);
    Origin origin = Origin.of("https://example.com");
    if (from >= 0 && from <= to && to <= bytes.length) {
      assertThat(origin.isKey(bytes, from, to)).isFalse();
      assertThat(origin.isKey("https://example.com", from, to)).isFalse();
    } else {
      assertThatThrownBy(() -> origin.isKey(bytes, from, to))
          .isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> origin.isKey("https://example.com", from, to))
          .isInstanceOf(IndexOutOfBoundsException.class);
    }
  }
}
