package io.github.reactiverobots.core.url;

import java.net.IDN;
import java.util.Locale;

/** Host normalisation: lower-case ASCII, IDN to punycode, IPv6 literals validated. */
final class Hosts {
  private Hosts() {}

  static String normalise(String s, int from, int to, String input) {
    if (from >= to) {
      throw new InvalidUrlException(input, "empty host");
    }
    if (s.charAt(from) == '[') {
      return ipv6(s, from, to, input);
    }
    boolean lower = true;
    boolean ascii = true;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        ascii = false;
      } else if (c >= 'A' && c <= 'Z') {
        lower = false;
      } else if (!validAscii(c)) {
        throw new InvalidUrlException(input, "invalid character '" + c + "' in host");
      }
    }
    String host = s.substring(from, to);
    if (!ascii) {
      try {
        host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
      } catch (IllegalArgumentException e) {
        throw new InvalidUrlException(input, "invalid internationalised host");
      }
      if (host.isEmpty()) {
        throw new InvalidUrlException(input, "empty host");
      }
      lower = false;
    }
    if (host.charAt(0) == '.' || host.contains("..")) {
      throw new InvalidUrlException(input, "empty label in host");
    }
    return lower ? host : host.toLowerCase(Locale.ROOT);
  }

  private static boolean validAscii(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
  }

  private static String ipv6(String s, int from, int to, String input) {
    if (to - from < 4 || s.charAt(to - 1) != ']') {
      throw new InvalidUrlException(input, "invalid IPv6 literal");
    }
    for (int i = from + 1; i < to - 1; i++) {
      char c = s.charAt(i);
      boolean ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
          || c == ':' || c == '.';
      if (!ok) {
        throw new InvalidUrlException(input, "invalid IPv6 literal");
      }
    }
    return s.substring(from, to).toLowerCase(Locale.ROOT);
  }
}
