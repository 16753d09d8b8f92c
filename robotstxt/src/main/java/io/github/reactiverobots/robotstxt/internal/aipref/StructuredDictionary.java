package io.github.reactiverobots.robotstxt.internal.aipref;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A parser of RFC 9651 Structured Field Dictionaries (§4.2.2), as much of the RFC as a preference
 * dictionary needs: every member is parsed and validated by the RFC's algorithms (keys, inner
 * lists, parameters, and every bare item type: integers, decimals, strings, tokens, byte sequences,
 * booleans, dates, display strings), and each member is kept as its token when it is one, and
 * otherwise as its serialisation (§4.1), which is all a reader of {@code y} and {@code n}
 * preferences reports. Parameters are validated and dropped. Stateless.
 */
final class StructuredDictionary {
  private final String in;
  private int pos;

  /**
   * One member: {@code token} is the bare item when it is a token (whatever its parameters),
   * otherwise null; {@code serialized} is the member's value serialised, parameters included.
   */
  record Member(String token, String serialized) {}

  private StructuredDictionary(String in) {
    this.in = in;
  }

  /**
   * Parses {@code text} as the value of a Dictionary field (§4.2: leading and trailing spaces
   * ignored).
   *
   * @return the members in order (a repeated key keeps its first place and last value), or null
   *     when the text is not a dictionary
   */
  static Map<String, Member> parse(String text) {
    StructuredDictionary p = new StructuredDictionary(text);
    try {
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) > 0x7F) {
          return null;
        }
      }
      p.skipSpaces();
      Map<String, Member> members = p.dictionary();
      p.skipSpaces();
      return p.pos == text.length() ? members : null;
    } catch (Malformed e) {
      return null;
    }
  }

  private Map<String, Member> dictionary() {
    Map<String, Member> members = new LinkedHashMap<>();
    while (pos < in.length()) {
      String key = key();
      Member member;
      if (peek() == '=') {
        pos++;
        member = itemOrInnerList();
      } else {
        member = new Member(null, "?1" + parameters());
      }
      members.put(key, member);
      skipOws();
      if (pos == in.length()) {
        return members;
      }
      if (in.charAt(pos++) != ',') {
        throw new Malformed();
      }
      skipOws();
      if (pos == in.length()) {
        throw new Malformed();
      }
    }
    return members;
  }

  private Member itemOrInnerList() {
    if (peek() == '(') {
      return new Member(null, innerList());
    }
    int start = pos;
    boolean token = isAlpha(peek()) || peek() == '*';
    String bare = bareItem();
    String tokenText = token ? in.substring(start, pos) : null;
    return new Member(tokenText, bare + parameters());
  }

  private String innerList() {
    pos++;
    StringBuilder out = new StringBuilder("(");
    while (pos < in.length()) {
      skipSpaces();
      if (peek() == ')') {
        pos++;
        return out.append(')').append(parameters()).toString();
      }
      if (out.length() > 1) {
        out.append(' ');
      }
      out.append(bareItem()).append(parameters());
      char c = peek();
      if (c != ' ' && c != ')') {
        throw new Malformed();
      }
    }
    throw new Malformed();
  }

  private String parameters() {
    StringBuilder out = new StringBuilder();
    Map<String, String> params = new LinkedHashMap<>();
    while (peek() == ';') {
      pos++;
      skipSpaces();
      String key = key();
      String value = "?1";
      if (peek() == '=') {
        pos++;
        value = bareItem();
      }
      params.put(key, value);
    }
    params.forEach((k, v) -> out.append(';').append(k).append(v.equals("?1") ? "" : "=" + v));
    return out.toString();
  }

  private String key() {
    char c = peek();
    if (!(c >= 'a' && c <= 'z') && c != '*') {
      throw new Malformed();
    }
    int start = pos;
    while (pos < in.length()) {
      c = in.charAt(pos);
      if (!((c >= 'a' && c <= 'z') || isDigit(c) || c == '_' || c == '-' || c == '.' || c == '*')) {
        break;
      }
      pos++;
    }
    return in.substring(start, pos);
  }

  /** A bare item (§4.2.3.1), returned serialised. */
  private String bareItem() {
    char c = peek();
    if (c == '-' || isDigit(c)) {
      return number();
    } else if (c == '"') {
      return string();
    } else if (isAlpha(c) || c == '*') {
      return token();
    } else if (c == ':') {
      return byteSequence();
    } else if (c == '?') {
      return bool();
    } else if (c == '@') {
      pos++;
      String n = number();
      if (n.indexOf('.') >= 0) {
        throw new Malformed();
      }
      return "@" + n;
    } else if (c == '%') {
      return displayString();
    }
    throw new Malformed();
  }

  /** An Integer or Decimal (§4.2.4). */
  private String number() {
    boolean negative = false;
    if (peek() == '-') {
      negative = true;
      pos++;
    }
    if (!isDigit(peek())) {
      throw new Malformed();
    }
    int start = pos;
    int dot = -1;
    while (pos < in.length()) {
      char c = in.charAt(pos);
      if (isDigit(c)) {
        pos++;
      } else if (c == '.' && dot < 0) {
        if (pos - start > 12) {
          throw new Malformed();
        }
        dot = pos++;
      } else {
        break;
      }
      if (dot < 0 ? pos - start > 15 : pos - start > 16) {
        throw new Malformed();
      }
    }
    String digits = in.substring(start, pos);
    String sign = negative ? "-" : "";
    if (dot < 0) {
      return Long.toString(negative ? -Long.parseLong(digits) : Long.parseLong(digits));
    }
    int fraction = pos - dot - 1;
    if (fraction == 0 || fraction > 3) {
      throw new Malformed();
    }
    String whole = Long.toString(Long.parseLong(in.substring(start, dot)));
    String frac = in.substring(dot + 1, pos).replaceAll("0+$", "");
    return sign + whole + "." + (frac.isEmpty() ? "0" : frac);
  }

  /** A String (§4.2.5). */
  private String string() {
    pos++;
    StringBuilder out = new StringBuilder("\"");
    while (pos < in.length()) {
      char c = in.charAt(pos++);
      if (c == '\\') {
        if (pos == in.length()) {
          throw new Malformed();
        }
        char next = in.charAt(pos++);
        if (next != '"' && next != '\\') {
          throw new Malformed();
        }
        out.append('\\').append(next);
      } else if (c == '"') {
        return out.append('"').toString();
      } else if (c < 0x20 || c > 0x7E) {
        throw new Malformed();
      } else {
        out.append(c);
      }
    }
    throw new Malformed();
  }

  /** A Token (§4.2.6). */
  private String token() {
    int start = pos++;
    while (pos < in.length()
        && (isTchar(in.charAt(pos)) || in.charAt(pos) == ':' || in.charAt(pos) == '/')) {
      pos++;
    }
    return in.substring(start, pos);
  }

  /** A Byte Sequence (§4.2.7), validated as base64 (padding optional). */
  private String byteSequence() {
    int start = ++pos;
    while (pos < in.length() && in.charAt(pos) != ':') {
      char c = in.charAt(pos++);
      if (!(isAlpha(c) || isDigit(c) || c == '+' || c == '/' || c == '=')) {
        throw new Malformed();
      }
    }
    if (pos == in.length()) {
      throw new Malformed();
    }
    String b64 = in.substring(start, pos++);
    String unpadded = b64.replaceAll("=+$", "");
    if (unpadded.indexOf('=') >= 0 || unpadded.length() % 4 == 1) {
      throw new Malformed();
    }
    byte[] decoded;
    try {
      decoded =
          Base64.getDecoder().decode(unpadded + "==".substring(0, (4 - unpadded.length() % 4) % 4));
    } catch (IllegalArgumentException e) {
      throw new Malformed();
    }
    return ":" + Base64.getEncoder().encodeToString(decoded) + ":";
  }

  /** A Boolean (§4.2.8). */
  private String bool() {
    pos++;
    char c = peek();
    if (c != '0' && c != '1') {
      throw new Malformed();
    }
    pos++;
    return "?" + c;
  }

  /** A Display String (§4.2.10): percent-encoded UTF-8 in double quotes. */
  private String displayString() {
    pos++;
    if (peek() != '"') {
      throw new Malformed();
    }
    int start = ++pos;
    ByteBuffer bytes = ByteBuffer.allocate(in.length());
    while (pos < in.length()) {
      char c = in.charAt(pos++);
      if (c < 0x20 || c > 0x7E) {
        throw new Malformed();
      } else if (c == '%') {
        if (pos + 2 > in.length()
            || !isLowerHex(in.charAt(pos))
            || !isLowerHex(in.charAt(pos + 1))) {
          throw new Malformed();
        }
        bytes.put((byte) Integer.parseInt(in.substring(pos, pos + 2), 16));
        pos += 2;
      } else if (c == '"') {
        try {
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(bytes.flip());
        } catch (CharacterCodingException e) {
          throw new Malformed();
        }
        return "%\"" + in.substring(start, pos - 1) + "\"";
      } else {
        bytes.put((byte) c);
      }
    }
    throw new Malformed();
  }

  private char peek() {
    return pos < in.length() ? in.charAt(pos) : '\0';
  }

  private void skipSpaces() {
    while (pos < in.length() && in.charAt(pos) == ' ') {
      pos++;
    }
  }

  private void skipOws() {
    while (pos < in.length() && (in.charAt(pos) == ' ' || in.charAt(pos) == '\t')) {
      pos++;
    }
  }

  private static boolean isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isLowerHex(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f');
  }

  private static boolean isTchar(char c) {
    return isAlpha(c) || isDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
  }

  /** The text is not a dictionary: caught by {@link #parse}, never escapes. */
  private static final class Malformed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Malformed() {
      super(null, null, false, false);
    }
  }
}
