package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;

/** Splits one line into key and value (SEMANTICS.md §1). */
final class LineScanner {
  private LineScanner() {}

  /**
   * Scans the content of one line, {@code d[from, to)}, its comment already cut off; {@code colon}
   * is the index of its first {@code :}, or -1; {@code keysByPrefix} is the profile's {@code
   * readsDirectiveKeysByPrefix()}.
   */
  static void scanLine(
      byte[] d,
      int from,
      int to,
      int colon,
      int line,
      boolean issues,
      boolean keysByPrefix,
      ScanHandler handler) {
    int lineStart = from;
    while (from < to && isSpace(d[from])) {
      from++;
    }
    while (to > from && isSpace(d[to - 1])) {
      to--;
    }
    if (from == to) {
      return;
    }
    int keyEnd;
    int valueStart;
    boolean missingColon = false;
    if (colon >= 0) {
      keyEnd = colon;
      valueStart = colon + 1;
    } else {
      int gap = LineBreaks.spaceOrTab(d, from, to);
      if (!issues && gap < to && !handler.wantsUnknown() && !knownKey(d, from, gap, keysByPrefix)) {
        // An unknown key that would be neither reported nor kept: whatever follows it, the line
        // gives nothing (HTML served as robots.txt has many such lines, long ones).
        return;
      }
      valueStart = gap;
      while (valueStart < to && isSpace(d[valueStart])) {
        valueStart++;
      }
      if (gap == to || LineBreaks.spaceOrTab(d, valueStart, to) < to) {
        if (issues) {
          handler.onIssue(line, from - lineStart + 1, Code.UNPARSABLE_LINE);
        }
        return;
      }
      keyEnd = gap;
      missingColon = true;
    }
    while (keyEnd > from && isSpace(d[keyEnd - 1])) {
      keyEnd--;
    }
    while (valueStart < to && isSpace(d[valueStart])) {
      valueStart++;
    }
    if (keyEnd == from) {
      if (issues) {
        handler.onIssue(line, from - lineStart + 1, Code.UNPARSABLE_LINE);
      }
      return;
    }
    int key = DirectiveKeys.find(d, from, keyEnd, keysByPrefix);
    if (missingColon && issues) {
      handler.onIssue(line, keyEnd - lineStart + 1, Code.MISSING_COLON);
    }
    if (key < 0) {
      if (handler.wantsUnknown()) {
        handler.onUnknown(
            new UnknownLine(line, from - lineStart + 1, d, from, keyEnd, valueStart, to));
      }
      return;
    }
    if (issues && (DirectiveKeys.isTypo(key) || DirectiveKeys.length(key) != keyEnd - from)) {
      handler.onIssue(line, from - lineStart + 1, Code.MISSPELLED_DIRECTIVE);
    }
    handler.onDirective(
        line, DirectiveKeys.directive(key), d, valueStart, to, valueStart - lineStart + 1);
  }

  /** Whether the key {@code d[from, gap)}, its trailing spaces cut, is a directive's. */
  private static boolean knownKey(byte[] d, int from, int gap, boolean keysByPrefix) {
    int keyEnd = gap;
    while (keyEnd > from && isSpace(d[keyEnd - 1])) {
      keyEnd--;
    }
    return keyEnd > from && DirectiveKeys.find(d, from, keyEnd, keysByPrefix) >= 0;
  }

  /** The bits of the space, tab, vertical tab and form feed: the bytes {@link #isSpace} takes. */
  private static final long SPACES = 1L << ' ' | 1L << '\t' | 1L << 0x0B | 1L << 0x0C;

  static boolean isSpace(byte b) {
    // One test for the usual byte, above the space: a shift takes its count mod 64.
    return b <= ' ' && b >= 0 && ((SPACES >>> b) & 1) != 0;
  }

  static void reportEncodingIssues(byte[] d, int from, int to, int line, ScanHandler handler) {
    boolean invalidReported = false;
    boolean quotesReported = false;
    int i = from;
    while (i < to) {
      int b = d[i] & 0xFF;
      if (b < 0x80) {
        i++;
        continue;
      }
      int n = sequenceLength(d, i, to);
      if (n == 0) {
        if (!invalidReported) {
          handler.onIssue(line, i - from + 1, Code.INVALID_UTF8);
          invalidReported = true;
        }
        i++;
        continue;
      }
      if (!quotesReported && n == 3 && b == 0xE2 && (d[i + 1] & 0xFF) == 0x80) {
        int c = d[i + 2] & 0xFF;
        if (c == 0x98 || c == 0x99 || c == 0x9C || c == 0x9D) {
          handler.onIssue(line, i - from + 1, Code.CURLY_QUOTES);
          quotesReported = true;
        }
      }
      i += n;
    }
  }

  /** The length of the valid UTF-8 sequence starting at {@code i}, or 0 if invalid. */
  private static int sequenceLength(byte[] d, int i, int to) {
    int b = d[i] & 0xFF;
    int n;
    int min;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 2;
      min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 3;
      min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 4;
      min = 0x10000;
    } else {
      return 0;
    }
    if (i + n > to) {
      return 0;
    }
    int cp = b & (0xFF >> (n + 1));
    for (int k = 1; k < n; k++) {
      int c = d[i + k] & 0xFF;
      if ((c & 0xC0) != 0x80) {
        return 0;
      }
      cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return 0;
    }
    return n;
  }
}
