package io.github.reactiverobots.robotstxt.url;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The host of an http(s) URL as the WHATWG URL Standard's host parser reads it, plus the length
 * limits of DNS: an IPv6 literal validated and compressed ({@link Ipv6}); otherwise
 * percent-decoded, mapped to ASCII by UTS #46 ({@link Idna}), refused if it then holds a forbidden
 * domain code point, and read as an IPv4 address ({@link Ipv4}) when it ends in a number. Every
 * refusal names its rule.
 */
final class Hosts {
  /** DNS limits (RFC 1035 §2.3.4) on the ASCII form, which WHATWG does not enforce. */
  private static final int MAX_LABEL_BYTES = 63;

  private static final int MAX_HOST_BYTES = 253;

  private Hosts() {}

  /**
   * The canonical host of {@code s[from, to)}: lower-case ASCII, punycode labels, dotted-decimal
   * IPv4, compressed IPv6 in brackets.
   *
   * @throws InvalidUrlException naming {@code input} and the rule the host breaks
   */
  static String normalise(String s, int from, int to, String input) {
    if (from >= to) {
      throw new InvalidUrlException(input, "empty host");
    }
    if (s.charAt(from) == '[') {
      if (s.charAt(to - 1) != ']' || to - from < 2) {
        throw new InvalidUrlException(input, "unterminated IPv6 literal");
      }
      return Ipv6.canonical(s, from + 1, to - 1, input);
    }
    String domain = s.substring(from, to);
    if (domain.indexOf('%') >= 0) {
      domain = percentDecoded(domain);
    }
    String ascii = isPlainAscii(domain) ? lowerCase(domain) : Idna.toAscii(domain, input);
    if (ascii.isEmpty()) {
      throw new InvalidUrlException(input, "empty host");
    }
    for (int i = 0; i < ascii.length(); i++) {
      char c = ascii.charAt(i);
      if (isForbidden(c)) {
        throw new InvalidUrlException(
            input,
            "invalid character "
                + shown(c)
                + " in host (a"
                + " forbidden domain code point of the WHATWG URL Standard"
                + (ascii.equals(lowerCase(domain)) ? "" : ", after IDNA mapping")
                + ")");
      }
    }
    if (Ipv4.endsInNumber(ascii)) {
      return Ipv4.canonical(ascii, input);
    }
    checkLengths(ascii, input);
    return ascii;
  }

  /**
   * Whether {@code d} is ASCII with no label starting with {@code xn--}: then UTS #46 is ASCII
   * lower-casing (the WHATWG fast path).
   */
  private static boolean isPlainAscii(String d) {
    for (int i = 0; i < d.length(); i++) {
      char c = d.charAt(i);
      if (c >= 0x80) {
        return false;
      }
      if ((i == 0 || d.charAt(i - 1) == '.') && d.regionMatches(true, i, "xn--", 0, 4)) {
        return false;
      }
    }
    return true;
  }

  private static String lowerCase(String d) {
    for (int i = 0; i < d.length(); i++) {
      char c = d.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        char[] out = d.toCharArray();
        for (int j = i; j < out.length; j++) {
          if (out[j] >= 'A' && out[j] <= 'Z') {
            out[j] += 'a' - 'A';
          }
        }
        return new String(out);
      }
    }
    return d;
  }

  /** A forbidden domain code point: C0 controls, space, DEL and {@code #%/:<>?@[\]^|}. */
  private static boolean isForbidden(char c) {
    return c <= 0x20 || c == 0x7F || "#%/:<>?@[\\]^|".indexOf(c) >= 0;
  }

  private static String shown(char c) {
    return c < 0x20 || c == 0x7F ? String.format("U+%04X", (int) c) : "'" + c + "'";
  }

  /** Percent-decodes the UTF-8 of {@code d} (a {@code %} not before two hex digits stays). */
  private static String percentDecoded(String d) {
    byte[] in = d.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
    for (int i = 0; i < in.length; i++) {
      int hi = i + 2 < in.length ? Character.digit(in[i + 1], 16) : -1;
      int lo = i + 2 < in.length ? Character.digit(in[i + 2], 16) : -1;
      if (in[i] == '%' && hi >= 0 && lo >= 0) {
        out.write(hi << 4 | lo);
        i += 2;
      } else {
        out.write(in[i]);
      }
    }
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }

  /** Labels of 1 to 63 bytes (a final empty label is the root: {@code a.com.}), 253 in all. */
  private static void checkLengths(String ascii, String input) {
    int end = ascii.endsWith(".") ? ascii.length() - 1 : ascii.length();
    if (end > MAX_HOST_BYTES) {
      throw new InvalidUrlException(
          input,
          "host longer than "
              + MAX_HOST_BYTES
              + " bytes in ASCII (RFC 1035 name length; WHATWG does not check it)");
    }
    int start = 0;
    while (start <= end) {
      int dot = ascii.indexOf('.', start);
      int labelEnd = dot < 0 || dot > end ? end : dot;
      if (labelEnd == start) {
        throw new InvalidUrlException(
            input, "empty label in host (RFC 1035; WHATWG does not check it)");
      }
      if (labelEnd - start > MAX_LABEL_BYTES) {
        throw new InvalidUrlException(
            input,
            "host label longer than "
                + MAX_LABEL_BYTES
                + " bytes in ASCII (RFC 1035 label length; WHATWG does not check it)");
      }
      start = labelEnd + 1;
    }
  }
}
