package io.github.reactiverobots.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LenientPathsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "http://a.com/x;p?q#f | /x;p?q",
    "a.com#f/x | /",
    "http://a.com?x://y | /?x://y",
    "/x?a=http://b/c | /x?a=http://b/c",
    "http://a.com;p | /;p"
  })
  void takesPathParamsAndQueryOfAnything(String url, String expected) {
    assertThat(LenientPaths.pathParamsQuery(url)).isEqualTo(expected);
  }
}
