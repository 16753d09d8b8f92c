package io.github.reactiverobots.robotstxt.url;

import java.net.IDN;
import java.text.Normalizer;
import java.util.Locale;

/**
 * UTS #46 ToASCII as the WHATWG URL Standard's "domain to ASCII" runs it for a host that is not
 * plain ASCII: nontransitional ({@code ß} and {@code ς} kept), CheckHyphens off, CheckBidi and
 * CheckJoiners on, STD3 rules off (the caller then rejects every forbidden domain code point, so
 * {@code ／}, {@code ＠}, {@code ？} and {@code ℀}, which map to {@code /}, {@code @}, {@code ?} and
 * {@code a/c}, make the host invalid). Stateless.
 *
 * <p>No hand-written mapping table: each code point is mapped by the JDK's IDNA2003 nameprep
 * ({@link IDN}), which UTS #46 was designed to agree with, and checked against its case folding and
 * NFKC in the JDK's current Unicode ({@link Normalizer}, {@link String#toLowerCase}). Where the two
 * disagree on a code point that IDNA2003 knows (U+10A0 and its kind, which UTS #46 disallows) the
 * host is refused; a code point newer than IDNA2003's Unicode 3.2 is mapped by case folding and
 * NFKC. What this does not implement is refused with the rule named: the contextual rules for
 * U+200C and U+200D (CheckJoiners), and code points the JDK's Unicode does not assign.
 */
final class Idna {
  private static final int ZWNJ = 0x200C;
  private static final int ZWJ = 0x200D;
  private static final int DOTLESS_I = 0x131;

  /** Mapped to nothing by IDNA2003, but valid in UTS #46 since Unicode 15.1. */
  private static final int MONGOLIAN_TODO_SOFT_HYPHEN = 0x1806;

  private Idna() {}

  /**
   * The ASCII form of {@code domain} (percent-decoded, any case), label by label: ASCII labels
   * lower-cased, {@code xn--} labels validated and kept, other labels in Punycode.
   *
   * @throws InvalidUrlException naming {@code input} and the rule broken
   */
  static String toAscii(String domain, String input) {
    String mapped = Normalizer.normalize(map(domain, input), Normalizer.Form.NFC);
    String[] labels = mapped.split("\\.", -1);
    int[][] unicode = new int[labels.length][];
    boolean bidiDomain = false;
    for (int i = 0; i < labels.length; i++) {
      unicode[i] = unicodeLabel(labels[i], input);
      bidiDomain |= hasRightToLeft(unicode[i]);
    }
    StringBuilder out = new StringBuilder(mapped.length() + 16);
    for (int i = 0; i < labels.length; i++) {
      int[] label = unicode[i];
      checkLabel(label, bidiDomain, input);
      if (i > 0) {
        out.append('.');
      }
      if (isAscii(labels[i])) {
        out.append(labels[i]);
      } else {
        String puny = Punycode.encode(label);
        if (puny == null) {
          throw new InvalidUrlException(input, "host label too long to encode (Punycode)");
        }
        out.append("xn--").append(puny);
      }
    }
    return out.toString();
  }

  /** UTS #46 mapping of every code point of {@code domain}; '.' stays the label separator. */
  private static String map(String domain, String input) {
    StringBuilder out = new StringBuilder(domain.length() + 8);
    for (int i = 0; i < domain.length(); ) {
      int cp = domain.codePointAt(i);
      i += Character.charCount(cp);
      if (cp < 0x80) {
        out.append((char) (cp >= 'A' && cp <= 'Z' ? cp + 32 : cp));
      } else if (cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61) {
        out.append('.');
      } else if (cp == 0xDF || cp == 0x3C2 || cp == ZWNJ || cp == ZWJ) {
        out.appendCodePoint(cp); // deviations: kept by nontransitional processing
      } else {
        out.append(mapOne(cp, input));
      }
    }
    return out.toString();
  }

  /** The UTS #46 mapping of one non-ASCII code point, or an exception when it is disallowed. */
  private static String mapOne(int cp, String input) {
    int type = Character.getType(cp);
    if (type == Character.UNASSIGNED) {
      throw disallowed(
          cp,
          input,
          "unassigned in the Unicode version of this JDK (Java "
              + Runtime.version().feature()
              + "), or a noncharacter");
    }
    if (type == Character.SURROGATE || type == Character.PRIVATE_USE || type == Character.CONTROL) {
      throw disallowed(cp, input, "private-use, surrogate or control code point");
    }
    Character.UnicodeBlock block = Character.UnicodeBlock.of(cp);
    if (block == Character.UnicodeBlock.VARIATION_SELECTORS_SUPPLEMENT) {
      return ""; // ignored, as IDNA2003 ignores the variation selectors U+FE00-FE0F
    }
    if (type == Character.FORMAT) {
      // Invisible format controls (bidi class BN) are ignored; the others (bidi controls,
      // number signs) and the tag characters are disallowed.
      if (Character.getDirectionality(cp) == Character.DIRECTIONALITY_BOUNDARY_NEUTRAL
          && block != Character.UnicodeBlock.TAGS) {
        return "";
      }
      throw disallowed(cp, input, "format character");
    }
    if (isOtherDefaultIgnorable(cp)) {
      return "";
    }
    String nameprep = nameprep(cp, input);
    if (nameprep.isEmpty() && cp != MONGOLIAN_TODO_SOFT_HYPHEN) {
      return nameprep; // IDNA2003's "mapped to nothing" (variation selectors...): ignored
    }
    String folded = folded(cp);
    for (int i = 0; i < folded.length(); i++) {
      char c = folded.charAt(i);
      if (c == '.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61) {
        throw disallowed(cp, input, "maps to a '.'");
      }
    }
    return folded;
  }

  /**
   * IDNA2003's nameprep of one code point (the JDK's) in ASCII-compatible form: empty when it is
   * mapped to nothing, an exception when it is prohibited (non-ASCII spaces, U+FFFD...).
   */
  private static String nameprep(int cp, String input) {
    String ascii;
    try {
      ascii = IDN.toASCII(new String(Character.toChars(cp)), IDN.ALLOW_UNASSIGNED);
    } catch (IllegalArgumentException e) {
      if (String.valueOf(e.getMessage()).contains("Empty label")) {
        return ""; // mapped to nothing (soft hyphen, zero-width space...)
      }
      throw disallowed(cp, input, "prohibited by IDNA");
    }
    return ascii;
  }

  /** Case folding then NFKC, in the JDK's Unicode: what UTS #46 maps a code point to. */
  private static String folded(int cp) {
    if (cp == DOTLESS_I) {
      return "\u0131"; // its upper case is I, but it folds to itself
    }
    String s = Normalizer.normalize(new String(Character.toChars(cp)), Normalizer.Form.NFKC);
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      String one = new String(Character.toChars(c));
      if (c == DOTLESS_I) {
        out.append(one);
      } else if (Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CHEROKEE
          || Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CHEROKEE_SUPPLEMENT) {
        out.append(one.toUpperCase(Locale.ROOT)); // Cherokee is the one script folding to upper
      } else {
        out.append(one.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
      }
    }
    return Normalizer.normalize(out, Normalizer.Form.NFKC);
  }

  /** The code points of one mapped label; an {@code xn--} label decoded and validated. */
  private static int[] unicodeLabel(String label, String input) {
    if (!label.startsWith("xn--")) {
      return label.codePoints().toArray();
    }
    if (!isAscii(label)) {
      throw new InvalidUrlException(input, "non-ASCII in an 'xn--' label (UTS #46)");
    }
    int[] decoded = Punycode.decode(label.substring(4));
    if (decoded == null || decoded.length == 0) {
      throw new InvalidUrlException(input, "'" + label + "' is not valid Punycode (UTS #46)");
    }
    if (isAscii(new String(decoded, 0, decoded.length))) {
      throw new InvalidUrlException(
          input, "'" + label + "' decodes to ASCII only, which needs no 'xn--' (UTS #46)");
    }
    String text = new String(decoded, 0, decoded.length);
    if (!Normalizer.isNormalized(text, Normalizer.Form.NFC)) {
      throw new InvalidUrlException(input, "'" + label + "' decodes to text not in NFC (UTS #46)");
    }
    for (int cp : decoded) {
      if (cp >= 0x80
          && cp != 0xDF
          && cp != 0x3C2
          && cp != ZWNJ
          && cp != ZWJ
          && !mapOne(cp, input).equals(new String(Character.toChars(cp)))) {
        throw new InvalidUrlException(
            input,
            "'" + label + "' decodes to U+" + hex(cp) + ", which is not valid in a host (UTS #46)");
      }
    }
    return decoded;
  }

  /** UTS #46 validity criteria of one label that this class checks. */
  private static void checkLabel(int[] label, boolean bidiDomain, String input) {
    if (label.length == 0) {
      return;
    }
    int first = Character.getType(label[0]);
    if (first == Character.NON_SPACING_MARK
        || first == Character.COMBINING_SPACING_MARK
        || first == Character.ENCLOSING_MARK) {
      throw new InvalidUrlException(input, "host label starts with a combining mark (UTS #46)");
    }
    for (int cp : label) {
      if (cp == ZWNJ || cp == ZWJ) {
        throw new InvalidUrlException(
            input,
            "zero-width joiner U+"
                + hex(cp)
                + " in host: its"
                + " contextual rules (UTS #46 CheckJoiners) are not supported, so it is refused");
      }
    }
    if (bidiDomain && !satisfiesBidiRule(label)) {
      throw new InvalidUrlException(
          input, "host label breaks the bidi rule of RFC 5893 (UTS #46 CheckBidi)");
    }
  }

  /** The six conditions of RFC 5893 §2, which every label of a bidi domain name must meet. */
  private static boolean satisfiesBidiRule(int[] label) {
    byte first = Character.getDirectionality(label[0]);
    boolean rtl =
        first == Character.DIRECTIONALITY_RIGHT_TO_LEFT
            || first == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC;
    if (!rtl && first != Character.DIRECTIONALITY_LEFT_TO_RIGHT) {
      return false;
    }
    boolean european = false;
    boolean arabic = false;
    byte last = first;
    for (int cp : label) {
      byte d = Character.getDirectionality(cp);
      boolean common =
          d == Character.DIRECTIONALITY_EUROPEAN_NUMBER
              || d == Character.DIRECTIONALITY_EUROPEAN_NUMBER_SEPARATOR
              || d == Character.DIRECTIONALITY_COMMON_NUMBER_SEPARATOR
              || d == Character.DIRECTIONALITY_EUROPEAN_NUMBER_TERMINATOR
              || d == Character.DIRECTIONALITY_OTHER_NEUTRALS
              || d == Character.DIRECTIONALITY_BOUNDARY_NEUTRAL
              || d == Character.DIRECTIONALITY_NONSPACING_MARK;
      boolean allowed =
          rtl
              ? common
                  || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT
                  || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC
                  || d == Character.DIRECTIONALITY_ARABIC_NUMBER
              : common || d == Character.DIRECTIONALITY_LEFT_TO_RIGHT;
      if (!allowed) {
        return false;
      }
      european |= d == Character.DIRECTIONALITY_EUROPEAN_NUMBER;
      arabic |= d == Character.DIRECTIONALITY_ARABIC_NUMBER;
      if (d != Character.DIRECTIONALITY_NONSPACING_MARK) {
        last = d;
      }
    }
    if (rtl) {
      return !(european && arabic)
          && (last == Character.DIRECTIONALITY_RIGHT_TO_LEFT
              || last == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC
              || last == Character.DIRECTIONALITY_EUROPEAN_NUMBER
              || last == Character.DIRECTIONALITY_ARABIC_NUMBER);
    }
    return last == Character.DIRECTIONALITY_LEFT_TO_RIGHT
        || last == Character.DIRECTIONALITY_EUROPEAN_NUMBER;
  }

  /**
   * Default-ignorable code points that are not format characters (Hangul fillers, Khmer inherent
   * vowels), which UTS #46 ignores and IDNA2003 keeps; the JDK exposes no
   * Default_Ignorable_Code_Point property to find them by.
   */
  private static boolean isOtherDefaultIgnorable(int cp) {
    return cp == 0x115F
        || cp == 0x1160
        || cp == 0x17B4
        || cp == 0x17B5
        || cp == 0x3164
        || cp == 0xFFA0;
  }

  private static boolean hasRightToLeft(int[] label) {
    for (int cp : label) {
      byte d = Character.getDirectionality(cp);
      if (d == Character.DIRECTIONALITY_RIGHT_TO_LEFT
          || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC
          || d == Character.DIRECTIONALITY_ARABIC_NUMBER) {
        return true;
      }
    }
    return false;
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private static InvalidUrlException disallowed(int cp, String input, String why) {
    return new InvalidUrlException(
        input, "code point U+" + hex(cp) + " is not allowed in a host (" + why + ", UTS #46)");
  }

  private static String hex(int cp) {
    String h = Integer.toHexString(cp).toUpperCase(Locale.ROOT);
    return h.length() >= 4 ? h : "0000".substring(h.length()) + h;
  }
}
