package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LenientPathsTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "http://a.com/x;p?q#f | /x;p?q",
        "a.com#f/x | /",
        "http://a.com?x://y | /?x://y",
        "/x?a=http://b/c | /x?a=http://b/c",
        "http://a.com;p | /;p"
      })
  void takesPathParamsAndQueryOfAnything(String url, String expected) {
    assertThat(LenientPaths.pathParamsQuery(url)).isEqualTo(expected);
  }

  /** The byte-range form used on the check path finds exactly the path the String form gives. */
  @Test
  void theByteRangeAgreesWithTheStringForm() {
    Random random = new Random(9309);
    String[] pieces = {"/", "//", "?", ";", "#", ":", "://", "a", "b.c", "é", "%2F", " "};
    for (int round = 0; round < 50_000; round++) {
      StringBuilder url = new StringBuilder();
      for (int k = random.nextInt(8); k > 0; k--) {
        url.append(pieces[random.nextInt(pieces.length)]);
      }
      String u = url.toString();
      String expected = LenientPaths.pathParamsQuery(u);
      byte[] bytes = u.getBytes(StandardCharsets.UTF_8);
      long range = LenientPaths.pathRange(bytes);
      if (range < 0) {
        // The path starts with '?' or ';' and the String form put a '/' before it.
        assertThat(expected).as(u).startsWith("/").matches("/[?;].*");
        assertThat(u).as(u).contains(expected.substring(1));
        continue;
      }
      int from = (int) (range >>> 32);
      int to = (int) range;
      String found = from == to ? "/" : new String(bytes, from, to - from, StandardCharsets.UTF_8);
      assertThat(found).as(u).isEqualTo(expected);
    }
  }
}
