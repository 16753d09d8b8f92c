package io.github.reactiverobots.core.internal.aipref;

import io.github.reactiverobots.core.model.Preference;
import io.github.reactiverobots.core.model.UsageCategory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.greenbytes.http.sfv.Dictionary;
import org.greenbytes.http.sfv.ListElement;
import org.greenbytes.http.sfv.Parser;
import org.greenbytes.http.sfv.TokenItem;

/**
 * The only class that touches the Structured Fields library: loaded only once the library is
 * known to be there.
 */
final class SfvReader {
  private SfvReader() {}

  static PreferenceDictionary.Reading read(String text) {
    Map<String, ListElement<?>> entries;
    try {
      Dictionary dictionary = Parser.parseDictionary(text);
      entries = dictionary.get();
    } catch (RuntimeException e) {
      // The library signals a malformed dictionary with ParseException (an
      // IllegalArgumentException); anything else it throws on hostile input means the same.
      return PreferenceDictionary.Reading.UNPARSED;
    }
    int bits = UsageBits.UNKNOWN;
    List<String> unknownKeys = new ArrayList<>(0);
    List<String> badValues = new ArrayList<>(0);
    for (Map.Entry<String, ListElement<?>> e : entries.entrySet()) {
      var category = UsageCategory.ofLabel(e.getKey());
      if (category.isEmpty()) {
        unknownKeys.add(e.getKey());
        continue;
      }
      ListElement<?> value = e.getValue();
      String token = value instanceof TokenItem t ? t.get() : null;
      Preference p = "y".equals(token) ? Preference.ALLOW
          : "n".equals(token) ? Preference.DISALLOW : Preference.UNKNOWN;
      if (p == Preference.UNKNOWN) {
        badValues.add(e.getKey() + "=" + describe(value));
      }
      bits = UsageBits.with(bits, category.get(), p);
    }
    return new PreferenceDictionary.Reading(true, bits, List.copyOf(unknownKeys),
        List.copyOf(badValues));
  }

  private static String describe(ListElement<?> value) {
    try {
      return value.serialize();
    } catch (RuntimeException e) {
      return String.valueOf(value.get());
    }
  }
}
