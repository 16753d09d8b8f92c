package io.github.reactiverobots.robotstxt.internal.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SEMANTICS.md §4: dot segments are removed as RFC 3986 and the WHATWG URL Standard do. */
class DotSegmentsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "/x/../private | /private",
        "/./private | /private",
        "/x/%2E%2E/private | /private",
        "/x/%2e%2E/private | /private",
        "/x/.%2e/private | /private",
        "/x/%2e./private | /private",
        "/%2e/private | /private",
        "/a/b/.. | /a/",
        "/a/. | /a/",
        "/.. | /",
        "/. | /",
        "/../../a | /a",
        "/a//../b | /a/b",
        "/a/./b/../../c?x=/../y | /c?x=/../y",
        "/a/..?q | /?q",
        "/.well-known/x | /.well-known/x",
        "/..a/.b./... | /..a/.b./...",
        "/a.b/c..d | /a.b/c..d",
        "/%2e%2e%2e/x | /%2e%2e%2e/x",
        "/%2f../x | /%2f../x",
        "/a%2F..%2Fb | /a%2F..%2Fb",
        "/?/../ | /?/../"
      })
  void removesDotSegmentsBeforeTheQueryOnly(String path, String expected) {
    byte[] p = path.getBytes(StandardCharsets.US_ASCII);
    assertThat(new String(DotSegments.removed(p, 0, p.length), StandardCharsets.US_ASCII))
        .as(path)
        .isEqualTo(expected);
    assertThat(DotSegments.has(p, 0, p.length)).as(path).isEqualTo(!path.equals(expected));
  }

  @Test
  void agreesWithASegmentListReferenceAndFlagsExactlyThePathsItChanges() {
    String[] parts = {"a", ".", "..", "%2e", "%2E%2e", ".%2E", "", "b.c", "..x", "?", "/", "%2f"};
    Random random = new Random(42);
    for (int round = 0; round < 50_000; round++) {
      StringBuilder sb = new StringBuilder();
      int n = random.nextInt(7);
      for (int i = 0; i < n; i++) {
        sb.append('/').append(parts[random.nextInt(parts.length)]);
      }
      String path = sb.length() == 0 ? "/" : sb.toString();
      byte[] p = ("xx" + path + "yy").getBytes(StandardCharsets.US_ASCII);
      int from = 2;
      int to = p.length - 2;
      byte[] out = DotSegments.removed(p, from, to);
      String got = new String(out, StandardCharsets.US_ASCII);
      assertThat(got).as(path).isEqualTo(reference(path));
      assertThat(DotSegments.has(p, from, to)).as(path).isEqualTo(!got.equals(path));
    }
  }

  @Test
  void aPathWithoutDotSegmentsIsMatchedAsItIs() {
    byte[] plain = "/a/b.html/.well-known/..x?q=/../".getBytes(StandardCharsets.US_ASCII);
    assertThat(PercentEncoding.isMatchedAsIs(plain, 0, plain.length, true, true)).isTrue();
    byte[] dotted = "/a/../b".getBytes(StandardCharsets.US_ASCII);
    assertThat(PercentEncoding.isMatchedAsIs(dotted, 0, dotted.length, true, true)).isFalse();
    assertThat(PercentEncoding.isMatchedAsIs(dotted, 0, dotted.length, false, false)).isTrue();
    assertThat(
            new String(
                PercentEncoding.normalisedPath(dotted, 0, dotted.length, true, true),
                StandardCharsets.US_ASCII))
        .isEqualTo("/b");
    byte[] encoded = "/x/%2E%2e/private".getBytes(StandardCharsets.US_ASCII);
    assertThat(
            new String(
                PercentEncoding.normalisedPath(encoded, 0, encoded.length, true, true),
                StandardCharsets.US_ASCII))
        .isEqualTo("/private");
    assertThat(
            new String(
                PercentEncoding.normalisedPath(encoded, 0, encoded.length, false, false),
                StandardCharsets.US_ASCII))
        .isEqualTo("/x/%2E%2E/private");
  }

  /** The WHATWG path state over a list of segments, on a path starting with '/'. */
  private static String reference(String path) {
    int q = path.indexOf('?');
    String query = q < 0 ? "" : path.substring(q);
    String[] segments = (q < 0 ? path : path.substring(0, q)).substring(1).split("/", -1);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < segments.length; i++) {
      String s = segments[i].toLowerCase(Locale.ROOT).replace("%2e", ".");
      boolean last = i == segments.length - 1;
      if (s.equals("..")) {
        if (!out.isEmpty()) {
          out.remove(out.size() - 1);
        }
        if (last) {
          out.add("");
        }
      } else if (s.equals(".")) {
        if (last) {
          out.add("");
        }
      } else {
        out.add(segments[i]);
      }
    }
    return "/" + String.join("/", out) + query;
  }
}
