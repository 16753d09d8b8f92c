package io.github.reactiverobots.robotstxt.url;

/**
 * The WHATWG URL Standard's IPv4 parser: a host that ends in a number is an IPv4 address in one of
 * the forms browsers read ({@code 2130706433}, {@code 0x7f.1}, {@code 0177.0.0.1}, {@code 127.1}: 1
 * to 4 parts, each decimal, {@code 0x} hex or {@code 0} octal), written back as dotted decimal; one
 * that does not parse as such is no valid host at all. Stateless.
 */
final class Ipv4 {
  /** Above every value a part may have, so that long digit runs saturate instead of wrapping. */
  private static final long TOO_BIG = 1L << 40;

  private Ipv4() {}

  /**
   * Whether the ASCII host {@code h} ends in a number: its last label (a trailing dot aside) is all
   * digits, or {@code 0x} followed by hex digits. Such a host must be an IPv4 address.
   */
  static boolean endsInNumber(String h) {
    int end = h.length();
    if (end > 1 && h.charAt(end - 1) == '.') {
      end--;
    }
    int start = h.lastIndexOf('.', end - 1) + 1;
    if (start == end) {
      return false;
    }
    if (allDigits(h, start, end, 10)) {
      return true;
    }
    return end - start >= 2
        && h.charAt(start) == '0'
        && (h.charAt(start + 1) | 0x20) == 'x'
        && allDigits(h, start + 2, end, 16);
  }

  /**
   * The dotted-decimal form of the IPv4 host {@code h}.
   *
   * @throws InvalidUrlException naming {@code input} when {@code h} is not a valid IPv4 address
   */
  static String canonical(String h, String input) {
    int end = h.length();
    if (end > 0 && h.charAt(end - 1) == '.') {
      end--;
    }
    long[] parts = new long[4];
    int count = 0;
    int start = 0;
    while (true) {
      int dot = h.indexOf('.', start);
      int partEnd = dot < 0 || dot > end ? end : dot;
      if (count == 4) {
        throw invalid(input, "more than four parts");
      }
      long value = number(h, start, partEnd);
      if (value < 0) {
        throw invalid(input, "'" + h.substring(start, partEnd) + "' is not a number");
      }
      parts[count++] = value;
      if (partEnd == end) {
        break;
      }
      start = partEnd + 1;
    }
    for (int i = 0; i < count - 1; i++) {
      if (parts[i] > 255) {
        throw invalid(input, "a part other than the last is over 255");
      }
    }
    long last = parts[count - 1];
    if (last >= 1L << (8 * (5 - count))) {
      throw invalid(input, "the last part is too large");
    }
    long address = last;
    for (int i = 0; i < count - 1; i++) {
      address += parts[i] << (8 * (3 - i));
    }
    return (address >>> 24)
        + "."
        + ((address >>> 16) & 0xFF)
        + "."
        + ((address >>> 8) & 0xFF)
        + "."
        + (address & 0xFF);
  }

  private static InvalidUrlException invalid(String input, String why) {
    return new InvalidUrlException(
        input,
        "host ends in a number but is not an IPv4 address (" + why + ", WHATWG IPv4 parser)");
  }

  /** The value of one part, {@code h[from, to)}, or -1 when it is not an IPv4 number. */
  private static long number(String h, int from, int to) {
    if (from == to) {
      return -1;
    }
    int radix = 10;
    if (to - from >= 2 && h.charAt(from) == '0' && (h.charAt(from + 1) | 0x20) == 'x') {
      radix = 16;
      from += 2;
    } else if (to - from >= 2 && h.charAt(from) == '0') {
      radix = 8;
      from++;
    }
    if (!allDigits(h, from, to, radix)) {
      return -1;
    }
    long value = 0;
    for (int i = from; i < to; i++) {
      value = Math.min(value * radix + Character.digit(h.charAt(i), radix), TOO_BIG);
    }
    return value;
  }

  private static boolean allDigits(String h, int from, int to, int radix) {
    for (int i = from; i < to; i++) {
      char c = h.charAt(i);
      if (c >= 0x80 || Character.digit(c, radix) < 0) {
        return false;
      }
    }
    return true;
  }
}
