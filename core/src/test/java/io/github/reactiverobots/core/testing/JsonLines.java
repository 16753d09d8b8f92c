package io.github.reactiverobots.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON-lines test vectors: one flat object per line whose values are strings, numbers,
 * booleans, null or arrays of those. Enough for the conformance files; not a general JSON parser.
 */
public final class JsonLines {
  private final String s;
  private int i;

  private JsonLines(String s) {
    this.s = s;
  }

  /** Reads every non-blank line of a class-path resource. */
  public static List<Map<String, Object>> read(String resource) {
    try (InputStream in = JsonLines.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + resource);
      }
      List<Map<String, Object>> rows = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          rows.add(parseObject(line));
        }
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> parseObject(String line) {
    JsonLines p = new JsonLines(line);
    Object o = p.value();
    if (!(o instanceof Map)) {
      throw new IllegalArgumentException("not an object: " + line);
    }
    return (Map<String, Object>) o;
  }

  private Object value() {
    skip();
    char c = s.charAt(i);
    if (c == '{') {
      Map<String, Object> m = new LinkedHashMap<>();
      i++;
      skip();
      if (s.charAt(i) == '}') {
        i++;
        return m;
      }
      while (true) {
        skip();
        String key = string();
        skip();
        expect(':');
        m.put(key, value());
        skip();
        if (s.charAt(i) == ',') {
          i++;
        } else {
          expect('}');
          return m;
        }
      }
    }
    if (c == '[') {
      List<Object> l = new ArrayList<>();
      i++;
      skip();
      if (s.charAt(i) == ']') {
        i++;
        return l;
      }
      while (true) {
        l.add(value());
        skip();
        if (s.charAt(i) == ',') {
          i++;
        } else {
          expect(']');
          return l;
        }
      }
    }
    if (c == '"') {
      return string();
    }
    if (s.startsWith("true", i)) {
      i += 4;
      return Boolean.TRUE;
    }
    if (s.startsWith("false", i)) {
      i += 5;
      return Boolean.FALSE;
    }
    if (s.startsWith("null", i)) {
      i += 4;
      return null;
    }
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    return Long.parseLong(s.substring(start, i));
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      char c = s.charAt(i++);
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = s.charAt(i++);
      switch (e) {
        case 'n': sb.append('\n'); break;
        case 'r': sb.append('\r'); break;
        case 't': sb.append('\t'); break;
        case 'b': sb.append('\b'); break;
        case 'f': sb.append('\f'); break;
        case 'u':
          sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
          break;
        default: sb.append(e);
      }
    }
  }

  private void expect(char c) {
    if (s.charAt(i) != c) {
      throw new IllegalArgumentException("expected '" + c + "' at " + i + " in " + s);
    }
    i++;
  }

  private void skip() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
  }
}
