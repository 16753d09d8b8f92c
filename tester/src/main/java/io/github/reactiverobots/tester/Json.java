package io.github.reactiverobots.tester;

import java.util.List;

/**
 * A minimal JSON writer for the page's answers: objects, arrays, strings, numbers, booleans. Every
 * string is escaped, control characters and {@code <}, {@code >}, {@code &} included, so that no
 * byte of a robots.txt can end a string or be read as markup. Not thread-safe.
 */
final class Json {
  private final StringBuilder sb = new StringBuilder();
  private boolean needComma;

  Json begin() {
    sep();
    sb.append('{');
    needComma = false;
    return this;
  }

  Json end() {
    sb.append('}');
    needComma = true;
    return this;
  }

  Json beginArray() {
    sep();
    sb.append('[');
    needComma = false;
    return this;
  }

  Json endArray() {
    sb.append(']');
    needComma = true;
    return this;
  }

  Json key(String k) {
    sep();
    string(k);
    sb.append(':');
    needComma = false;
    return this;
  }

  Json value(String v) {
    sep();
    if (v == null) {
      sb.append("null");
    } else {
      string(v);
    }
    needComma = true;
    return this;
  }

  Json value(long v) {
    sep();
    sb.append(v);
    needComma = true;
    return this;
  }

  Json value(boolean v) {
    sep();
    sb.append(v);
    needComma = true;
    return this;
  }

  Json field(String k, String v) {
    return key(k).value(v);
  }

  Json field(String k, long v) {
    return key(k).value(v);
  }

  Json field(String k, boolean v) {
    return key(k).value(v);
  }

  Json strings(String k, List<String> values) {
    key(k).beginArray();
    values.forEach(this::value);
    return endArray();
  }

  private void sep() {
    if (needComma) {
      sb.append(',');
      needComma = false;
    }
  }

  private void string(String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20
              || c == 0x7F
              || c == '<'
              || c == '>'
              || c == '&'
              || c == 0x2028
              || c == 0x2029) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  /** The length of the text written so far. */
  int length() {
    return sb.length();
  }

  @Override
  public String toString() {
    return sb.toString();
  }
}
