package io.github.reactiverobots.robotstxt.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void theJsonReaderIsStrict() {
    assertThat(Json.parse("{\"a\": [1, -2.5e3, true, null, \"x\\u0041\\n\"]}"))
        .isEqualTo(Map.of("a", java.util.Arrays.asList(1.0, -2500.0, true, null, "xA\n")));
    for (String bad :
        List.of(
            "{\"a\": 1,}",
            "[1 2]",
            "{\"a\" 1}",
            "{\"a\":1}{",
            "\"\\x\"",
            "{\"a\":1,\"a\":2}",
            "01",
            "[tru]",
            "\"a")) {
      assertThatThrownBy(() -> Json.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aUnicodeEscapeTakesExactlyFourHexDigits() {
    assertThat(Json.parse("\"\\u00e9\\u00C9\"")).isEqualTo("\u00e9\u00c9");
    for (String bad : List.of("\"\\u+041\"", "\"\\u-041\"", "\"\\u04g1\"", "\"\\u041\"")) {
      assertThatThrownBy(() -> Json.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void readsOneObjectPerLineOfAClassPathResource() {
    List<Map<String, Object>> aux = Json.readLines("/conformance/google-robots-test-aux.jsonl");
    assertThat(aux).hasSize(56).allSatisfy(o -> assertThat(o.get("id")).isInstanceOf(String.class));
    assertThat(aux.get(0)).containsEntry("expected", true).containsEntry("line", 182.0);
  }

  @Test
  void aLineThatIsNotAnObjectOrAMissingResourceIsAnError() {
    assertThatThrownBy(() -> Json.readLines("/corpus/oddity-sample.txt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("/corpus/oddity-sample.txt line 1: ");
    assertThatThrownBy(() -> Json.readLines("/no/such.jsonl"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no resource /no/such.jsonl");
  }
}
