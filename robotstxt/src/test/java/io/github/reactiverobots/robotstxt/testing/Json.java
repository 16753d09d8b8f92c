package io.github.reactiverobots.robotstxt.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 JSON reader for tests and benchmarks (no JSON library is on the modules' class
 * path), and a JSON-lines reader for class-path resources. Objects become {@link LinkedHashMap}s
 * (keys in document order), arrays {@link ArrayList}s, strings {@link String}s, numbers {@link
 * Double}s, {@code true} and {@code false} {@link Boolean}s and {@code null} null; anything
 * malformed, including trailing content and duplicate keys, throws {@link IllegalArgumentException}
 * with the offset. Stateless and thread-safe.
 */
public final class Json {
  /** The characters that follow a backslash in a two-character escape, and what they stand for. */
  private static final String ESCAPES = "\"\\/bfnrt";

  private static final String ESCAPED = "\"\\/\b\f\n\r\t";

  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  /** The value of the JSON text {@code text}: a whole text, nothing before or after but space. */
  public static Object parse(String text) {
    Json reader = new Json(text);
    reader.skipSpace();
    Object value = reader.value();
    reader.skipSpace();
    if (reader.pos != text.length()) {
      throw reader.error("trailing content");
    }
    return value;
  }

  /**
   * The objects of a JSON-lines class-path resource (UTF-8): one JSON object per line, in order;
   * blank lines are skipped. A line that is not a JSON object throws {@link
   * IllegalArgumentException} naming the resource and the line, as does a missing resource.
   */
  public static List<Map<String, Object>> readLines(String resource) {
    String text;
    try (InputStream in = Json.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + resource);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + resource, e);
    }
    List<Map<String, Object>> objects = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        if (!(parse(lines[i]) instanceof Map<?, ?> object)) {
          throw new IllegalArgumentException("not an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> typed = (Map<String, Object>) object;
        objects.add(typed);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            resource + " line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return objects;
  }

  private Object value() {
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("unexpected '" + c + "'");
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    members(
        '}',
        () -> {
          if (peek() != '"') {
            throw error("expected a key");
          }
          String key = string();
          skipSpace();
          expect(':');
          skipSpace();
          if (map.containsKey(key)) {
            throw error("duplicate key " + key);
          }
          map.put(key, value());
        });
    return map;
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    members(']', () -> list.add(value()));
    return list;
  }

  /**
   * Reads what follows the opening bracket at {@code pos} up to its {@code close}: nothing, or
   * members separated by commas, each read by {@code member} (called at the member's start).
   */
  private void members(char close, Runnable member) {
    pos++;
    skipSpace();
    if (peek() == close) {
      pos++;
      return;
    }
    while (true) {
      skipSpace();
      member.run();
      skipSpace();
      if (peek() == ',') {
        pos++;
      } else {
        expect(close);
        return;
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        return sb.toString();
      }
      if (c < 0x20) {
        throw error("control character in string");
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      if (pos >= text.length()) {
        throw error("unterminated escape");
      }
      char e = text.charAt(pos++);
      int simple = ESCAPES.indexOf(e);
      if (simple >= 0) {
        sb.append(ESCAPED.charAt(simple));
      } else if (e == 'u') {
        sb.append(hexEscape());
      } else {
        throw error("bad escape \\" + e);
      }
    }
  }

  /** The character that the four hex digits after a backslash and {@code u} stand for. */
  private char hexEscape() {
    if (pos + 4 > text.length()) {
      throw error("short \\u escape");
    }
    for (int i = pos; i < pos + 4; i++) {
      if (!HexFormat.isHexDigit(text.charAt(i))) {
        throw error("bad \\u escape");
      }
    }
    pos += 4;
    return (char) Integer.parseInt(text, pos - 4, pos, 16);
  }

  private Double number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    if (peek() == '0') {
      pos++;
    } else {
      digits();
    }
    if (peek() == '.') {
      pos++;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      digits();
    }
    return Double.valueOf(text.substring(start, pos));
  }

  private void digits() {
    int start = pos;
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      pos++;
    }
    if (pos == start) {
      throw error("expected a digit");
    }
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, pos)) {
      throw error("expected " + word);
    }
    pos += word.length();
    return value;
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at offset " + pos);
  }
}
