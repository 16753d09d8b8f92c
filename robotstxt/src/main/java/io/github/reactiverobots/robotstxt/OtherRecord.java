package io.github.reactiverobots.robotstxt;

import java.util.Objects;

/**
 * A record kept as written: {@code host}, {@code clean-param}, or a key the parser does not know.
 * Key and value are shown as text (UTF-8 decoded). Immutable.
 *
 * @param line the 1-based line number
 * @param key {@code host} or {@code clean-param}, or an unknown key as written
 * @param value the value as written
 */
public record OtherRecord(int line, String key, String value) {
  /**
   * Checks key and value are present.
   *
   * @param line the 1-based line number
   * @param key the key
   * @param value the value
   * @throws NullPointerException if {@code key} or {@code value} is null
   */
  public OtherRecord {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }
}
