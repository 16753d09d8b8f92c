package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The byte-level scanner: splits a body into lines and lines into key and value, and reports them
 * to a {@link RobotsParseHandler} (SEMANTICS.md §1). No regular expressions; never throws on any
 * input. Stateless and thread-safe.
 */
final class RobotsScanner {
  private RobotsScanner() {}

  /**
   * Scans the remaining bytes of {@code body} (its position is unchanged), calling {@code handler}
   * on this thread for each line up to the parse limit.
   *
   * @param body the robots.txt body; not kept
   * @param options the profile and parse limit
   * @param handler receives the lines
   */
  static void scan(ByteBuffer body, ParseOptions options, ScanHandler handler) {
    int available = body.remaining();
    int read = readLength(available, options);
    boolean moreBeyond = available > read;
    if (body.hasArray()) {
      int from = body.arrayOffset() + body.position();
      scan(body.array(), from, from + read, moreBeyond, options, handler);
    } else {
      byte[] data = new byte[read];
      body.duplicate().get(data);
      scan(data, 0, read, moreBeyond, options, handler);
    }
  }

  /**
   * Scans the whole of {@code body}, as {@link #scan(ByteBuffer, ParseOptions, ScanHandler)} does.
   */
  static void scan(byte[] body, ParseOptions options, ScanHandler handler) {
    int read = readLength(body.length, options);
    scan(body, 0, read, body.length > read, options, handler);
  }

  /** How many of {@code available} bytes a scan reads. */
  private static int readLength(int available, ParseOptions options) {
    // UTF-16 needs up to two input bytes per parsed byte, so read twice the limit at most.
    return (int) Math.min(available, 2L * options.parseLimit() + 2);
  }

  /** Scans {@code data[from, to)}; {@code moreBeyond} says the body continued past it. */
  private static void scan(
      byte[] data,
      int from,
      int to,
      boolean moreBeyond,
      ParseOptions options,
      ScanHandler handler) {
    if (options.profile().transcodesUtf16() && isUtf16(data, from, to)) {
      data = transcodeUtf16(data, from, to);
      from = 0;
      to = data.length;
    }
    int start = from + bomLength(data, from, to);
    int end = to;
    boolean truncated = moreBeyond;
    if (end - start > options.parseLimit()) {
      end = start + options.parseLimit();
      truncated = true;
    }
    int maxLine = options.profile().maxLineContentBytes();
    boolean keysByPrefix = options.profile().readsDirectiveKeysByPrefix();
    boolean issues = handler.wantsIssues();
    handler.onStart();
    int line = 0;
    int pos = start;
    while (pos < end) {
      line++;
      byte first = data[pos];
      if (first == '\n' || first == '\r') {
        // An empty line: nothing to scan, report or cut.
        pos = afterBreak(data, pos, end);
        continue;
      }
      if (!issues && !handler.wantsUnknown() && !DirectiveKeys.mayStartKey(data, pos, end)) {
        // A line no directive can start (HTML, script, a comment) gives nothing to a handler that
        // wants neither issues nor unknown records: only its end is looked for.
        int lineEnd = LineBreaks.lineEnd(data, pos, end);
        pos = lineEnd < end ? afterBreak(data, lineEnd, end) : lineEnd;
        continue;
      }
      long found = LineBreaks.colonAndContentEnd(data, pos, end);
      int contentEnd = (int) found;
      int colon = (int) (found >>> 32) - 1;
      int lineEnd =
          contentEnd < end && data[contentEnd] == '#'
              ? LineBreaks.lineEnd(data, contentEnd + 1, end)
              : contentEnd;
      int cutEnd = lineEnd;
      if (lineEnd - pos > maxLine) {
        cutEnd = pos + maxLine;
        contentEnd = Math.min(contentEnd, cutEnd);
        colon = colon < contentEnd ? colon : -1;
        if (issues) {
          handler.onIssue(line, maxLine + 1, Code.LINE_CUT);
        }
      }
      if (issues) {
        LineScanner.reportEncodingIssues(data, pos, cutEnd, line, handler);
      }
      LineScanner.scanLine(data, pos, contentEnd, colon, line, issues, keysByPrefix, handler);
      pos = lineEnd < end ? afterBreak(data, lineEnd, end) : lineEnd;
    }
    if (truncated && issues) {
      handler.onIssue(Math.max(line, 1), 1, Code.PAST_PARSE_LIMIT);
    }
    handler.onEnd(line, truncated);
  }

  /** Where the line after the break at {@code data[at]} (CR, LF or CRLF) starts. */
  private static int afterBreak(byte[] data, int at, int end) {
    return at + (data[at] == '\r' && at + 1 < end && data[at + 1] == '\n' ? 2 : 1);
  }

  private static int bomLength(byte[] d, int from, int to) {
    if (to > from && d[from] == (byte) 0xEF) {
      if (to > from + 1 && d[from + 1] == (byte) 0xBB) {
        return to > from + 2 && d[from + 2] == (byte) 0xBF ? 3 : 2;
      }
      return 1;
    }
    return 0;
  }

  private static boolean isUtf16(byte[] d, int from, int to) {
    return to - from >= 2
        && ((d[from] == (byte) 0xFE && d[from + 1] == (byte) 0xFF)
            || (d[from] == (byte) 0xFF && d[from + 1] == (byte) 0xFE));
  }

  private static byte[] transcodeUtf16(byte[] d, int from, int to) {
    boolean bigEndian = d[from] == (byte) 0xFE;
    int evenLength = (to - from - 2) & ~1;
    String text =
        new String(
            d,
            from + 2,
            evenLength,
            bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE);
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
