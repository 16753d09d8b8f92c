package io.github.reactiverobots.robotstxt.internal.aipref;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.greenbytes.http.sfv.Dictionary;
import org.greenbytes.http.sfv.ListElement;
import org.greenbytes.http.sfv.Parser;
import org.greenbytes.http.sfv.TokenItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Core's RFC 9651 dictionary parser: on RFC 8941 input it agrees with the reference library {@code
 * org.greenbytes.http:structured-fields} (a test dependency only) on whether a text is a
 * dictionary, its keys in order, which values are tokens, and each value's serialisation; the two
 * RFC 9651 item types that library predates (dates, display strings) are checked by hand.
 */
class StructuredDictionaryTest {
  private static final String[] FRAGMENTS = {
    "train-ai",
    "ai-use",
    "search",
    "a",
    "*x",
    "k.1",
    "Key",
    "1k",
    "=",
    "=",
    "=",
    "y",
    "n",
    "?1",
    "?0",
    "?",
    "?2",
    "1",
    "-1",
    "0.5",
    "1.",
    "1.2345",
    "123456789012345",
    "1234567890123456",
    "1234567890123.1",
    "\"s\"",
    "\"a\\\"b\"",
    "\"\\x\"",
    "\"",
    ":aGk=:",
    ":aGk:",
    ":a:",
    ":!:",
    "(",
    ")",
    "(y n)",
    "()",
    ";",
    ";p",
    ";p=1",
    ";P=1",
    ",",
    ", ",
    ",,",
    " ",
    "\t",
    "  ",
    "tok/en",
    "t:o",
    "a*b",
    "-",
    ".",
    "_",
    "\\",
    "é"
  };

  private static final String[] KEYS = {
    "train-ai", "ai-use", "search", "a", "*x", "k.1", "x_y", "Key", "1k"
  };
  private static final String[] VALUES = {
    "y",
    "n",
    "?1",
    "?0",
    "1",
    "-12",
    "0.5",
    "-1.250",
    "\"s\"",
    "\"a\\\"b\"",
    ":aGk=:",
    ":aGk:",
    "(y n)",
    "()",
    "( y )",
    "(y;p=1 \"s\")",
    "tok/en:x",
    "*",
    "Y",
    "y "
  };

  @Test
  void agreesWithTheReferenceLibraryOnGeneratedInput() {
    SplittableRandom random = new SplittableRandom(9651);
    int dictionaries = 0;
    for (int i = 0; i < 30_000; i++) {
      StringBuilder text = new StringBuilder();
      if (random.nextBoolean()) {
        // Fragments in any order: mostly not dictionaries.
        int n = 1 + random.nextInt(9);
        for (int k = 0; k < n; k++) {
          text.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
        }
      } else {
        // key[=value][;param...] members joined by commas, one fragment sometimes swapped in.
        int members = 1 + random.nextInt(4);
        for (int k = 0; k < members; k++) {
          text.append(k == 0 ? "" : random.nextInt(4) == 0 ? "," : ", ")
              .append(KEYS[random.nextInt(KEYS.length)]);
          if (random.nextInt(5) > 0) {
            text.append('=').append(VALUES[random.nextInt(VALUES.length)]);
          }
          if (random.nextInt(4) == 0) {
            text.append(";").append(KEYS[random.nextInt(KEYS.length)]);
            if (random.nextBoolean()) {
              text.append('=').append(VALUES[random.nextInt(VALUES.length)]);
            }
          }
          if (random.nextInt(8) == 0) {
            text.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
          }
        }
      }
      Map<String, String> ours = ours(text.toString());
      assertThat(ours).as("'%s'", text).isEqualTo(theirs(text.toString()));
      dictionaries += ours == null ? 0 : 1;
    }
    assertThat(dictionaries).as("generated inputs that are dictionaries").isGreaterThan(5_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "train-ai=n",
        "train-ai=y, ai-use=n",
        "train-ai=y;p=1",
        "search",
        "train-ai=\"y\"",
        "train-ai=(y n);q",
        "x=1.50, y=-0, z=:aGk=:",
        "a=?0,b=?1;c",
        "train-ai=n,train-ai=y",
        "",
        "Train-AI=n",
        "train-ai=n,",
        "train-ai==n",
        "a=1.",
        "a=(",
        "a=\"\\x\"",
        "a=:a:",
        "a=?2",
        "a=1234567890123.1",
        "a=12345678901234567"
      })
  void agreesWithTheReferenceLibraryOnChosenInput(String text) {
    assertThat(ours(text)).isEqualTo(theirs(text));
  }

  @Test
  void readsRfc9651DatesAndDisplayStrings() {
    assertThat(ours("a=@1659578233, b=%\"f%c3%bc%c3%bc\", c=y"))
        .containsExactly(
            Map.entry("a", "@1659578233"),
            Map.entry("b", "%\"f%c3%bc%c3%bc\""),
            Map.entry("c", "token y"));
    assertThat(StructuredDictionary.parse("a=@1.5")).as("a date is an integer").isNull();
    assertThat(StructuredDictionary.parse("a=%\"%C3%BC\"")).as("lower-case hex only").isNull();
    assertThat(StructuredDictionary.parse("a=%\"%c3\"")).as("valid UTF-8 only").isNull();
    assertThat(StructuredDictionary.parse("a=%\"x")).as("closed").isNull();
  }

  /** Each key with "token T" for a token, else the serialised value; null when not parsed. */
  private static Map<String, String> ours(String text) {
    Map<String, StructuredDictionary.Member> members = StructuredDictionary.parse(text);
    if (members == null) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    members.forEach(
        (k, m) -> out.put(k, m.token() != null ? "token " + m.token() : m.serialized()));
    return out;
  }

  private static Map<String, String> theirs(String text) {
    Dictionary dictionary;
    try {
      // RFC 9651 §4.2 discards leading and trailing spaces first; the library does not.
      dictionary = Parser.parseDictionary(text.replaceAll("^ +| +$", ""));
    } catch (RuntimeException e) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    List<String> order = new ArrayList<>(dictionary.get().keySet());
    for (String key : order) {
      ListElement<?> value = dictionary.get().get(key);
      out.put(key, value instanceof TokenItem t ? "token " + t.get() : value.serialize());
    }
    return out;
  }
}
