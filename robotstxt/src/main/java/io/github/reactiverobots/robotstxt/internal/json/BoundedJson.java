package io.github.reactiverobots.robotstxt.internal.json;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader (RFC 8259) for documents that may be hostile: the caller bounds the bytes,
 * this bounds the nesting and the number of values, and reads in one pass without backtracking. A
 * value becomes a {@code Map<String, Object>} (insertion order; a repeated key keeps its last
 * value), a {@code List<Object>}, a {@code String}, a {@link Number}, {@code Boolean.TRUE}/{@code
 * FALSE} or {@link #NULL}. Anything that is not JSON, or not valid UTF-8, or past a bound, reads as
 * null: never an exception. Stateless and thread-safe.
 */
public final class BoundedJson {
  /** The JSON {@code null}. */
  public static final Object NULL = new Object();

  /** The deepest nesting of arrays and objects read. */
  public static final int MAX_DEPTH = 16;

  /**
   * A number as written: its text, checked against the grammar but not converted, so that no
   * exponent can make reading it slow.
   *
   * @param text the number as written
   */
  public record Number(String text) {}

  private final String s;
  private final int maxValues;
  private int i;
  private int values;

  private BoundedJson(String s, int maxValues) {
    this.s = s;
    this.maxValues = maxValues;
  }

  /**
   * Reads {@code json[0, length)} as UTF-8 (a leading byte order mark skipped).
   *
   * @param json the bytes
   * @param length how many of them
   * @param maxValues the most values (of any kind, nested ones included) read
   * @return the value, or null when the bytes are not one JSON value within the bounds
   */
  public static Object parse(byte[] json, int length, int maxValues) {
    int from =
        length >= 3 && json[0] == (byte) 0xEF && json[1] == (byte) 0xBB && json[2] == (byte) 0xBF
            ? 3
            : 0;
    String text;
    try {
      CharBuffer chars =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(json, from, length - from));
      text = chars.toString();
    } catch (CharacterCodingException e) {
      return null;
    }
    BoundedJson r = new BoundedJson(text, maxValues);
    Object v = r.value(0);
    if (v == null) {
      return null;
    }
    r.space();
    return r.i == text.length() ? v : null;
  }

  private Object value(int depth) {
    if (depth > MAX_DEPTH || ++values > maxValues) {
      return null;
    }
    space();
    if (i >= s.length()) {
      return null;
    }
    char c = s.charAt(i);
    return switch (c) {
      case '{' -> object(depth);
      case '[' -> array(depth);
      case '"' -> string();
      case 't' -> word("true", Boolean.TRUE);
      case 'f' -> word("false", Boolean.FALSE);
      case 'n' -> word("null", NULL);
      default -> c == '-' || (c >= '0' && c <= '9') ? number() : null;
    };
  }

  private Object object(int depth) {
    i++;
    Map<String, Object> out = new LinkedHashMap<>();
    space();
    if (i < s.length() && s.charAt(i) == '}') {
      i++;
      return out;
    }
    while (true) {
      space();
      if (i >= s.length() || s.charAt(i) != '"') {
        return null;
      }
      String key = string();
      space();
      if (key == null || i >= s.length() || s.charAt(i) != ':') {
        return null;
      }
      i++;
      Object v = value(depth + 1);
      if (v == null) {
        return null;
      }
      out.put(key, v);
      space();
      if (i >= s.length()) {
        return null;
      }
      char c = s.charAt(i++);
      if (c == '}') {
        return out;
      }
      if (c != ',') {
        return null;
      }
    }
  }

  private Object array(int depth) {
    i++;
    List<Object> out = new ArrayList<>();
    space();
    if (i < s.length() && s.charAt(i) == ']') {
      i++;
      return out;
    }
    while (true) {
      Object v = value(depth + 1);
      if (v == null) {
        return null;
      }
      out.add(v);
      space();
      if (i >= s.length()) {
        return null;
      }
      char c = s.charAt(i++);
      if (c == ']') {
        return out;
      }
      if (c != ',') {
        return null;
      }
    }
  }

  private String string() {
    i++;
    StringBuilder sb = new StringBuilder();
    while (i < s.length()) {
      char c = s.charAt(i++);
      if (c == '"') {
        return sb.toString();
      }
      if (c < 0x20) {
        return null;
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      if (i >= s.length()) {
        return null;
      }
      char e = s.charAt(i++);
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          if (i + 4 > s.length()) {
            return null;
          }
          int code = 0;
          for (int k = 0; k < 4; k++) {
            int h = Character.digit(s.charAt(i++), 16);
            if (h < 0) {
              return null;
            }
            code = code * 16 + h;
          }
          sb.append((char) code);
        }
        default -> {
          return null;
        }
      }
    }
    return null;
  }

  private Object number() {
    int from = i;
    if (s.charAt(i) == '-') {
      i++;
    }
    if (i < s.length() && s.charAt(i) == '0') {
      i++;
    } else if (digits() == 0) {
      return null;
    }
    if (i < s.length() && s.charAt(i) == '.') {
      i++;
      if (digits() == 0) {
        return null;
      }
    }
    if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      if (digits() == 0) {
        return null;
      }
    }
    return new Number(s.substring(from, i));
  }

  private int digits() {
    int from = i;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i - from;
  }

  private Object word(String word, Object value) {
    if (!s.startsWith(word, i)) {
      return null;
    }
    i += word.length();
    return value;
  }

  private void space() {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      i++;
    }
  }
}
