package io.github.reactiverobots.robotstxt.url;

/**
 * Punycode (RFC 3492) for one label, without the nameprep that {@link java.net.IDN} applies
 * (IDNA2003 maps {@code ß} to {@code ss}, which UTS #46 does not): the JDK has no public encoder of
 * its own. Stateless.
 */
final class Punycode {
  private static final int BASE = 36;
  private static final int T_MIN = 1;
  private static final int T_MAX = 26;
  private static final int SKEW = 38;
  private static final int DAMP = 700;
  private static final int INITIAL_BIAS = 72;
  private static final int INITIAL_N = 0x80;

  private Punycode() {}

  /**
   * The Punycode of the code points {@code label} (no {@code xn--} prefix), or null on overflow.
   */
  static String encode(int[] label) {
    StringBuilder out = new StringBuilder(label.length + 8);
    for (int c : label) {
      if (c < 0x80) {
        out.append((char) c);
      }
    }
    int basic = out.length();
    int handled = basic;
    if (basic > 0) {
      out.append('-');
    }
    int n = INITIAL_N;
    long delta = 0;
    int bias = INITIAL_BIAS;
    while (handled < label.length) {
      int m = Integer.MAX_VALUE;
      for (int c : label) {
        if (c >= n && c < m) {
          m = c;
        }
      }
      delta += (long) (m - n) * (handled + 1);
      if (delta > Integer.MAX_VALUE) {
        return null;
      }
      n = m;
      for (int c : label) {
        if (c < n && ++delta > Integer.MAX_VALUE) {
          return null;
        }
        if (c == n) {
          long q = delta;
          for (int k = BASE; ; k += BASE) {
            int t = k <= bias ? T_MIN : Math.min(k - bias, T_MAX);
            if (q < t) {
              break;
            }
            out.append(digit((int) (t + (q - t) % (BASE - t))));
            q = (q - t) / (BASE - t);
          }
          out.append(digit((int) q));
          bias = adapt((int) delta, handled + 1, handled == basic);
          delta = 0;
          handled++;
        }
      }
      delta++;
      n++;
    }
    return out.toString();
  }

  /**
   * The code points {@code s} (no {@code xn--} prefix) decodes to, or null when it is not valid
   * Punycode.
   */
  static int[] decode(String s) {
    int delimiter = s.lastIndexOf('-');
    int basic = Math.max(delimiter, 0);
    int[] out = new int[s.length()];
    int length = 0;
    for (int j = 0; j < basic; j++) {
      char c = s.charAt(j);
      if (c >= 0x80) {
        return null;
      }
      out[length++] = c;
    }
    int n = INITIAL_N;
    int i = 0;
    int bias = INITIAL_BIAS;
    for (int in = delimiter >= 0 ? delimiter + 1 : 0; in < s.length(); ) {
      int old = i;
      int w = 1;
      for (int k = BASE; ; k += BASE) {
        if (in >= s.length()) {
          return null;
        }
        int digit = digitValue(s.charAt(in++));
        if (digit < 0 || digit > (Integer.MAX_VALUE - i) / w) {
          return null;
        }
        i += digit * w;
        int t = k <= bias ? T_MIN : Math.min(k - bias, T_MAX);
        if (digit < t) {
          break;
        }
        if (w > Integer.MAX_VALUE / (BASE - t)) {
          return null;
        }
        w *= BASE - t;
      }
      bias = adapt(i - old, length + 1, old == 0);
      if (i / (length + 1) > Integer.MAX_VALUE - n) {
        return null;
      }
      n += i / (length + 1);
      i %= length + 1;
      if (n > Character.MAX_CODE_POINT || (n >= 0xD800 && n <= 0xDFFF)) {
        return null;
      }
      System.arraycopy(out, i, out, i + 1, length - i);
      out[i++] = n;
      length++;
    }
    return java.util.Arrays.copyOf(out, length);
  }

  private static int adapt(int delta, int points, boolean first) {
    delta = first ? delta / DAMP : delta / 2;
    delta += delta / points;
    int k = 0;
    while (delta > ((BASE - T_MIN) * T_MAX) / 2) {
      delta /= BASE - T_MIN;
      k += BASE;
    }
    return k + (BASE - T_MIN + 1) * delta / (delta + SKEW);
  }

  private static char digit(int d) {
    return (char) (d < 26 ? 'a' + d : '0' + d - 26);
  }

  private static int digitValue(char c) {
    if (c >= 'a' && c <= 'z') {
      return c - 'a';
    }
    if (c >= 'A' && c <= 'Z') {
      return c - 'A';
    }
    if (c >= '0' && c <= '9') {
      return c - '0' + 26;
    }
    return -1;
  }
}
