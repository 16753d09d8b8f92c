package io.github.reactiverobots.core.parse;

import java.util.Objects;

/**
 * A record kept as written: {@code host}, {@code clean-param}, or a key the parser does not know.
 * Key and value are shown as text (UTF-8 decoded). Immutable.
 *
 * @param line the 1-based line number
 * @param key the key as written
 * @param value the value as written
 */
public record OtherRecord(int line, String key, String value) {
  public OtherRecord {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }
}
