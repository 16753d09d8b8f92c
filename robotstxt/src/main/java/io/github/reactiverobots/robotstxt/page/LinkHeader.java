package io.github.reactiverobots.robotstxt.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the links of one {@code Link} field value (RFC 8288 §3): {@code <url>; name=value, ...},
 * each value a token or a quoted string. One pass, no backtracking; a link that cannot be read is
 * skipped to the next top-level comma. Stateless.
 */
final class LinkHeader {
  private LinkHeader() {}

  /**
   * The links of {@code value} whose {@code rel} (the first one given) names {@code license}, as
   * {@code {url, type}} ({@code type} empty when absent). A link with an {@code anchor} is about
   * another resource and is left out.
   */
  static List<String[]> licenses(String value) {
    List<String[]> out = new ArrayList<>(0);
    int n = value.length();
    int i = 0;
    while (i < n) {
      char c = value.charAt(i);
      if (c == ' ' || c == '\t' || c == ',') {
        i++;
        continue;
      }
      int close = c == '<' ? value.indexOf('>', i + 1) : -1;
      if (close < 0) {
        i = nextLink(value, i);
        continue;
      }
      String url = value.substring(i + 1, close).strip();
      String rel = null;
      String type = null;
      boolean anchor = false;
      i = close + 1;
      while (i < n && value.charAt(i) != ',') {
        if (value.charAt(i) != ';') {
          i++;
          continue;
        }
        int nameFrom = skipSpace(value, i + 1);
        int nameTo = nameFrom;
        while (nameTo < n && "=;, \t".indexOf(value.charAt(nameTo)) < 0) {
          nameTo++;
        }
        String name = value.substring(nameFrom, nameTo).toLowerCase(Locale.ROOT);
        i = skipSpace(value, nameTo);
        String v = "";
        if (i < n && value.charAt(i) == '=') {
          i = skipSpace(value, i + 1);
          StringBuilder sb = new StringBuilder();
          i = i < n && value.charAt(i) == '"' ? quoted(value, i + 1, sb) : token(value, i, sb);
          v = sb.toString();
        }
        if (name.equals("rel") && rel == null) {
          rel = v;
        } else if (name.equals("type") && type == null) {
          type = v;
        } else if (name.equals("anchor")) {
          anchor = true;
        }
      }
      if (rel != null && !anchor && !url.isEmpty() && namesLicense(rel)) {
        out.add(new String[] {url, type == null ? "" : type.strip()});
      }
    }
    return out;
  }

  /** Whether a space-separated {@code rel} list names {@code license}, case-insensitively. */
  static boolean namesLicense(String rel) {
    for (String r : rel.trim().split("[ \t\n\r\f]+", -1)) {
      if (r.equalsIgnoreCase("license")) {
        return true;
      }
    }
    return false;
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /** Reads a quoted string's content after its opening quote; returns the index past it. */
  private static int quoted(String s, int i, StringBuilder sb) {
    while (i < s.length()) {
      char c = s.charAt(i++);
      if (c == '"') {
        return i;
      }
      if (c == '\\' && i < s.length()) {
        c = s.charAt(i++);
      }
      sb.append(c);
    }
    return i;
  }

  private static int token(String s, int i, StringBuilder sb) {
    while (i < s.length() && ";, \t".indexOf(s.charAt(i)) < 0) {
      sb.append(s.charAt(i++));
    }
    return i;
  }

  /** The index of the next top-level comma after {@code i} (quotes respected), or the end. */
  private static int nextLink(String s, int i) {
    boolean inQuotes = false;
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') {
        inQuotes = !inQuotes;
      } else if (c == '\\' && inQuotes) {
        i++;
      } else if (c == ',' && !inQuotes) {
        return i + 1;
      }
    }
    return i;
  }
}
