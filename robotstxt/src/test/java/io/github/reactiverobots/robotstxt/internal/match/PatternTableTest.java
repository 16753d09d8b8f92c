package io.github.reactiverobots.robotstxt.internal.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PatternTable#reproducedText} is {@link PatternTable#reproduced} read as text. */
class PatternTableTest {
  @Test
  void reproducedTextIsTheReproducedBytesAsText() {
    List<String> patterns =
        List.of(
            "/a",
            "/a*",
            "/a$",
            "/a*$",
            "/a**b",
            "/a**",
            "/a*b*$",
            "",
            "*",
            "$",
            "*$",
            "/**$",
            "/caf%C3%A9",
            "/caf\u00e9",
            "/\u65e5\u672c*",
            "/x\u00e9$",
            "/%E6%97%A5");
    PatternTableBuilder builder = PatternTable.builder(patterns.size(), 64);
    for (int i = 0; i < patterns.size(); i++) {
      byte[] b = patterns.get(i).getBytes(StandardCharsets.UTF_8);
      builder.add(b, 0, b.length, i % 2 == 0);
    }
    PatternTable table = builder.build();
    for (int i = 0; i < patterns.size(); i++) {
      byte[] bytes = table.reproduced(i);
      boolean ascii =
          new String(bytes, StandardCharsets.ISO_8859_1).chars().allMatch(c -> c < 0x80);
      String expected =
          new String(bytes, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
      assertThat(table.reproducedText(i)).as(patterns.get(i)).isEqualTo(expected);
    }
  }
}
