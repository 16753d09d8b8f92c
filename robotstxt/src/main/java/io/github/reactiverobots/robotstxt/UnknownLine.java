package io.github.reactiverobots.robotstxt;

import java.nio.charset.StandardCharsets;

/**
 * A {@code key: value} line whose key is not a directive the parser knows, as the scanner hands it
 * to {@link ScanHandler#onUnknown(UnknownLine)}: a view of the scanner's bytes, read by named
 * accessors, whose strings are made only when asked for. Valid only during that call: a handler
 * keeps {@link #key()} and {@link #value()}, never the view. Immutable; confined to the scanning
 * thread.
 */
final class UnknownLine {
  private final int line;
  private final int keyColumn;
  private final byte[] data;
  private final int keyFrom;
  private final int keyTo;
  private final int valueFrom;
  private final int valueTo;

  UnknownLine(
      int line, int keyColumn, byte[] data, int keyFrom, int keyTo, int valueFrom, int valueTo) {
    this.line = line;
    this.keyColumn = keyColumn;
    this.data = data;
    this.keyFrom = keyFrom;
    this.keyTo = keyTo;
    this.valueFrom = valueFrom;
    this.valueTo = valueTo;
  }

  /**
   * The line.
   *
   * @return the 1-based line
   */
  public int line() {
    return line;
  }

  /**
   * Where the key starts.
   *
   * @return the 1-based byte column
   */
  public int keyColumn() {
    return keyColumn;
  }

  /**
   * The key as written.
   *
   * @return a byte string (one char per byte)
   */
  public String key() {
    return new String(data, keyFrom, keyTo - keyFrom, StandardCharsets.ISO_8859_1);
  }

  /**
   * The trimmed value.
   *
   * @return a byte string (one char per byte)
   */
  public String value() {
    return new String(data, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1);
  }

  /**
   * The scanner's array, for this package's builders (see {@link CompactBuilder} on keeping it).
   */
  byte[] data() {
    return data;
  }

  int keyFrom() {
    return keyFrom;
  }

  int keyTo() {
    return keyTo;
  }

  int valueFrom() {
    return valueFrom;
  }

  int valueTo() {
    return valueTo;
  }

  @Override
  public String toString() {
    return "UnknownLine[line=" + line + ", key=" + key() + ", value=" + value() + "]";
  }
}
