package io.github.reactiverobots.robotstxt.url;

/**
 * The WHATWG URL Standard's IPv6 parser and serialiser: {@code [0:0:0:0:0:0:0:1]}, {@code [::1]}
 * and {@code [::0.0.0.1]} are one address, written {@code [::1]} (the longest run of two or more
 * zero pieces compressed, hex in lower case, an embedded IPv4 part as hex). Stateless.
 */
final class Ipv6 {
  private Ipv6() {}

  /**
   * The serialised address of the literal {@code s[from, to)}, the text between the brackets, in
   * brackets.
   *
   * @throws InvalidUrlException naming {@code input} when it is not a valid IPv6 address
   */
  static String canonical(String s, int from, int to, String input) {
    return serialise(parse(s, from, to, input));
  }

  private static int[] parse(String s, int from, int to, String input) {
    int[] pieces = new int[8];
    int piece = 0;
    int compress = -1;
    int p = from;
    if (p < to && s.charAt(p) == ':') {
      if (p + 1 >= to || s.charAt(p + 1) != ':') {
        throw invalid(input, "a leading ':' must be '::'");
      }
      p += 2;
      compress = ++piece;
    }
    while (p < to) {
      if (piece == 8) {
        throw invalid(input, "more than eight pieces");
      }
      if (s.charAt(p) == ':') {
        if (compress >= 0) {
          throw invalid(input, "more than one '::'");
        }
        p++;
        compress = ++piece;
        continue;
      }
      int value = 0;
      int length = 0;
      while (length < 4 && p < to && Character.digit(s.charAt(p), 16) >= 0 && s.charAt(p) < 0x80) {
        value = value * 16 + Character.digit(s.charAt(p), 16);
        p++;
        length++;
      }
      if (p < to && s.charAt(p) == '.') {
        if (length == 0) {
          throw invalid(input, "empty IPv4 part");
        }
        p -= length;
        if (piece > 6) {
          throw invalid(input, "IPv4 part in the wrong place");
        }
        piece = ipv4(s, p, to, pieces, piece, input);
        p = to;
        break;
      }
      if (p < to && s.charAt(p) == ':') {
        p++;
        if (p == to) {
          throw invalid(input, "ends with a single ':'");
        }
      } else if (p < to) {
        throw invalid(input, "unexpected '" + s.charAt(p) + "'");
      }
      pieces[piece++] = value;
    }
    if (compress >= 0) {
      int swaps = piece - compress;
      piece = 7;
      while (piece != 0 && swaps > 0) {
        int t = pieces[piece];
        pieces[piece] = pieces[compress + swaps - 1];
        pieces[compress + swaps - 1] = t;
        piece--;
        swaps--;
      }
    } else if (piece != 8) {
      throw invalid(input, "fewer than eight pieces and no '::'");
    }
    return pieces;
  }

  /** Reads the dotted IPv4 tail {@code s[p, to)} into two pieces; returns the next piece. */
  private static int ipv4(String s, int p, int to, int[] pieces, int piece, String input) {
    int numbersSeen = 0;
    while (p < to) {
      int value = -1;
      if (numbersSeen > 0) {
        if (s.charAt(p) == '.' && numbersSeen < 4) {
          p++;
        } else {
          throw invalid(input, "malformed IPv4 part");
        }
      }
      if (p == to || s.charAt(p) < '0' || s.charAt(p) > '9') {
        throw invalid(input, "malformed IPv4 part");
      }
      while (p < to && s.charAt(p) >= '0' && s.charAt(p) <= '9') {
        int digit = s.charAt(p) - '0';
        if (value == 0) {
          throw invalid(input, "leading zero in IPv4 part");
        }
        value = value < 0 ? digit : value * 10 + digit;
        if (value > 255) {
          throw invalid(input, "IPv4 part over 255");
        }
        p++;
      }
      pieces[piece] = pieces[piece] * 0x100 + value;
      numbersSeen++;
      if (numbersSeen == 2 || numbersSeen == 4) {
        piece++;
      }
    }
    if (numbersSeen != 4) {
      throw invalid(input, "IPv4 part without four numbers");
    }
    return piece;
  }

  private static String serialise(int[] pieces) {
    int compress = -1;
    int longest = 1;
    for (int i = 0; i < 8; ) {
      int j = i;
      while (j < 8 && pieces[j] == 0) {
        j++;
      }
      if (j - i > longest) {
        longest = j - i;
        compress = i;
      }
      i = j == i ? i + 1 : j;
    }
    StringBuilder out = new StringBuilder(41).append('[');
    for (int i = 0; i < 8; i++) {
      if (i == compress) {
        out.append(i == 0 ? "::" : ":");
        i += longest - 1;
        continue;
      }
      out.append(Integer.toHexString(pieces[i]));
      if (i != 7) {
        out.append(':');
      }
    }
    return out.append(']').toString();
  }

  private static InvalidUrlException invalid(String input, String why) {
    return new InvalidUrlException(input, "invalid IPv6 address (" + why + ", WHATWG IPv6 parser)");
  }
}
