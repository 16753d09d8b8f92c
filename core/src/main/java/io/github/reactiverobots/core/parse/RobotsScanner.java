package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.Profile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The byte-level scanner: splits a body into lines and lines into key and value, and reports
 * them to a {@link RobotsParseHandler} (SEMANTICS.md §1). No regular expressions; never throws on
 * any input. Stateless and thread-safe.
 */
public final class RobotsScanner {
  /** Google's maximum line length (2083 * 8), of which it keeps one byte less. */
  static final int GOOGLE_MAX_LINE = 2083 * 8 - 1;

  private RobotsScanner() {}

  /** Scans the remaining bytes of {@code body} (its position is unchanged). */
  public static void scan(ByteBuffer body, ParseOptions options, RobotsParseHandler handler) {
    ByteBuffer view = body.duplicate();
    int available = view.remaining();
    // UTF-16 needs up to two input bytes per parsed byte, so read twice the limit at most.
    byte[] data = new byte[(int) Math.min(available, 2L * options.parseLimit() + 2)];
    view.get(data);
    scan(data, data.length, available > data.length, options, handler);
  }

  /** Scans {@code data[0, length)}; {@code moreBeyond} says the body continued past it. */
  static void scan(
      byte[] data, int length, boolean moreBeyond, ParseOptions options, RobotsParseHandler handler) {
    if (options.profile() == Profile.RFC_9309 && isUtf16(data, length)) {
      data = transcodeUtf16(data, length);
      length = data.length;
    }
    int start = bomLength(data, length);
    int end = length;
    boolean truncated = moreBeyond;
    if (end - start > options.parseLimit()) {
      end = start + options.parseLimit();
      truncated = true;
    }
    int maxLine = options.profile() == Profile.GOOGLE ? GOOGLE_MAX_LINE : Integer.MAX_VALUE;
    boolean issues = handler.wantsIssues();
    handler.onStart();
    int line = 0;
    int pos = start;
    while (pos < end) {
      line++;
      int lineEnd = pos;
      while (lineEnd < end && data[lineEnd] != '\n' && data[lineEnd] != '\r') {
        lineEnd++;
      }
      int contentEnd = lineEnd;
      if (contentEnd - pos > maxLine) {
        contentEnd = pos + maxLine;
        if (issues) {
          handler.onIssue(line, maxLine + 1, LineIssue.LINE_CUT);
        }
      }
      LineScanner.scanLine(data, pos, contentEnd, line, issues, handler);
      pos = lineEnd;
      if (pos < end) {
        pos += (data[pos] == '\r' && pos + 1 < end && data[pos + 1] == '\n') ? 2 : 1;
      }
    }
    if (truncated && issues) {
      handler.onIssue(Math.max(line, 1), 1, LineIssue.CONTENT_PAST_LIMIT);
    }
    handler.onEnd(line, truncated);
  }

  private static int bomLength(byte[] d, int length) {
    if (length > 0 && d[0] == (byte) 0xEF) {
      if (length > 1 && d[1] == (byte) 0xBB) {
        return length > 2 && d[2] == (byte) 0xBF ? 3 : 2;
      }
      return 1;
    }
    return 0;
  }

  private static boolean isUtf16(byte[] d, int length) {
    return length >= 2
        && ((d[0] == (byte) 0xFE && d[1] == (byte) 0xFF) || (d[0] == (byte) 0xFF && d[1] == (byte) 0xFE));
  }

  private static byte[] transcodeUtf16(byte[] d, int length) {
    boolean bigEndian = d[0] == (byte) 0xFE;
    int evenLength = (length - 2) & ~1;
    String text = new String(d, 2, evenLength,
        bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE);
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
